// Bad input to the real grayscott-batch binary: every case must end with a non-zero exit, ONE
// line on stderr that names the problem, and no file left behind (no output, no hidden
// temporary). Each case names output files in its scratch folder so that leftovers would show.
#include <dlfcn.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "bad_input_support.h"
#include "gs/backend_factory.h"
#include "gs/initial_conditions.h"
#include "gs/state_file.h"
#include "hdf5_test_files.h"
#include "run_program.h"

namespace gs::test {
namespace {

// ---- input files the cases start from ----

void write_valid_state(const ScratchDir& dir) {
  const Fields fields = make_initial_fields({32, 24}, InitPattern::Square, 1);
  ASSERT_TRUE(write_state(dir / "in.h5", fields, Params{}, 0));
}

void write_text_file(const ScratchDir& dir) {
  std::ofstream(dir / "in.h5") << "not HDF5\n";
}

void write_empty_file(const ScratchDir& dir) {
  std::ofstream(dir / "in.h5").flush();
}

void write_u_only(const ScratchDir& dir) {
  write_datasets(dir / "in.h5", {{"u", Element::Float32, {24, 32}, {}}});
}

// The crash of a state file whose attribute is an array (it overflowed a stack buffer).
void write_array_attribute_F(const ScratchDir& dir) {
  write_valid_state(dir);
  write_array_attribute(dir / "in.h5", "F", 8);
}

void write_diverged_state(const ScratchDir& dir) {
  Fields fields = make_initial_fields({32, 24}, InitPattern::Square, 1);
  fields.v[5 * 32 + 7] = std::numeric_limits<float>::quiet_NaN();
  ASSERT_TRUE(write_state(dir / "in.h5", fields, Params{}, 0));
}

void write_lzf_compressed(const ScratchDir& dir) {
  write_lzf_filtered_state(dir / "in.h5", 24, 32);
}

void write_lzf_compressed_as_h5py_does(const ScratchDir& dir) {
  write_lzf_filtered_state(dir / "in.h5", 24, 32, true);
}

void write_symlink_loop(const ScratchDir& dir) {
  std::filesystem::create_symlink(dir / "loop.h5", dir / "in.h5");
  std::filesystem::create_symlink(dir / "in.h5", dir / "loop.h5");
}

void write_integer_u(const ScratchDir& dir) {
  write_datasets(dir / "in.h5",
                 {{"u", Element::Int32, {24, 32}, {}}, {"v", Element::Float32, {24, 32}, {}}});
}

void write_mismatched_shapes(const ScratchDir& dir) {
  write_datasets(dir / "in.h5",
                 {{"u", Element::Float32, {24, 32}, {}}, {"v", Element::Float32, {24, 31}, {}}});
}

void write_one_dimensional(const ScratchDir& dir) {
  write_datasets(dir / "in.h5",
                 {{"u", Element::Float32, {768}, {}}, {"v", Element::Float32, {768}, {}}});
}

void write_empty_datasets(const ScratchDir& dir) {
  write_datasets(dir / "in.h5",
                 {{"u", Element::Float32, {0, 32}, {}}, {"v", Element::Float32, {0, 32}, {}}});
}

void make_subfolder(const ScratchDir& dir) {
  std::filesystem::create_directory(dir / "existing");
}

struct BadInputCase {
  std::string name;
  Args args;                                     // see in_folder()
  std::vector<std::string> words;                // each must appear in the error line
  std::function<void(const ScratchDir&)> setup;  // makes the input files, or nothing
};

void PrintTo(const BadInputCase& c, std::ostream* os) {
  *os << c.name << ":";
  for (const std::string& arg : c.args) *os << " " << arg;
}

const Args kIn{"--input", "@/in.h5"};

const BadInputCase kCases[] = {
    // Grid sizes.
    {"WidthZero", Args{"--width", "0", "--height", "24"} + kFrames + kOutput, {"width"}, {}},
    {"HeightZero", Args{"--width", "32", "--height", "0"} + kFrames + kOutput, {"height"}, {}},
    {"WidthNegative", Args{"--width", "-5", "--height", "24"} + kFrames + kOutput, {"width"}, {}},
    {"WidthNegativeWithEquals",
     Args{"--width=-5", "--height", "24"} + kFrames + kOutput,
     {"width"},
     {}},
    {"WidthTooLarge",
     Args{"--width", "99999999", "--height", "24"} + kFrames + kOutput,
     {"width", "too large"},
     {}},
    {"GridTooLargeForMemory",
     Args{"--width", "1000000", "--height", "1000000"} + kFrames + kOutput,
     {"memory", "GB"},
     {}},
    {"WidthNotANumber",
     Args{"--width", "abc", "--height", "24"} + kFrames + kOutput,
     {"--width"},
     {}},
    // NaN, infinity, negative, unstable.
    {"FeedNaN", kGrid + Args{"--F", "nan"} + kFrames + kOutput, {"F", "finite"}, {}},
    {"KillInfinite", kGrid + Args{"--k", "inf"} + kFrames + kOutput, {"k", "finite"}, {}},
    {"DiffusionNegative", kGrid + Args{"--Du", "-0.1"} + kFrames + kOutput, {"Du", "negative"}, {}},
    {"TimeStepZero", kGrid + Args{"--dt", "0"} + kFrames + kOutput, {"dt"}, {}},
    {"TimeStepNaN", kGrid + Args{"--dt", "nan"} + kFrames + kOutput, {"dt", "finite"}, {}},
    // Rates that are not the model's, and a reaction's decay an explicit step overshoots.
    {"FeedPastOne",
     kGrid + Args{"--F", "10"} + kFrames + kOutput,
     {"F 10 is not a Gray-Scott rate", "between 0 and 1"},
     {}},
    {"StyleKillPastOne",
     kGrid + Args{"--style-gradient", "x", "--style-k", "1e30"} + kFrames + kOutput,
     {"style B's k 1.00000002e+30 is not a Gray-Scott rate"},
     {}},
    {"DecayOvershoots",
     kGrid + Args{"--F", "0.95", "--k", "0.95", "--dt", "1.1"} + kFrames + kOutput,
     {"dt * (F + k) = 2.09", "limit 2 of the reaction's decay"},
     {}},
    {"Unstable",
     kGrid + Args{"--laplacian", "course", "--Du", "0.5", "--dt", "1"} + kFrames + kOutput,
     {"limit"},
     {}},
    // Unknown names.
    {"UnknownPreset",
     kGrid + Args{"--preset", "nosuchpreset"} + kFrames + kOutput,
     {"nosuchpreset", "course", "coral"},
     {}},
    {"UnknownLaplacian",
     kGrid + Args{"--laplacian", "foo"} + kFrames + kOutput,
     {"--laplacian", "foo"},
     {}},
    {"UnknownBoundary",
     kGrid + Args{"--boundary", "foo"} + kFrames + kOutput,
     {"--boundary", "foo"},
     {}},
    {"UnknownInit", kGrid + Args{"--init", "foo"} + kFrames + kOutput, {"--init", "foo"}, {}},
    {"UnknownCpuPath",
     kGrid + Args{"--cpu-path", "blocked"} + kFrames + kOutput,
     {"--cpu-path", "blocked"},
     {}},
    {"StepsPerPassTooLarge",
     kGrid + Args{"--steps-per-pass", "65"} + kFrames + kOutput,
     {"--steps-per-pass", "65"},
     {}},
    {"StepsPerPassNegative",
     kGrid + Args{"--steps-per-pass=-1"} + kFrames + kOutput,
     {"--steps-per-pass"},
     {}},
    {"TwinLoopOnCuda",
     kGrid + Args{"--backend", "cuda", "--cpu-path", "reference"} + kFrames + kOutput,
     {"--cpu-path", "cpu backend"},
     {}},
    {"UnknownBackend",
     kGrid + Args{"--backend", "foo"} + kFrames + kOutput,
     {"--backend", "foo"},
     {}},
    // Step and frame counts.
    {"StepsNegative", kGrid + Args{"--steps", "-1"} + kOutput, {"--steps"}, {}},
    {"FramesZero",
     kGrid + Args{"--frames", "0", "--steps-per-frame", "2", "--frames-output", "@/frames.h5"} +
         kOutput,
     {"--frames"},
     {}},
    {"FramesWithoutStepsPerFrame",
     kGrid + Args{"--frames", "2", "--frames-output", "@/frames.h5"} + kOutput,
     {"--steps-per-frame"},
     {}},
    {"FramesOutputWithoutFrames",
     kGrid + Args{"--frames-output", "@/frames.h5"} + kOutput,
     {"--frames-output"},
     {}},
    {"StepsWithFrames",
     kGrid + Args{"--steps", "3"} + kFrames + kOutput,
     {"--steps", "--frames"},
     {}},
    // A frames file holds at most 2^31 - 1 frames (an int); past that --frames is too large.
    {"FramesPastTwoToThe31",
     kGrid +
         Args{"--frames", "2147483649", "--steps-per-frame", "1", "--frames-output",
              "@/frames.h5"} +
         kOutput,
     {"--frames", "too large"},
     {}},
    {"FramesTwoToThe31",
     kGrid +
         Args{"--frames", "2147483648", "--steps-per-frame", "1", "--frames-output",
              "@/frames.h5"} +
         kOutput,
     {"--frames", "too large"},
     {}},
    // --input.
    {"InputMissing", Args{"--input", "@/missing.h5"} + kFrames + kOutput, {"missing.h5"}, {}},
    {"InputNotHdf5", kIn + kFrames + kOutput, {"in.h5", "HDF5"}, write_text_file},
    {"InputEmptyFile", kIn + kFrames + kOutput, {"in.h5", "HDF5"}, write_empty_file},
    {"InputWithoutV", kIn + kFrames + kOutput, {"in.h5", "'v'"}, write_u_only},
    {"InputIntegerU", kIn + kFrames + kOutput, {"'u'", "float"}, write_integer_u},
    // The real reason, not HDF5's guess ("no such file", "a plugins folder").
    {"InputCompressedWithAMissingFilter",
     kIn + kFrames + kOutput,
     {"in.h5", "'u'", "filter 'lzf'", "32000"},
     write_lzf_compressed},
    {"InputCompressedWithAMissingOptionalFilter",
     kIn + kFrames + kOutput,
     {"in.h5", "'u'", "filter 'lzf'", "32000"},
     write_lzf_compressed_as_h5py_does},
    {"InputSymlinkLoop", kIn + kFrames + kOutput, {"in.h5", "symbolic links"}, write_symlink_loop},
    {"InputDiverged", kIn + kFrames + kOutput, {"in.h5", "NaN", "7,5"}, write_diverged_state},
    // A run that diverges fails and writes nothing: no NaN state, no frames file.
    {"RunDiverges",
     kIn + Args{"--frames", "10", "--steps-per-frame", "10", "--frames-output", "@/frames.h5"} +
         kOutput,
     {"diverged", "with F 0.", "nothing written"},
     [](const ScratchDir& dir) {
       write_overflowing_state(dir / "in.h5", {32, 24});
     }},
    {"AtTheStabilityLimit",
     kGrid + Args{"--Du", "0.25", "--Dv", "0.25", "--dt", "1", "--laplacian", "five-point",
                  "--frames", "40", "--steps-per-frame", "20", "--output", "@/out.h5"},
     {"= 2 reaches the explicit-Euler limit 2", "dt < 1 here"},
     {}},
    {"JustPastTheStabilityLimit",
     kGrid + Args{"--Du", "0.2500001", "--laplacian", "five-point"} + kFrames + kOutput,
     {"= 2.00000072", "limit 2"},
     {}},
    {"KeepDivergedWithoutOutput",
     kGrid + Args{"--keep-diverged", "--steps", "5"},
     {"--keep-diverged", "--output"},
     {}},
    {"InputArrayAttribute",
     kIn + kFrames + kOutput,
     {"in.h5", "attribute 'F'", "8 values"},
     write_array_attribute_F},
    {"InputShapesDiffer", kIn + kFrames + kOutput, {"in.h5", "shape"}, write_mismatched_shapes},
    {"InputOneDimensional", kIn + kFrames + kOutput, {"in.h5", "dimension"}, write_one_dimensional},
    {"InputEmptyDatasets", kIn + kFrames + kOutput, {"in.h5", "height"}, write_empty_datasets},
    {"InputWithInit",
     kIn + Args{"--init", "noise"} + kFrames + kOutput,
     {"--init", "--input"},
     write_valid_state},
    {"InputWidthDisagrees",
     kIn + Args{"--width", "33"} + kFrames + kOutput,
     {"--width", "32x24"},
     write_valid_state},
    // Outputs that cannot be written.
    {"OutputFolderMissing",
     kGrid + kFrames + Args{"--output", "/nonexistent-dir/out.h5"},
     {"/nonexistent-dir/out.h5"},
     {}},
    // /proc takes no new files, even from root (CI runs as root).
    {"FramesOutputUnwritableEvenForRoot",
     kGrid + Args{"--frames", "2", "--steps-per-frame", "2", "--frames-output", "/proc/frames.h5"} +
         kOutput,
     {"/proc/frames.h5"},
     {}},
    {"OutputIsAFolder",
     kGrid + kFrames + Args{"--output", "@/existing"},
     {"existing", "directory"},
     make_subfolder},
    {"OutputAndFramesOutputSameFile",
     kGrid + Args{"--frames", "2", "--steps-per-frame", "2", "--frames-output", "@/same.h5",
                  "--output", "@/same.h5"},
     {"same file"},
     {}},
    // The same file spelled differently must be caught too, or the state overwrites the frames.
    {"OutputAndFramesOutputSameFileViaDot",
     kGrid + Args{"--frames", "2", "--steps-per-frame", "2", "--frames-output", "@/./same.h5",
                  "--output", "@/same.h5"},
     {"same file"},
     {}},
};

class BadInput : public testing::TestWithParam<BadInputCase> {};

TEST_P(BadInput, FailsWithOneLineAndLeavesNoFile) {
  const BadInputCase& c = GetParam();
  ScratchDir dir;
  if (c.setup) c.setup(dir);
  const std::vector<std::string> before = dir.entries();
  const ProgramResult result = run_batch(in_folder(c.args, dir));
  expect_one_line_error(result, c.words);
  EXPECT_EQ(dir.entries(), before) << "files left behind";
}

INSTANTIATE_TEST_SUITE_P(Cases, BadInput, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<BadInputCase>& param) {
                           return param.param.name;
                         });

TEST(BadInputOther, PresetNamesMatchCaseInsensitively) {
  ScratchDir dir;
  const ProgramResult result =
      run_batch({"--width", "32", "--height", "24", "--steps", "2", "--preset", "CORAL", "--output",
                 (dir / "out.h5").string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"out.h5", "out.xmf"}));
}

