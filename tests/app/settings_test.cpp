// What the app remembers between runs (settings.h): a round trip, defaults for a missing file,
// and a file that is not the app's own settings never written over nor quoted.
#include "settings.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace gs::app {
namespace {

TEST(Settings, RoundTripDefaultsAndMalformedFiles) {
  const auto folder = std::filesystem::temp_directory_path() / "gs-settings-test";
  std::filesystem::remove_all(folder);
  const auto file = folder / "settings.json";
  Expected<Settings> missing = load_settings(file);
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->ui_scale, 1.0f);
  EXPECT_EQ(missing->favourites.size(), 9u);

  Settings settings;
  settings.ui_scale = 2.0f;
  settings.favourites = {"coral", "worms"};
  settings.window = WindowPlacement{10, 20, 800, 600};
  ASSERT_TRUE(save_settings(file, settings));
  Expected<Settings> loaded = load_settings(file);
  ASSERT_TRUE(loaded) << loaded.message();
  EXPECT_EQ(loaded->ui_scale, 2.0f);
  EXPECT_EQ(loaded->favourites, settings.favourites);
  ASSERT_TRUE(loaded->window.has_value());
  EXPECT_EQ(loaded->window->height, 600);

  std::ofstream(file) << "{ not json";
  Expected<Settings> malformed = load_settings(file);
  ASSERT_FALSE(malformed);
  EXPECT_NE(malformed.message().find("is not valid JSON (at byte 4)"), std::string::npos)
      << malformed.message();
  std::filesystem::remove_all(folder);
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A file that is not this app's settings is never written over, and nothing of it is quoted:
// a typo (the user's own file), another program's keys, what a symlink points to.
TEST(Settings, NeverWritesOverAFileThatIsNotItsSettings) {
  const auto folder = std::filesystem::temp_directory_path() / "gs-settings-foreign";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const auto file = folder / "settings.json";
  const std::string typo = "{\"ui_scale\": 2.0, \"font_size\": 20,}\n";
  const std::string foreign = "{\"theme\": \"dark\"}\n";
  const std::string secret = "root:$6$salt$hash:19000:0:99999:7:::\n";
  const std::string huge = "{\"ui_scale\": 1e999}\n";  // past a double: nlohmann's out_of_range
  for (const std::string& text : {typo, foreign, huge}) {
    std::ofstream(file) << text;
    const Expected<Settings> loaded = load_settings(file);
    ASSERT_FALSE(loaded);
    EXPECT_NE(loaded.message().find("left as it is"), std::string::npos) << loaded.message();
    const Status saved = save_settings(file, Settings{});
    ASSERT_FALSE(saved);
    EXPECT_NE(saved.message().find("not saved"), std::string::npos) << saved.message();
    EXPECT_EQ(file_text(file), text);
  }
  // Through a symlink to a file of someone else's.
  std::filesystem::remove(file);
  std::ofstream(folder / "shadow") << secret;
  std::filesystem::create_symlink(folder / "shadow", file);
  const Expected<Settings> through = load_settings(file);
  ASSERT_FALSE(through);
  EXPECT_EQ(through.message().find("root"), std::string::npos) << through.message();
  EXPECT_EQ(through.message().find("'r'"), std::string::npos) << through.message();
  EXPECT_FALSE(save_settings(file, Settings{}));
  EXPECT_EQ(file_text(folder / "shadow"), secret);
  // A symlink to a settings file of ours is written through, the link kept.
  std::ofstream(folder / "shadow") << "{\"ui_scale\": 1.5}\n";
  Settings larger;
  larger.ui_scale = 2.5f;
  ASSERT_TRUE(save_settings(file, larger));
  EXPECT_TRUE(std::filesystem::is_symlink(file));
  const Expected<Settings> reread = load_settings(folder / "shadow");
  ASSERT_TRUE(reread) << reread.message();
  EXPECT_EQ(reread->ui_scale, 2.5f);
  // Ours with a value out of range is replaced: the app wrote it, the bad value goes.
  std::filesystem::remove(file);
  std::ofstream(file) << "{\"ui_scale\": 40}\n";
  EXPECT_FALSE(load_settings(file));
  ASSERT_TRUE(save_settings(file, Settings{}));
  EXPECT_TRUE(load_settings(file));
  std::filesystem::remove_all(folder);
}

// A folder or a FIFO at the settings' path: defaults and a note naming it, at once (a FIFO with
// no writer would block a plain open for ever).
TEST(Settings, AFolderOrAFifoThereMeansDefaultsAndANote) {
  const auto folder = std::filesystem::temp_directory_path() / "gs-settings-special";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder / "settings.json");
  const Expected<Settings> directory = load_settings(folder / "settings.json");
  ASSERT_FALSE(directory);
  EXPECT_NE(directory.message().find(folder.string() + "/settings.json"), std::string::npos)
      << directory.message();
  EXPECT_NE(directory.message().find("it is a folder"), std::string::npos) << directory.message();
  EXPECT_FALSE(save_settings(folder / "settings.json", Settings{}));
  ASSERT_EQ(::mkfifo((folder / "fifo.json").c_str(), 0600), 0);
  const Expected<Settings> fifo = load_settings(folder / "fifo.json");
  ASSERT_FALSE(fifo);
  EXPECT_NE(fifo.message().find("not a regular file"), std::string::npos) << fifo.message();
  std::filesystem::remove_all(folder);
}

// Symlinks at the settings' path that lead nowhere readable: a loop, a FIFO, a device. Each is
// a one-line note at once (the fuzzer checks the same before its inputs).
TEST(Settings, ASymlinkLoopOrOneToAFifoOrADeviceMeansANote) {
  const auto folder = std::filesystem::temp_directory_path() / "gs-settings-links";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  ASSERT_EQ(::mkfifo((folder / "fifo").c_str(), 0600), 0);
  std::filesystem::create_symlink("loop-b", folder / "loop-a");
  std::filesystem::create_symlink("loop-a", folder / "loop-b");
  std::filesystem::create_symlink("fifo", folder / "to-fifo");
  std::filesystem::create_symlink("/dev/zero", folder / "to-zero");
  for (const char* name : {"loop-a", "to-fifo", "to-zero"}) {
    SCOPED_TRACE(name);
    const Expected<Settings> settings = load_settings(folder / name);
    ASSERT_FALSE(settings);
    EXPECT_NE(settings.message().find((folder / name).string()), std::string::npos)
        << settings.message();
    EXPECT_EQ(settings.message().find('\n'), std::string::npos) << settings.message();
  }
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace gs::app
