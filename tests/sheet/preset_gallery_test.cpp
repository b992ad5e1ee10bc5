// The preset gallery script (scripts/preset-gallery.sh) on a small grid, as CI runs it: a
// contact sheet and one thumbnail per shipped preset, each thumbnail exactly the preset's run
// from its recommended start for its recommended steps; and the thumbnails the build made for
// the app's preset selector.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "contact_sheet.h"
#include "gs/presets.h"
#include "gs/state_file.h"
#include "load_png.h"
#include "run_program.h"

namespace gs::test {
namespace {

constexpr int kGalleryGrid = 40;

PresetLibrary shipped_presets() {
  Expected<PresetLibrary> library = load_presets(GS_PRESETS_FILE);
  EXPECT_TRUE(library) << library.message();
  return library ? *library : PresetLibrary{};
}

ProgramResult run_gallery(const Args& args) {
  Args all{GS_GALLERY_SCRIPT};
  all.insert(all.end(), args.begin(), args.end());
  return run_program("/bin/bash", all);
}

std::set<std::string> png_stems(const std::filesystem::path& folder) {
  std::set<std::string> stems;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() == ".png") stems.insert(entry.path().stem().string());
  return stems;
}

std::set<std::string> preset_names(const PresetLibrary& library) {
  std::set<std::string> names;
  for (const Preset& preset : library.presets) names.insert(preset.name);
  return names;
}

std::size_t distinct_colours(const sheet::RgbImage& image) {
  std::set<app::Rgb> colours;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) colours.insert(image.pixel(x, y));
  return colours.size();
}

// What the thumbnail of this preset's state must be: its v through the default colormap over
// the default range, enlarged to the default tile.
sheet::RgbImage expected_thumbnail(const std::filesystem::path& state_path) {
  const Expected<StateFile> state = read_state(state_path);
  EXPECT_TRUE(state) << state.message();
  if (!state) return {};
  sheet::SheetStyle style;
  style.table = app::colormap_table(*app::find_colormap("viridis"));
  const sheet::SheetTile tile{
      state->fields.size, {state->fields.v.begin(), state->fields.v.end()}, {}};
  Expected<sheet::RgbImage> image = sheet::render_tile(tile, style);
  EXPECT_TRUE(image) << image.message();
  return image ? *image : sheet::RgbImage{};
}

TEST(PresetGallery, TheScriptDrawsEveryPresetFromItsRecommendedStart) {
  const PresetLibrary library = shipped_presets();
  ASSERT_FALSE(library.presets.empty());
  ScratchDir dir;
  const auto thumbnails = dir.path() / "thumbnails";
  std::filesystem::create_directories(thumbnails);
  std::ofstream(thumbnails / "a-removed-preset.png") << "stale";
  const auto sheet_png = dir.path() / "gallery.png";
  const ProgramResult result =
      run_gallery({"--size", std::to_string(kGalleryGrid), "--bin", GS_BIN_DIR, "--output",
                   sheet_png.string(), "--thumbnails", thumbnails.string(), "--jobs", "2"});
  ASSERT_EQ(result.exit_code, 0) << result.err;

  // Exactly one thumbnail per preset: the stale one is gone with the folder it was in.
  EXPECT_EQ(png_stems(thumbnails), preset_names(library));
  const sheet::RgbImage sheet = load_png(sheet_png);
  const std::size_t count = library.presets.size();
  const int columns = sheet::layout_sheet(count, 0, sheet::kDefaultTilePx, 3, 1, 0).columns;
  EXPECT_EQ(sheet.width, sheet::kGapPx + columns * (sheet::kDefaultTilePx + sheet::kGapPx));
  EXPECT_GT(sheet.height, int((count + columns - 1) / columns) * sheet::kDefaultTilePx);

  // Each preset as grayscott-batch runs it from the start and steps its entry recommends.
  for (const char* name : {"mitosis", "pearson-kappa", "turing-patterns"}) {
    const Preset* preset = library.find(name);
    ASSERT_TRUE(preset && preset->expected) << name;
    const auto state = dir.path() / (std::string(name) + ".h5");
    const ProgramResult batch =
        run_batch({"--backend", "cpu", "--preset", name, "--init",
                   std::string(to_string(preset->expected->start)), "--steps",
                   std::to_string(preset->expected->steps), "--width", std::to_string(kGalleryGrid),
                   "--height", std::to_string(kGalleryGrid), "--output", state.string()});
    ASSERT_EQ(batch.exit_code, 0) << batch.err;
    const sheet::RgbImage thumbnail = load_png(thumbnails / (std::string(name) + ".png"));
    EXPECT_TRUE(thumbnail.rgb == expected_thumbnail(state).rgb) << name;
  }
}

TEST(PresetGallery, BadOptionsAreOneLineAndWriteNothing) {
  ScratchDir dir;
  const auto sheet_png = dir.path() / "gallery.png";
  for (const Args& args : {Args{"--size", "0"}, Args{"--size", "big"}, Args{"--jobs"},
                           Args{"--bin", (dir.path() / "nowhere").string()}, Args{"--colour"}}) {
    Args all = args;
    all.insert(all.end(), {"--output", sheet_png.string()});
    if (args[0] != "--bin") all.insert(all.end(), {"--bin", GS_BIN_DIR});
    const ProgramResult result = run_gallery(all);
    EXPECT_NE(result.exit_code, 0) << args[0];
    EXPECT_EQ(result.err.rfind("preset-gallery.sh: ", 0), 0u) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_FALSE(std::filesystem::exists(sheet_png)) << args[0];
  }
}

// The build ran the gallery script for the app's preset selector: a thumbnail per preset, flat
// for the presets that die out and patterned for the rest.
TEST(PresetGallery, TheBuildMadeAThumbnailForEveryPreset) {
#ifndef GS_BUILT_THUMBNAILS_DIR
  GTEST_SKIP() << "this build makes no thumbnails (GS_PRESET_THUMBNAILS=OFF)";
#else
  const PresetLibrary library = shipped_presets();
  const std::filesystem::path folder = GS_BUILT_THUMBNAILS_DIR;
  ASSERT_TRUE(std::filesystem::is_directory(folder)) << folder;
  EXPECT_EQ(png_stems(folder), preset_names(library));
  for (const Preset& preset : library.presets) {
    const sheet::RgbImage thumbnail = load_png(folder / (preset.name + ".png"));
    ASSERT_EQ(thumbnail.width, sheet::kDefaultTilePx) << preset.name;
    const bool dead = preset.expected && preset.expected->pattern == PatternClass::Dead;
    if (dead)
      EXPECT_EQ(distinct_colours(thumbnail), 1u) << preset.name;
    else
      EXPECT_GT(distinct_colours(thumbnail), 8u) << preset.name;
  }
#endif
}

}  // namespace
}  // namespace gs::test
