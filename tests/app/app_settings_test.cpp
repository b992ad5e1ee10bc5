// A settings file the app cannot use as it is must never stop it from starting: an absurd
// window size (0, negative, past any screen, past an int) means the default placement and a
// one-line note; a large but sane one is fitted to the screen. Windowed, under Xvfb.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "app_run_support.h"

namespace gs::test {
namespace {

void write_settings(const ScratchDir& dir, const std::string& window) {
  std::filesystem::create_directories(dir / "config" / "grayscott-live");
  std::ofstream(dir / "config" / "grayscott-live" / "settings.json")
      << R"({"ui_scale": 1.0, "window": )" << window << "}\n";
}

TEST(AppSettings, AbsurdWindowSizesMeanDefaultsAndANote) {
  for (const char* size : {"0", "-5", "20000", "1e9", "3e9"}) {
    SCOPED_TRACE(size);
    ScratchDir dir;
    write_settings(
        dir, std::string(R"({"x": 0, "y": 0, "width": )") + size + R"(, "height": )" + size + "}");
    const ProgramResult result =
        run_app(dir, "window-screenshot " + (dir / "w.png").string() + "\nquit\n");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.err.find("out of range; using defaults"), std::string::npos) << result.err;
    const Image window = load_png(dir / "w.png");
    EXPECT_GE(window.width, 320);
    EXPECT_LE(window.width, 1280) << "within the 1280x800 screen";
    EXPECT_LE(window.height, 800);
  }
}

TEST(AppSettings, ALargeWindowIsFittedToTheScreen) {
  ScratchDir dir;
  write_settings(dir, R"({"x": 5000, "y": -3000, "width": 10000, "height": 9000})");
  const ProgramResult result =
      run_app(dir, "window-screenshot " + (dir / "w.png").string() + "\nquit\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const Image window = load_png(dir / "w.png");
  EXPECT_GT(window.width, 0);
  EXPECT_LE(window.width, 1280);
  EXPECT_LE(window.height, 800);
}

// The favourites the panel edits are reachable from a script too, and remembered.
TEST(AppSettings, ScriptsEditTheFavouritesAsThePanelDoes) {
  ScratchDir dir;
  const ProgramResult result =
      run_app(dir, "favourite remove 1\nfavourite add WORMS\nfavourite remove 12\nquit\n");
  EXPECT_EQ(result.exit_code, 1) << "key 12 is refused by the parser";
  EXPECT_NE(result.err.find("script.gs:3: favourite remove: key '12' must be from 1 to 9"),
            std::string::npos)
      << result.err;
  const ProgramResult edited = run_app(dir, "favourite remove 1\nfavourite add WORMS\nquit\n");
  ASSERT_EQ(edited.exit_code, 0) << edited.err;
  const nlohmann::json settings = load_json(dir / "config" / "grayscott-live" / "settings.json");
  ASSERT_TRUE(settings.contains("favourites")) << settings.dump();
  const auto favourites = settings["favourites"].get<std::vector<std::string>>();
  ASSERT_FALSE(favourites.empty());
  EXPECT_NE(favourites.front(), "mitosis") << "the first favourite was removed";
  EXPECT_EQ(favourites.back(), "worms") << "added under the preset's own name";
}

// The real app with a settings file it cannot use: a typo (a trailing comma) or a folder at the
// path. It starts, says so in one line naming the file, and at exit leaves the file as it was.
TEST(AppSettings, AnUnusableSettingsFileIsLeftAsItIs) {
  ScratchDir dir;
  const std::filesystem::path folder = dir / "config" / "grayscott-live";
  std::filesystem::create_directories(folder);
  const std::string typo = "{\"ui_scale\": 1.5, \"font_size\": 16,}\n";
  std::ofstream(folder / "settings.json") << typo;
  const ProgramResult edited = run_app(dir, "favourite remove 1\nquit\n");
  EXPECT_EQ(edited.exit_code, 0) << edited.err;
  EXPECT_NE(edited.err.find((folder / "settings.json").string() + "' is not valid JSON"),
            std::string::npos)
      << edited.err;
  EXPECT_NE(edited.err.find("settings not saved"), std::string::npos) << edited.err;
  EXPECT_EQ(read_file(folder / "settings.json"), typo) << "the user's file, to fix";

  std::filesystem::remove(folder / "settings.json");
  std::filesystem::create_directory(folder / "settings.json");
  const ProgramResult directory =
      run_app(dir, "window-screenshot " + (dir / "w.png").string() + "\nquit\n");
  EXPECT_EQ(directory.exit_code, 0) << directory.err;
  EXPECT_NE(directory.err.find("it is a folder"), std::string::npos) << directory.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "w.png")) << "the app ran";
  EXPECT_TRUE(std::filesystem::is_directory(folder / "settings.json"));
}

}  // namespace
}  // namespace gs::test
