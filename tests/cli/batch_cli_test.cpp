// What the real grayscott-batch binary does when all is well: the files it writes (read back
// bit for bit), determinism, --input round trips, the frames file's layout, the JSON summary,
// --bench, --list-backends, --help and --version.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "gs/backend_factory.h"
#include "gs/initial_conditions.h"
#include "gs/presets.h"
#include "gs/state_file.h"
#include "hdf5_test_files.h"
#include "run_program.h"

namespace gs::test {
namespace {

const Args kCliGrid{"--width", "32", "--height", "24"};
constexpr GridSize kSize{32, 24};

Args operator+(Args a, const Args& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool same_bits(const FieldData& a, const FieldData& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Runs the program, which must succeed, and reads back the state file it wrote.
StateFile run_to_state(const Args& args, const std::filesystem::path& output) {
  const ProgramResult result = run_batch(args + Args{"--output", output.string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  Expected<StateFile> state = read_state(output);
  if (!state) {
    ADD_FAILURE() << state.message();
    return {};
  }
  return std::move(state).value();
}

TEST(BatchCli, StepsZeroWritesTheStartingState) {
  ScratchDir dir;
  const StateFile state =
      run_to_state(kCliGrid + Args{"--seed", "5", "--steps", "0"}, dir / "s.h5");
  const Fields expected = make_initial_fields(kSize, InitPattern::Square, 5);
  EXPECT_EQ(state.fields.size, kSize);
  EXPECT_TRUE(same_bits(state.fields.u, expected.u));
  EXPECT_TRUE(same_bits(state.fields.v, expected.v));
  ASSERT_TRUE(state.step.has_value());
  EXPECT_EQ(*state.step, 0);
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"s.h5", "s.xmf"}));  // and its description
}

TEST(BatchCli, SameSeedSameBitsOtherSeedOtherFields) {
  ScratchDir dir;
  const Args run = kCliGrid + Args{"--init", "noise", "--steps", "20", "--seed"};
  const StateFile first = run_to_state(run + Args{"7"}, dir / "a.h5");
  const StateFile again = run_to_state(run + Args{"7"}, dir / "b.h5");
  const StateFile other = run_to_state(run + Args{"8"}, dir / "c.h5");
  EXPECT_TRUE(same_bits(first.fields.u, again.fields.u));
  EXPECT_TRUE(same_bits(first.fields.v, again.fields.v));
  EXPECT_FALSE(same_bits(first.fields.u, other.fields.u));
  EXPECT_FALSE(same_bits(first.fields.v, other.fields.v));
}

TEST(BatchCli, ContinuingFromAStateFileEqualsOneLongRun) {
  ScratchDir dir;
  const Args start = kCliGrid + Args{"--init", "spots", "--seed", "3", "--preset", "pearson-kappa"};
  const StateFile a = run_to_state(start + Args{"--steps", "30"}, dir / "a.h5");
  const StateFile b =
      run_to_state({"--input", (dir / "a.h5").string(), "--steps", "30"}, dir / "b.h5");
  const StateFile c = run_to_state(start + Args{"--steps", "60"}, dir / "c.h5");
  EXPECT_FALSE(same_bits(a.fields.v, c.fields.v)) << "30 more steps changed nothing";
  EXPECT_TRUE(same_bits(b.fields.u, c.fields.u));
  EXPECT_TRUE(same_bits(b.fields.v, c.fields.v));
  EXPECT_EQ(b.step.value_or(-1), 60);
  EXPECT_EQ(b.params.F, c.params.F);  // the preset's parameters came along in a.h5
  EXPECT_EQ(b.params.laplacian, c.params.laplacian);
}

TEST(BatchCli, InputWithOnlyFieldsTakesTheExplicitOptions) {
  ScratchDir dir;
  const Fields fields = make_initial_fields(kSize, InitPattern::Spots, 9);
  const std::vector<std::size_t> dims{24, 32};
  write_datasets(dir / "in.h5",
                 {{"u", Element::Float32, dims, {fields.u.begin(), fields.u.end()}},
                  {"v", Element::Float32, dims, {fields.v.begin(), fields.v.end()}}});
  const StateFile state = run_to_state(
      {"--input", (dir / "in.h5").string(), "--preset", "coral", "--steps", "0"}, dir / "s.h5");

  Expected<PresetLibrary> presets = load_default_presets();
  ASSERT_TRUE(presets) << presets.message();
  const Preset* coral = presets->find("coral");
  ASSERT_NE(coral, nullptr);
  EXPECT_EQ(state.fields.size, kSize);  // the grid comes from the file
  EXPECT_TRUE(same_bits(state.fields.u, fields.u));
  EXPECT_TRUE(same_bits(state.fields.v, fields.v));
  EXPECT_EQ(state.params.F, coral->params.F);
  EXPECT_EQ(state.params.k, coral->params.k);
  EXPECT_EQ(state.params.Du, coral->params.Du);
  EXPECT_EQ(state.params.Dv, coral->params.Dv);
  EXPECT_EQ(state.params.laplacian, coral->params.laplacian);
  EXPECT_EQ(state.step.value_or(-1), 0);
}

TEST(BatchCli, ExplicitOptionsOverrideTheFilesAttributes) {
  ScratchDir dir;
  Params in_file;
  in_file.F = 0.03f;
  in_file.k = 0.061f;
  in_file.laplacian = Laplacian::FivePoint;
  ASSERT_TRUE(
      write_state(dir / "in.h5", make_initial_fields(kSize, InitPattern::Square, 1), in_file, 100));
  const StateFile state = run_to_state(
      {"--input", (dir / "in.h5").string(), "--F", "0.05", "--steps", "0"}, dir / "s.h5");
  EXPECT_EQ(float(read_double_attribute(dir / "s.h5", "F")), 0.05f);
  EXPECT_EQ(state.params.F, 0.05f);
  EXPECT_EQ(state.params.k, 0.061f);  // not overridden: the file's value stays
  EXPECT_EQ(state.params.laplacian, Laplacian::FivePoint);
  EXPECT_EQ(state.step.value_or(-1), 100);
}

TEST(BatchCli, FramesFileHoldsEveryFrameOneChunkEach) {
  ScratchDir dir;
  const ProgramResult result =
      run_batch(kCliGrid + Args{"--frames", "3", "--steps-per-frame", "4", "--frames-output",
                                (dir / "f.h5").string(), "--output", (dir / "s.h5").string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"f.h5", "f.xmf", "s.h5", "s.xmf"}));
  const DatasetContents frames = read_dataset(dir / "f.h5", "frames");
  EXPECT_TRUE(frames.is_float32);
  EXPECT_EQ(frames.dims, (std::vector<std::size_t>{3, 24, 32}));
  EXPECT_EQ(frames.chunk, (std::vector<std::size_t>{1, 24, 32}));

  Expected<StateFile> state = read_state(dir / "s.h5");
  ASSERT_TRUE(state) << state.message();
  EXPECT_EQ(state->step.value_or(-1), 12);
  const std::size_t cells = kSize.cells();
  ASSERT_EQ(frames.values.size(), 3 * cells);
  const FieldData last(frames.values.begin() + std::ptrdiff_t(2 * cells), frames.values.end());
  const FieldData first(frames.values.begin(), frames.values.begin() + std::ptrdiff_t(cells));
  EXPECT_TRUE(same_bits(last, state->fields.v));
  EXPECT_FALSE(same_bits(first, last)) << "frames 0 and 2 are the same";
}

bool cuda_available() {
  for (const BackendReport& backend : list_backends())
    if (backend.name == "cuda" && backend.available) return true;
  return false;
}

TEST(BatchCli, JsonSummary) {
  const ProgramResult result = run_batch(kCliGrid + Args{"--steps", "50", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json summary = nlohmann::json::parse(result.out);  // throws if not JSON
  EXPECT_EQ(summary.at("width"), 32);
  EXPECT_EQ(summary.at("height"), 24);
  EXPECT_EQ(summary.at("steps"), 50);
  for (const char* part : {"compute", "transfer", "io"}) {
    ASSERT_TRUE(summary.at("seconds").at(part).is_number()) << part;
    EXPECT_GE(summary["seconds"][part].get<double>(), 0.0) << part;
  }
  EXPECT_GT(summary.at("seconds").at("compute").get<double>(), 0.0);
  EXPECT_GT(summary.at("mcells_per_s").get<double>(), 0.0);
  if (cuda_available()) GTEST_SKIP() << "cuda can run here: auto does not fall back to cpu";
  EXPECT_EQ(summary.at("backend"), "cpu");
  EXPECT_NE(summary.at("backend_reason").get<std::string>().find("cuda"), std::string::npos);
}

TEST(BatchCli, NoProgressBarWhenNotATerminal) {
  // The bar would appear after about a second, so the run must last longer than that: grow
  // the step count until it does.
  using Clock = std::chrono::steady_clock;
  long long steps = 200;
  for (int attempt = 0; attempt < 6; ++attempt) {
    const auto start = Clock::now();
    const ProgramResult result =
        run_batch({"--width", "128", "--height", "128", "--steps", std::to_string(steps)});
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    ASSERT_EQ(result.exit_code, 0) << result.err;
    if (seconds >= 1.4) {
      for (const std::string* stream : {&result.out, &result.err}) {
        EXPECT_EQ(stream->find('\r'), std::string::npos) << *stream;
        EXPECT_EQ(stream->find("[#"), std::string::npos) << *stream;
        EXPECT_EQ(stream->find("[."), std::string::npos) << *stream;
      }
      EXPECT_TRUE(result.err.empty()) << result.err;
      return;
    }
    steps = std::llround(double(steps) * std::clamp(1.6 / seconds, 1.2, 50.0));
  }
  FAIL() << "could not make a run last 1.4 s";
}

TEST(BatchCli, BenchPrintsATable) {
  const ProgramResult result =
      run_batch({"--bench", "--bench-seconds", "0.1", "--width", "64", "--height", "64"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  bool header = false;
  bool row = false;
  for (std::string line; std::getline(lines, line);) {
    header = header || line.find("Mcells/s") != std::string::npos;
    row = row || line.rfind("64x64", 0) == 0;
  }
  EXPECT_TRUE(header) << result.out;
  EXPECT_TRUE(row) << result.out;
}

// The twin's two loops, measured in one run: a row for each with its speed and share of the
// copy bandwidth, and their ratio.
TEST(BatchCli, BenchComparesTheTwinsFastAndReferenceLoops) {
  const ProgramResult result = run_batch(
      {"--bench", "--bench-seconds", "0.1", "--backend", "cpu", "--width", "96", "--height", "80"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  // Steps per second of compute of each loop, from the table's most precise columns.
  double fast = 0.0, reference = 0.0, ratio = 0.0, fast_s = 0.0, reference_s = 0.0;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string grid, path, copy_share;
    double steps = 0.0, ms_per_step = 0.0, mcells = 0.0, gb_per_s = 0.0, compute_s = 0.0;
    if (!(words >> grid >> path) || grid != "96x80") continue;
    if (path == "fast/reference:") {
      words >> ratio;
    } else {
      ASSERT_TRUE(words >> steps >> ms_per_step >> mcells >> gb_per_s >> copy_share >> compute_s)
          << line;
      EXPECT_EQ(copy_share.back(), '%') << "no share of the copy bandwidth: " << line;
      EXPECT_GT(mcells, 0.0) << line;
      (path == "fast" ? fast : reference) = steps / compute_s;
      (path == "fast" ? fast_s : reference_s) = compute_s;
    }
  }
  ASSERT_GT(fast, 0.0) << result.out;
  ASSERT_GT(reference, 0.0) << result.out;
  // The ratio is printed to two decimals, the compute times to milliseconds: each time's
  // rounding (half a millisecond) bounds how far the two may differ, however short a loaded
  // machine made the runs.
  const double rounding = 0.0005 / fast_s + 0.0005 / reference_s;
  EXPECT_NEAR(ratio, fast / reference, (0.01 + rounding) * ratio + 0.006) << result.out;
  EXPECT_NE(result.out.find("against: CPU twin, reference path"), std::string::npos) << result.out;
}

// Each loop with a style map beside the same loop without, in turns: a row for each and the
// ratio of their speeds.
TEST(BatchCli, BenchMeasuresEachLoopWithAStyleMap) {
  const ProgramResult result = run_batch(
      {"--bench", "--bench-seconds", "0.1", "--backend", "cpu", "--width", "64", "--height", "48"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  int rows = 0, ratios = 0;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string grid, path, next;
    if (!(words >> grid >> path >> next) || grid != "style-map") continue;
    double value = 0.0;
    if (next == "with") {
      const std::size_t at = line.find("without: ");
      ASSERT_NE(at, std::string::npos) << line;
      value = std::stod(line.substr(at + 9));
      ++ratios;
    } else {
      value = std::stod(next);  // the steps
      ++rows;
    }
    EXPECT_GT(value, 0.0) << line;
    EXPECT_TRUE(path == "fast" || path == "reference") << line;
  }
  EXPECT_EQ(rows, 2) << result.out;
  EXPECT_EQ(ratios, 2) << result.out;
}

// The real program on both loops, and on forced long passes: the same final state, bit for bit.
TEST(BatchCli, FastAndReferenceLoopsWriteTheSameState) {
  ScratchDir dir;
  const Args run = Args{"--backend", "cpu",    "--width", "70",      "--height",
                        "90",        "--init", "spots",   "--steps", "150"};
  const StateFile reference =
      run_to_state(run + Args{"--cpu-path", "reference"}, dir / "reference.h5");
  const StateFile fast = run_to_state(run + Args{"--cpu-path", "fast"}, dir / "fast.h5");
  const StateFile blocked =
      run_to_state(run + Args{"--steps-per-pass", "8", "--threads", "2"}, dir / "blocked.h5");
  for (const StateFile* other : {&fast, &blocked}) {
    EXPECT_TRUE(same_bits(other->fields.u, reference.fields.u));
    EXPECT_TRUE(same_bits(other->fields.v, reference.fields.v));
  }
  EXPECT_FALSE(
      same_bits(reference.fields.v, make_initial_fields({70, 90}, InitPattern::Spots, 1).v))
      << "the state must have moved";
}

TEST(BatchCli, ListBackends) {
  const ProgramResult result = run_batch({"--list-backends"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  std::vector<std::string> names;
  for (std::string line; std::getline(lines, line);)
    names.push_back(line.substr(0, line.find(' ')));
  EXPECT_NE(std::find(names.begin(), names.end(), "cpu"), names.end()) << result.out;
  EXPECT_NE(std::find(names.begin(), names.end(), "cuda"), names.end()) << result.out;
}

TEST(BatchCli, HelpAndVersion) {
  const ProgramResult help = run_batch({"--help"});
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_NE(help.out.find("--frames-output"), std::string::npos) << help.out;
  const ProgramResult version = run_batch({"--version"});
  EXPECT_EQ(version.exit_code, 0) << version.err;
  EXPECT_NE(version.out.find("grayscott-batch"), std::string::npos) << version.out;
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

TEST(BatchCli, UsageErrorsExitWithTwoAndRunErrorsWithOne) {
  EXPECT_EQ(run_batch({"--width", "abc"}).exit_code, 2);
  EXPECT_EQ(run_batch({"--laplacian", "seven-point"}).exit_code, 2);
  EXPECT_EQ(run_batch({"--no-such-option"}).exit_code, 2);
  EXPECT_EQ(run_batch({"--width", "0", "--steps", "1"}).exit_code, 2);
  EXPECT_EQ(run_batch({"--input", "/nonexistent/in.h5", "--steps", "1"}).exit_code, 1);
}

// A tiny file declaring a grid whose fields alone would fit in memory but whose run would not
// (the backend's pairs, the final state): refused before anything is allocated, with the sizes.
TEST(BatchCliTiming, ASmallFileDeclaringAGridTooLargeForTheRunIsRefusedUpFront) {
  const std::size_t available = available_memory_bytes();
  if (available == 0) GTEST_SKIP() << "the available memory is unknown here";
  // 16 bytes a cell fit (the read's 8 do), the run's 32 with --output do not.
  const std::size_t cells = available / 16;
  const std::size_t width = std::min<std::size_t>(1 << 20, cells / 1024);
  const std::size_t height = std::min<std::size_t>(1 << 20, cells / width);
  ScratchDir dir;
  write_declared_grid(dir / "declared.h5", height, width);
  ASSERT_LT(std::filesystem::file_size(dir / "declared.h5"), 64u * 1024);
  const auto start = std::chrono::steady_clock::now();
  const ProgramResult result = run_batch({"--input", (dir / "declared.h5").string(), "--steps", "1",
                                          "--output", (dir / "out.h5").string()});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("memory"), std::string::npos) << result.err;
  EXPECT_LT(seconds, 5.0) << "refused before reading or allocating";
  EXPECT_FALSE(std::filesystem::exists(dir / "out.h5"));
}

// Under `ulimit -v` the grid is refused before any allocation, naming the grid and the limit.
TEST(BatchCli, AGridPastTheAddressSpaceLimitIsRefusedNamingTheLimit) {
#if defined(GS_SANITIZED_BUILD)
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#endif
  struct rlimit before {};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &before), 0);
  const struct rlimit limited { rlim_t(1) << 30, before.rlim_max };  // 1 GiB of address space
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &limited), 0);
  const ProgramResult result = run_batch({"--backend", "cpu", "--width", "10000", "--height",
                                          "10000", "--steps", "1"});  // 0.8 GB of fields alone
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &before), 0);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const std::string refusal = "grayscott-batch: error: grid 10000x10000 needs ";
  EXPECT_TRUE(result.err.rfind(refusal, 0) == 0 &&
              result.err.find("(ulimit -v)\n") != std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace gs::test
