// Screenshots and recordings without a name go to grayscott-live in the pictures folder:
// $XDG_PICTURES_DIR, else XDG_PICTURES_DIR in user-dirs.dirs (under $XDG_CONFIG_HOME), else
// ~/Pictures; the folder is made by the first capture that needs it. A folder the user chose
// (a `capture-folder` line, or the remembered one) wins. Headless, with HOME and the config
// folder in a scratch folder.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <string>
#include <vector>

#include "app_run_support.h"

namespace gs::test {
namespace {

const std::string kShot = "size 64 48\nrun-frames 1\nscreenshot\nquit\n";

// The names in a folder; none where it is missing.
std::vector<std::string> names_in(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error))
    names.push_back(entry.path().filename().string());
  return names;
}

// Exactly one timestamped screenshot, a PNG of the grid, in `folder`.
void expect_one_shot(const std::filesystem::path& folder) {
  const std::vector<std::string> names = names_in(folder);
  ASSERT_EQ(names.size(), 1u) << folder << ": " << testing::PrintToString(names);
  EXPECT_EQ(names[0].rfind("grayscott-20", 0), 0u) << names[0];
  EXPECT_EQ(load_png(folder / names[0]).width, 64) << names[0];
}

// HOME in the scratch folder, and XDG_PICTURES_DIR as given ("" for unset).
std::vector<std::string> environment(const ScratchDir& dir, const std::string& pictures) {
  return {"HOME=" + (dir / "home").string(), "XDG_PICTURES_DIR=" + pictures};
}

void write_user_dirs(const ScratchDir& dir, const std::string& pictures) {
  std::filesystem::create_directories(dir / "config");
  std::ofstream(dir / "config" / "user-dirs.dirs")
      << "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
      << "XDG_PICTURES_DIR=\"" << pictures << "\"\n";
}

TEST(AppCaptureFolder, TheEnvironmentsPicturesFolderComesFirst) {
  ScratchDir dir;
  write_user_dirs(dir, "$HOME/Bilder");
  const ProgramResult result =
      run_app_headless(dir, kShot, {}, environment(dir, (dir / "env-pictures").string()));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_one_shot(dir / "env-pictures" / "grayscott-live");
  EXPECT_FALSE(std::filesystem::exists(dir / "home" / "Bilder"));
}

TEST(AppCaptureFolder, ThenUserDirsThenPicturesInTheHomeFolder) {
  ScratchDir dir;
  write_user_dirs(dir, "$HOME/Bilder");
  ProgramResult result = run_app_headless(dir, kShot, {}, environment(dir, ""));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_one_shot(dir / "home" / "Bilder" / "grayscott-live");

  std::filesystem::remove(dir / "config" / "user-dirs.dirs");
  // A recording without a name goes there too, as the V key records.
  result = run_app_headless(dir, kShot + "record start 2 30\nrun-frames 3\nrecord stop\nquit\n", {},
                            environment(dir, ""));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::vector<std::string> names = names_in(dir / "home" / "Pictures" / "grayscott-live");
  ASSERT_EQ(names.size(), 2u) << testing::PrintToString(names);  // the screenshot, the video
  for (const std::string& name : names) EXPECT_EQ(name.rfind("grayscott-20", 0), 0u) << name;
}

// A FIFO where user-dirs.dirs belongs (no writer ever comes) is no answer, not a hang: the
// capture goes to the home folder's Pictures. A plain read would block for ever at P.
TEST(AppCaptureFolder, AFifoForUserDirsIsPassedOver) {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "config");
  ASSERT_EQ(::mkfifo((dir / "config" / "user-dirs.dirs").c_str(), 0600), 0);
  const ProgramResult result = run_app_headless(dir, kShot, {}, environment(dir, ""));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_one_shot(dir / "home" / "Pictures" / "grayscott-live");
}

TEST(AppCaptureFolder, AChosenFolderWinsAndThePicturesFolderIsNotMade) {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "chosen");
  const std::vector<std::string> env = environment(dir, (dir / "pictures").string());
  ProgramResult result =
      run_app_headless(dir, "capture-folder " + (dir / "chosen").string() + "\n" + kShot, {}, env);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_one_shot(dir / "chosen");
  EXPECT_FALSE(std::filesystem::exists(dir / "pictures")) << "made only when a capture needs it";

  // The working folder, which every earlier version remembered as its default, is not a choice.
  std::filesystem::create_directories(dir / "config" / "grayscott-live");
  std::ofstream(dir / "config" / "grayscott-live" / "settings.json") << R"({"capture_folder": "."})"
                                                                     << "\n";
  result = run_app_headless(dir, kShot, {}, env);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_one_shot(dir / "pictures" / "grayscott-live");
}

// A chosen folder, or the pictures folder's grayscott-live, that is a symbolic link to a folder
// is that folder.
TEST(AppCaptureFolder, ALinkToAFolderIsThatFolder) {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "chosen");
  std::filesystem::create_directory_symlink(dir / "chosen", dir / "chosen-link");
  ProgramResult result =
      run_app_headless(dir, "capture-folder " + (dir / "chosen-link").string() + "\n" + kShot, {},
                       environment(dir, (dir / "pictures").string()));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_one_shot(dir / "chosen");

  ScratchDir other;
  std::filesystem::create_directories(other / "pictures");
  std::filesystem::create_directories(other / "elsewhere");
  std::filesystem::create_directory_symlink(other / "elsewhere",
                                            other / "pictures" / "grayscott-live");
  result = run_app_headless(other, kShot, {}, environment(other, (other / "pictures").string()));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_one_shot(other / "elsewhere");
}

TEST(AppCaptureFolder, AFolderThatCannotBeMadeStopsTheScriptAtItsLine) {
  ScratchDir dir;
  std::ofstream(dir / "not-a-folder") << "x";
  const ProgramResult result =
      run_app_headless(dir, kShot, {}, environment(dir, (dir / "not-a-folder").string()));
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("script.gs:3: cannot create the capture folder '" +
                            (dir / "not-a-folder" / "grayscott-live").string() + "'"),
            std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace gs::test
