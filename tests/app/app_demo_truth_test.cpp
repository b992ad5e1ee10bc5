// Captions that tell the truth on any machine: each shipped demo has lines for a machine with a
// GPU and for one without (`if gpu` blocks, script_conditions.h), each a whole lecture; without a
// GPU no line asks for what only CUDA does (no fallback notices), and pcie-toll's captions quote
// the MB/frame the Timings overlay shows on the CPU twin. Fallback notices go to stderr and the
// panel's status, never over the teaching caption.
#include <gtest/gtest.h>
#include <cctype>

#include <cstdio>
#include <fstream>

#include "app_run_support.h"
#include "demo_scripts.h"
#include "gs/data_paths.h"
#include "script_conditions.h"
#include "script_parser.h"

namespace gs::test {
namespace {

std::vector<app::ScriptLine> demo_lines(const std::string& name, app::Machine machine) {
  const std::filesystem::path path = data_directory() / "assets" / "demos" / (name + ".gs");
  Expected<std::vector<app::ScriptLine>> lines = app::load_script(path);
  EXPECT_TRUE(lines) << lines.message();
  return lines ? app::lines_for_machine(std::move(lines).value(), machine)
               : std::vector<app::ScriptLine>{};
}

// The numbers written right before each `unit` in `text` ("8.3" in "8.3 MB/frame").
std::vector<std::string> numbers_before(const std::string& text, const std::string& unit) {
  std::vector<std::string> numbers;
  for (std::size_t at = text.find(unit); at != std::string::npos; at = text.find(unit, at + 1)) {
    std::size_t start = at;
    while (start > 0 &&
           (std::isdigit(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '.'))
      --start;
    if (start < at) numbers.push_back(text.substr(start, at - start));
  }
  return numbers;
}

std::vector<std::string> captions_of(const std::vector<app::ScriptLine>& lines) {
  std::vector<std::string> captions;
  for (const app::ScriptLine& line : lines)
    if (const auto* caption = std::get_if<app::command::Caption>(&line.command))
      captions.push_back(caption->text);
  return captions;
}

// A line that only CUDA honours: where it does not run, it falls back with a notice.
bool cuda_only(const app::Command& command) {
  if (const auto* backend = std::get_if<app::command::SelectBackend>(&command))
    return backend->choice == BackendChoice::Cuda;
  if (const auto* set = std::get_if<app::command::SetSimulation>(&command))
    return set->control == app::SimulationControl::Block ||
           set->control == app::SimulationControl::Kernel;
  return false;
}

TEST(AppDemoTruth, EachDemoIsALectureWithCudaOnAGpuWithoutItAndWithoutOne) {
  const std::vector<app::DemoScript> demos = app::list_demos(data_directory() / "assets" / "demos");
  ASSERT_EQ(demos.size(), 6u);
  for (const app::DemoScript& demo : demos) {
    SCOPED_TRACE(demo.name);
    const std::vector<app::ScriptLine> gpu = demo_lines(demo.name, app::Machine::Cuda);
    const std::vector<app::ScriptLine> gl = demo_lines(demo.name, app::Machine::Gl);
    const std::vector<app::ScriptLine> twin = demo_lines(demo.name, app::Machine::Cpu);
    // Its own captions for a machine without a GPU, and for one without CUDA.
    EXPECT_NE(captions_of(gpu), captions_of(twin));
    EXPECT_NE(captions_of(gpu), captions_of(gl));
    EXPECT_NE(captions_of(gl), captions_of(twin));
    for (const app::Machine machine : {app::Machine::Cuda, app::Machine::Gl, app::Machine::Cpu}) {
      SCOPED_TRACE(app::describe(machine));
      const bool with_gpu = machine == app::Machine::Cuda;
      const std::vector<app::ScriptLine>& lines =
          with_gpu ? gpu : (machine == app::Machine::Gl ? gl : twin);
      ASSERT_FALSE(lines.empty());
      EXPECT_EQ(lines.front().text, "set presentation on");
      double seconds = 0;
      for (const app::ScriptLine& line : lines) {
        if (const auto* wait = std::get_if<app::command::Wait>(&line.command))
          seconds += wait->seconds;
        EXPECT_FALSE(std::holds_alternative<app::command::Quit>(line.command)) << line.text;
        if (!with_gpu) {
          EXPECT_FALSE(cuda_only(line.command)) << line.number << ": " << line.text;
        }
      }
      EXPECT_GE(captions_of(lines).size(), 5u);
      EXPECT_GT(seconds, 30.0);
      EXPECT_LE(seconds, 90.0);
      EXPECT_TRUE(std::holds_alternative<app::command::Caption>(lines.back().command))
          << "ends with " << lines.back().text;
    }
  }
}

// pcie-toll on this machine's lines, every wait cut to a fiftieth, through the real app: at its
// end the Timings describe its last configuration. A caption that does not begin "On a GPU" talks
// about this machine, and every MB/frame it quotes is the overlay's.
TEST(AppDemoTruthTiming, PcieTollWithoutAGpuQuotesTheOverlaysMegabytes) {
  if (app::machine_here() != app::Machine::Cpu)
    GTEST_SKIP() << "this machine has a GPU: its lines run";
  ScratchDir dir;
  std::ifstream in(data_directory() / "assets" / "demos" / "pcie-toll.gs");
  std::string script;
  for (std::string line; std::getline(in, line);)
    script +=
        (line.rfind("wait ", 0) == 0 ? "wait " + std::to_string(std::stod(line.substr(5)) / 50)
                                     : line) +
        "\n";
  const ProgramResult app = run_app_headless(dir, script + "wait-timings\nquit\n",
                                             {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  EXPECT_EQ(app.err.find("grayscott:"), std::string::npos) << "no notice, no error: " << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_EQ(stats["transfer"], "upload");
  ASSERT_TRUE(stats["timings"]["fresh"].get<bool>());
  char overlay[32];  // as the overlay writes it
  std::snprintf(overlay, sizeof overlay, "%.1f",
                stats["timings"]["pcie_mb_per_frame"].get<double>());
  EXPECT_STREQ(overlay, "8.3") << "1920 x 1080 floats a frame";

  int quoted = 0;
  for (const std::string& caption : captions_of(demo_lines("pcie-toll", app::Machine::Cpu))) {
    if (caption.rfind("On a GPU", 0) == 0) continue;
    for (const std::string& megabytes : numbers_before(caption, " MB"))
      EXPECT_NE(megabytes, "0") << caption;
    for (const std::string& per_frame : numbers_before(caption, " MB/frame")) {
      EXPECT_EQ(per_frame, overlay) << caption;
      ++quoted;
    }
  }
  EXPECT_GE(quoted, 2) << "the no-GPU captions name this machine's figure";
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

// The guide's own-lecture example without its `if gpu` block, run where no GPU is: the captions
// name the host path and its 16.6 MB/frame, which this machine does not show; the run warns as
// the script loads, once for each, and runs as written.
TEST(AppDemoTruth, ACaptionSayingWhatThisMachineDoesNotShowWarnsAsTheScriptLoads) {
  if (app::cuda_runs_here()) GTEST_SKIP() << "this machine runs CUDA: the host path runs";
  ScratchDir dir;
  const ProgramResult app = run_app_headless(
      dir,
      "size 192 108\ntransfer host\ncaption host: down to host memory and back up, 16.6 MB/frame\n"
      "run-frames 2\nquit\n");
  EXPECT_EQ(app.exit_code, 0) << app.err;
  EXPECT_NE(app.err.find("script.gs:3: warning: the caption is about the host path, but this "
                         "machine shows upload"),
            std::string::npos)
      << app.err;
  EXPECT_NE(app.err.find("script.gs:3: warning: the caption says 16.6 MB/frame, but this "
                         "machine's Timings show 0.1 MB/frame there (upload of 192x108)"),
            std::string::npos)
      << app.err;
}

}  // namespace
}  // namespace gs::test
