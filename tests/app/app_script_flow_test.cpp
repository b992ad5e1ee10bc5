// A script's flow through demos, and what a script names in its messages, through the real app
// headless: a `demo` line runs the demo before the script's next line and the script goes on
// once the demo has ended; a demo that starts itself (directly or through another) is refused
// with one line instead of running for ever; a demo whose name holds a space is started by the
// name the menu lists; a FIFO among the demos is no hang; a file name with a newline stays on
// one line of the message; a recording the grid's change stops is said on stderr and on the
// screen (the notice --stats-json reports), whether a `size` or a `load` changed it.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "app_run_support.h"
#include "demo_scripts.h"
#include "gs/data_paths.h"
#include "gs/state_file.h"

namespace gs::test {
namespace {

// The app's data (shaders, presets) with these demos as the only ones.
std::filesystem::path data_with_demos(
    const ScratchDir& dir, const std::vector<std::pair<std::string, std::string>>& demos) {
  const std::filesystem::path data = dir / "data";
  std::filesystem::create_directories(data / "assets" / "demos");
  std::filesystem::copy(data_directory() / "shaders", data / "shaders");
  std::filesystem::copy_file(data_directory() / "assets" / "presets.json",
                             data / "assets" / "presets.json");
  for (const auto& [name, text] : demos)
    std::ofstream(data / "assets" / "demos" / (name + ".gs")) << text;
  return data;
}

// The app headless as run_app_headless runs it, ended after 30 s: a script that never ends
// fails the test instead of hanging it.
ProgramResult run_with_data(const ScratchDir& dir, const std::filesystem::path& data,
                            const std::string& script_text, std::vector<std::string> extra = {}) {
  std::ofstream(dir / "script.gs") << script_text;
  std::vector<std::string> args = {"30",
                                   "/usr/bin/env",
                                   "-u",
                                   "DISPLAY",
                                   "-u",
                                   "WAYLAND_DISPLAY",
                                   "XDG_CONFIG_HOME=" + (dir / "config").string(),
                                   "GS_DATA_DIR=" + data.string(),
                                   GS_APP_BINARY,
                                   "--headless",
                                   "--script",
                                   (dir / "script.gs").string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_program("/usr/bin/timeout", args);
}

TEST(AppScriptFlow, TheLinesAfterADemoRunOnceItHasEnded) {
  ScratchDir dir;
  const std::filesystem::path data =
      data_with_demos(dir, {{"inner", "# Inner\nsize 32 32\nrun-frames 3\nscreenshot " +
                                          (dir / "inner.png").string() + "\n"}});
  const ProgramResult app = run_with_data(
      dir, data, "size 64 64\ndemo inner\nscreenshot " + (dir / "after.png").string() + "\nquit\n");
  EXPECT_EQ(app.exit_code, 0) << app.err;
  EXPECT_EQ(load_png(dir / "inner.png").width, 32) << "the demo did not run: " << app.err;
  // Taken after the demo: the demo's grid, not the one before it.
  const Image after = load_png(dir / "after.png");
  EXPECT_EQ(after.width, 32) << "the line after `demo` ran before the demo";
  EXPECT_EQ(after.height, 32);
}

TEST(AppScriptFlow, ADemoThatStartsItselfIsRefusedWithOneLine) {
  ScratchDir dir;
  const std::filesystem::path data =
      data_with_demos(dir, {{"loop", "# Loop\nstep 1\ndemo loop\n"},
                            {"ping", "# Ping\nstep 1\ndemo pong\n"},
                            {"pong", "# Pong\nstep 1\ndemo ping\n"}});
  for (const std::string demo : {"loop", "ping"}) {
    SCOPED_TRACE(demo);
    const ProgramResult app = run_with_data(dir, data, "demo " + demo + "\nquit\n");
    EXPECT_EQ(app.exit_code, 1) << app.err;
    EXPECT_EQ(app_lines(app.err), 1) << app.err;
    EXPECT_NE(app.err.find("is already running: a demo cannot start itself"), std::string::npos)
        << app.err;
    EXPECT_NE(app.err.find(".gs:3: demo '" + demo + "'"), std::string::npos) << app.err;
  }
}

TEST(AppScriptFlow, ADemoNamedWithASpaceStartsByTheNameTheMenuLists) {
  ScratchDir dir;
  const std::filesystem::path data = data_with_demos(
      dir, {{"two words", "# Two words\nscreenshot " + (dir / "ran.png").string() + "\n"},
            {" edge", "# Leading space\nstep 1\n"}});
  std::ofstream(data / "assets" / "demos" / "new\nline.gs") << "# A newline\nstep 1\n";
  // The menu lists what `demo NAME` can start, and nothing it cannot.
  std::vector<std::string> names;
  for (const app::DemoScript& demo : app::list_demos(data / "assets" / "demos"))
    names.push_back(demo.name);
  EXPECT_EQ(names, std::vector<std::string>{"two words"});
  const ProgramResult app = run_with_data(dir, data, "demo two words\nquit\n");
  EXPECT_EQ(app.exit_code, 0) << app.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "ran.png")) << app.err;
}

TEST(AppScriptFlow, AFifoAmongTheDemosIsNoHang) {
  ScratchDir dir;
  const std::filesystem::path data = data_with_demos(dir, {{"fine", "# Fine\nstep 1\n"}});
  ASSERT_EQ(::mkfifo((data / "assets" / "demos" / "fifo.gs").c_str(), 0600), 0);
  const ProgramResult listed = run_with_data(dir, data, "demo fine\nquit\n");
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  const ProgramResult started = run_with_data(dir, data, "demo fifo\nquit\n");
  EXPECT_EQ(started.exit_code, 1);
  EXPECT_NE(started.err.find("no demo 'fifo' (one of: fine)"), std::string::npos) << started.err;
}

TEST(AppScriptFlow, AFileNameWithANewlineStaysOnOneLine) {
  ScratchDir dir;
  const std::filesystem::path script = dir / "bad\nname.gs";
  std::ofstream(script) << "fly away\n";
  const ProgramResult app =
      run_program("/usr/bin/env", {"-u", "DISPLAY", "XDG_CONFIG_HOME=" + (dir / "config").string(),
                                   GS_APP_BINARY, "--headless", "--script", script.string()});
  EXPECT_EQ(app.exit_code, 1);
  EXPECT_NE(app.err.find("grayscott: error: " + (dir / "bad").string() +
                         "\\nname.gs:1: unknown command 'fly'\n"),
            std::string::npos)
      << app.err;
  EXPECT_EQ(std::count(app.err.begin(), app.err.end(), '\n'), 1) << app.err;
}

TEST(AppScriptFlow, ARecordingTheGridChangeStopsIsSaid) {
  ScratchDir dir;
  const std::string stopped = "(stopped: the grid changed from 64x64 to 32x48)";
  const ProgramResult app =
      run_app_headless(dir,
                       "size 64 64\nrecord start " + (dir / "rec.mp4").string() +
                           " 1 30\nrun\nrun-frames 4\nsize 32 48\nrun-frames 2\nquit\n",
                       {"--stats-json", (dir / "stats.json").string()});
  EXPECT_EQ(app.exit_code, 0) << app.err;
  EXPECT_NE(app.err.find("grayscott: recorded "), std::string::npos) << app.err;
  EXPECT_NE(app.err.find(" frames to " + (dir / "rec.mp4").string() + " " + stopped),
            std::string::npos)
      << app.err;
  const std::string notice = load_json(dir / "stats.json")["caption"]["notice"];
  EXPECT_NE(notice.find(stopped), std::string::npos) << notice;
  EXPECT_GT(probe(dir / "rec.mp4").frames, 0);

  // The same where a state of another shape is loaded.
  ASSERT_TRUE(write_state(dir / "other.h5", Fields({32, 48}), Params{}, 0));
  const ProgramResult loaded =
      run_app_headless(dir,
                       "size 64 64\nrecord start " + (dir / "rec2.mp4").string() +
                           " 1 30\nrun\nrun-frames 4\nload " + (dir / "other.h5").string() +
                           "\nrun-frames 2\nquit\n",
                       {"--stats-json", (dir / "stats2.json").string()});
  EXPECT_EQ(loaded.exit_code, 0) << loaded.err;
  EXPECT_NE(loaded.err.find(" frames to " + (dir / "rec2.mp4").string() + " " + stopped),
            std::string::npos)
      << loaded.err;
  const std::string load_notice = load_json(dir / "stats2.json")["caption"]["notice"];
  EXPECT_NE(load_notice.find(stopped), std::string::npos) << load_notice;
}

}  // namespace
}  // namespace gs::test