TEST(BadInputOther, CudaBackendWhereThereIsNone) {
  for (const BackendReport& backend : list_backends())
    if (backend.name == "cuda" && backend.available) GTEST_SKIP() << "this machine can run cuda";
  ScratchDir dir;
  const ProgramResult result =
      run_batch(in_folder(kGrid + Args{"--backend", "cuda"} + kFrames + kOutput, dir));
  expect_one_line_error(result, {"cuda"});
  EXPECT_TRUE(dir.entries().empty()) << "files left behind";
}

// Without any NVIDIA driver the reason says so: the CUDA runtime's own words ("CUDA driver
// version is insufficient") suggested a driver update to a machine that has no driver at all.
TEST(BadInputOther, CudaWithoutAnyNvidiaDriverSaysSo) {
#if !GS_HAVE_CUDA
  GTEST_SKIP() << "CUDA is not compiled in";
#endif
  if (void* driver = ::dlopen("libcuda.so.1", RTLD_LAZY)) {
    ::dlclose(driver);
    GTEST_SKIP() << "this machine has an NVIDIA driver";
  }
  ScratchDir dir;
  const ProgramResult result =
      run_batch(in_folder(kGrid + Args{"--backend", "cuda"} + kFrames + kOutput, dir));
  expect_one_line_error(result, {"no NVIDIA driver (libcuda.so.1 is not installed)"});
  const ProgramResult listed = run_batch({"--list-backends"});
  EXPECT_NE(listed.out.find("cuda  compiled in, unavailable: no NVIDIA driver"), std::string::npos)
      << listed.out;
}

