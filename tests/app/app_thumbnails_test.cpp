// The presets' thumbnails reach the real app: it loads those in its data folder's thumbnails/
// (GS_DATA_DIR pointing at a scratch copy) and says how many in --stats-json; with none, or with
// a file that is not a PNG, it still runs, and names the file it skipped.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <vector>

#include "app_run_support.h"
#include "gs/data_paths.h"
#include "screenshot.h"

namespace gs::test {
namespace {

// A data folder of the build's shaders and assets, with an empty thumbnails/ beside them.
std::filesystem::path data_folder(const ScratchDir& dir) {
  const std::filesystem::path data = dir / "data";
  std::filesystem::create_directories(data / "thumbnails");
  std::filesystem::create_directory_symlink(data_directory() / "shaders", data / "shaders");
  std::filesystem::create_directory_symlink(data_directory() / "assets", data / "assets");
  return data;
}

// A 128x128 RGB picture, as the build makes them.
void write_thumbnail(const std::filesystem::path& path, std::uint8_t shade) {
  const std::vector<std::uint8_t> rgb(std::size_t(128) * 128 * 3, shade);
  ASSERT_TRUE(app::write_png(path, GridSize{128, 128}, rgb)) << path;
}

// The app run headless with this data folder: its --stats-json, after asserting it ran cleanly.
nlohmann::json run_with(const ScratchDir& dir, const std::filesystem::path& data,
                        std::string* err = nullptr) {
  const ProgramResult app =
      run_app_headless(dir, "run-frames 3\nquit\n", {"--stats-json", (dir / "stats.json").string()},
                       {"GS_DATA_DIR=" + data.string()});
  EXPECT_EQ(app.exit_code, 0) << app.err;
  EXPECT_EQ(app.err.find("error"), std::string::npos) << app.err;
  if (err) *err = app.err;
  return load_json(dir / "stats.json");
}

TEST(AppThumbnails, ThePresetsPicturesInTheDataFolderAreLoaded) {
  ScratchDir dir;
  const std::filesystem::path data = data_folder(dir);
  write_thumbnail(data / "thumbnails" / "coral.png", 90);
  write_thumbnail(data / "thumbnails" / "mitosis.png", 180);
  write_thumbnail(data / "thumbnails" / "no-such-preset.png", 30);  // a picture of no preset
  const nlohmann::json stats = run_with(dir, data);
  ASSERT_TRUE(stats.contains("ui")) << stats.dump();
  EXPECT_EQ(stats["ui"]["preset_thumbnails"], 2);
}

TEST(AppThumbnails, WithoutPicturesTheAppRunsAndLoadsNone) {
  ScratchDir dir;
  const std::filesystem::path data = data_folder(dir);
  std::filesystem::remove(data / "thumbnails");
  std::string err;
  const nlohmann::json stats = run_with(dir, data, &err);
  ASSERT_TRUE(stats.contains("ui")) << stats.dump();
  EXPECT_EQ(stats["ui"]["preset_thumbnails"], 0);
  EXPECT_EQ(err.find("thumbnail"), std::string::npos) << "a missing picture is no problem: " << err;
}

TEST(AppThumbnails, AFileThatIsNotAPngIsSkippedAndNamed) {
  ScratchDir dir;
  const std::filesystem::path data = data_folder(dir);
  write_thumbnail(data / "thumbnails" / "coral.png", 90);
  std::ofstream(data / "thumbnails" / "worms.png") << "not a picture";
  std::string err;
  const nlohmann::json stats = run_with(dir, data, &err);
  ASSERT_TRUE(stats.contains("ui")) << stats.dump();
  EXPECT_EQ(stats["ui"]["preset_thumbnails"], 1);
  EXPECT_NE(err.find("worms.png"), std::string::npos) << err;
}

TEST(AppThumbnails, AHeaderWithoutPixelsOrAnOversizedPictureIsSkippedAndNamed) {
  ScratchDir dir;
  const std::filesystem::path data = data_folder(dir);
  write_thumbnail(data / "thumbnails" / "coral.png", 90);
  // 16384x4096 declared in 18 bytes: read as a black picture, it took the app 2.6 GB.
  std::ofstream(data / "thumbnails" / "worms.png") << "P6\n16384 4096\n255\n";
  const std::vector<std::uint8_t> wide(std::size_t(2048) * 8 * 3, 128);
  ASSERT_TRUE(app::write_png(data / "thumbnails" / "mitosis.png", GridSize{2048, 8}, wide));
  std::string err;
  const nlohmann::json stats = run_with(dir, data, &err);
  ASSERT_TRUE(stats.contains("ui")) << stats.dump();
  EXPECT_EQ(stats["ui"]["preset_thumbnails"], 1);
  EXPECT_NE(err.find("worms.png' is malformed"), std::string::npos) << err;
  EXPECT_NE(err.find("mitosis.png' is 2048x8 pixels, past the 1024"), std::string::npos) << err;
}

}  // namespace
}  // namespace gs::test
