// How a lecture starts from the command line: `--script NAME` runs the shipped demo of that name
// from any folder (an installed app has no assets/demos/ beside the lecturer), a file of that
// name in the current folder comes first, and `--fullscreen` starts on the whole screen.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "app_run_support.h"

namespace gs::test {
namespace {

// The data folder whose only demo, `hello`, saves a state to `saved` and quits.
std::filesystem::path data_with_demo(const ScratchDir& dir, const std::filesystem::path& saved) {
  return data_folder_with_demo(
      dir, "hello",
      "# Hello\nbackend cpu\nsize 32 32\nstep 2\nsave " + saved.string() + "\nquit\n");
}

// `grayscott --headless --script NAME` run in `folder` (the test's working folder for the while),
// with the data folder `data`.
ProgramResult run_script_named(const std::string& name, const std::filesystem::path& folder,
                               const std::filesystem::path& data) {
  const std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(folder);
  const ProgramResult app = run_program(
      "/usr/bin/env",
      {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "XDG_CONFIG_HOME=" + (folder / "config").string(),
       "GS_DATA_DIR=" + data.string(), GS_APP_BINARY, "--headless", "--script", name});
  std::filesystem::current_path(before);
  return app;
}

TEST(AppStartOptions, ScriptByNameRunsTheShippedDemoFromAnyFolder) {
  ScratchDir dir;
  const std::filesystem::path data = data_with_demo(dir, dir / "hello.h5");
  std::filesystem::create_directories(dir / "elsewhere");
  for (const char* name : {"hello", "hello.gs"}) {
    std::filesystem::remove(dir / "hello.h5");
    const ProgramResult app = run_script_named(name, dir / "elsewhere", data);
    EXPECT_EQ(app.exit_code, 0) << name << ": " << app.err;
    EXPECT_TRUE(std::filesystem::exists(dir / "hello.h5")) << name;
  }
  // A name that is neither a file nor a demo is the file that cannot be read.
  const ProgramResult missing = run_script_named("nope", dir / "elsewhere", data);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("'nope'"), std::string::npos) << missing.err;
}

TEST(AppStartOptions, AFileInTheCurrentFolderComesBeforeTheDemoOfItsName) {
  ScratchDir dir;
  const std::filesystem::path data = data_with_demo(dir, dir / "demo.h5");
  std::filesystem::create_directories(dir / "here");
  std::ofstream(dir / "here" / "hello")
      << "backend cpu\nsize 32 32\nsave " << (dir / "own.h5").string() << "\nquit\n";
  const ProgramResult app = run_script_named("hello", dir / "here", data);
  EXPECT_EQ(app.exit_code, 0) << app.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "own.h5"));
  EXPECT_FALSE(std::filesystem::exists(dir / "demo.h5"));
}

TEST(AppStartOptions, FullscreenStartsOnTheWholeScreen) {
  ScratchDir dir;
  const std::filesystem::path shot = dir / "shot.png";
  const ProgramResult app = run_app(
      dir, "backend cpu\nsize 64 64\nrun-frames 3\nwindow-screenshot " + shot.string() + "\nquit\n",
      {"--fullscreen", "--window-size", "640x360"}, "1280x800");
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const Image image = load_png(shot);
  EXPECT_EQ(image.width, 1280);
  EXPECT_EQ(image.height, 800);
  // With --headless there is no screen to fill: a usage error.
  const ProgramResult headless = run_app_headless(dir, "quit\n", {"--fullscreen"});
  EXPECT_EQ(headless.exit_code, 2);
  EXPECT_NE(headless.err.find("--fullscreen"), std::string::npos) << headless.err;
}

}  // namespace
}  // namespace gs::test