TEST(BadInputOther, FramesOutputInReadOnlyFolder) {
  if (geteuid() == 0) GTEST_SKIP() << "running as root: folder permissions are not enforced";
  ScratchDir dir;
  const std::filesystem::path locked = dir / "locked";
  std::filesystem::create_directory(locked);
  ASSERT_EQ(chmod(locked.c_str(), 0555), 0);
  const ProgramResult result = run_batch(
      {"--width", "32", "--height", "24", "--frames", "2", "--steps-per-frame", "2",
       "--frames-output", (locked / "frames.h5").string(), "--output", (dir / "out.h5").string()});
  chmod(locked.c_str(), 0755);  // so the scratch folder can be removed
  expect_one_line_error(result, {"frames.h5"});
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"locked"});
  EXPECT_TRUE(std::filesystem::is_empty(locked)) << "files left in the read-only folder";
}

// ---- Ctrl-C ----

// --keep-diverged: the run still fails, and --output holds the last state that was finite.
TEST(BadInputRuns, KeepDivergedWritesTheLastFiniteState) {
  ScratchDir dir;
  write_overflowing_state(dir / "in.h5", {48, 32});
  const ProgramResult result =
      run_batch({"--input", (dir / "in.h5").string(), "--frames", "40", "--steps-per-frame", "1",
                 "--output", (dir / "kept.h5").string(), "--keep-diverged"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("diverged"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("kept.h5"), std::string::npos) << result.err;
  Expected<StateFile> kept = read_state(dir / "kept.h5");
  ASSERT_TRUE(kept) << kept.message();
  EXPECT_FALSE(first_non_finite_cell(kept->fields)) << "the kept state is finite";
  ASSERT_TRUE(kept->step);
  EXPECT_GT(*kept->step, 0);
  EXPECT_LT(*kept->step, 40) << "it diverged before the end";
}

}  // namespace
}  // namespace gs::test
