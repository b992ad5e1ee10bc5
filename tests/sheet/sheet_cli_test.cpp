// The real grayscott-sheet on state files written by the real grayscott-batch: the sheet's size
// from its columns, tiles and label lines, tiles that hold exactly the colormap's colours of the
// state's v, thumbnails, and bad input refused in one line with nothing left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "contact_sheet.h"
#include "gs/state_file.h"
#include "load_png.h"
#include "png_image.h"
#include "run_program.h"

namespace gs::test {
namespace {

using sheet::kGapPx;
using sheet::kLabelPadPx;
using sheet::RgbImage;

const Args kPresets{"pearson-alpha", "pearson-kappa", "pearson-theta"};
constexpr int kWidth = 48, kHeight = 32;

// Three small states, one per preset, named after it.
std::vector<std::string> write_states(const ScratchDir& dir) {
  std::vector<std::string> paths;
  for (const std::string& preset : kPresets) {
    const std::string path = (dir / (preset + ".h5")).string();
    const ProgramResult batch =
        run_batch({"--backend", "cpu", "--width", std::to_string(kWidth), "--height",
                   std::to_string(kHeight), "--steps", "50", "--preset", preset, "--output", path});
    EXPECT_EQ(batch.exit_code, 0) << batch.err;
    paths.push_back(path);
  }
  return paths;
}

int label_line_height() {
  const Expected<sheet::SheetFont> font = sheet::load_sans_font(sheet::kLabelFontPx);
  EXPECT_TRUE(font) << font.message();
  return font ? font->line_height() : 0;
}

// The state's v through viridis over [0, 0.5], as the app's screenshot colours it.
std::vector<std::uint8_t> expected_colours(const std::string& state_path) {
  const Expected<StateFile> state = read_state(state_path);
  EXPECT_TRUE(state) << state.message();
  const std::vector<float> v(state->fields.v.begin(), state->fields.v.end());
  return app::colorize(v, app::colormap_table(*app::find_colormap("viridis")), 0.0f, 0.5f);
}

// The field's pixels at (left, top) in `image`, row by row.
std::vector<std::uint8_t> crop(const RgbImage& image, int left, int top, int width, int height) {
  std::vector<std::uint8_t> rgb;
  for (int y = top; y < top + height; ++y)
    rgb.insert(rgb.end(), image.at(left, y), image.at(left, y) + width * 3);
  return rgb;
}

TEST(SheetCli, TheSheetHoldsEachStatesColoursInItsPlace) {
  ScratchDir dir;
  const std::vector<std::string> states = write_states(dir);
  const std::string png = (dir / "sheet.png").string();
  Args args{"--output", png, "--tile-px", std::to_string(kWidth)};
  args.insert(args.end(), states.begin(), states.end());
  const ProgramResult result = run_sheet(args);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");

  const RgbImage image = load_png(png);
  const int cell_height = kWidth + kLabelPadPx + 3 * label_line_height();
  // Three files: two columns (the ceiling of the square root), two rows.
  EXPECT_EQ(image.width, kGapPx + 2 * (kWidth + kGapPx));
  ASSERT_EQ(image.height, kGapPx + 2 * (cell_height + kGapPx));
  for (std::size_t i = 0; i < states.size(); ++i) {
    const int left = kGapPx + int(i % 2) * (kWidth + kGapPx);
    const int top = kGapPx + int(i / 2) * (cell_height + kGapPx) + (kWidth - kHeight) / 2;
    EXPECT_EQ(crop(image, left, top, kWidth, kHeight), expected_colours(states[i])) << kPresets[i];
  }
  EXPECT_FALSE(dir.has_temporary_file());
}

TEST(SheetCli, ColumnsAndTitleShapeTheSheet) {
  ScratchDir dir;
  const std::vector<std::string> states = write_states(dir);
  const std::string png = (dir / "sheet.png").string();
  Args args{"--output", png,          "--columns", "5",       "--tile-px", "64",      "--title",
            "Pearson",  "--colormap", "magma_r",   "--range", "auto",      "--field", "u"};
  args.insert(args.end(), states.begin(), states.end());
  const ProgramResult result = run_sheet(args);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const RgbImage image = load_png(png);
  // At most one column per file; the title adds a line above the row.
  EXPECT_EQ(image.width, kGapPx + 3 * (64 + kGapPx));
  EXPECT_GT(image.height, kGapPx + 64 + kLabelPadPx + 3 * label_line_height() + kGapPx);
}

TEST(SheetCli, ThumbnailsAreOneTileSizedPngPerFile) {
  ScratchDir dir;
  const std::vector<std::string> states = write_states(dir);
  const auto folder = dir / "thumbs" / "nested";
  Args args{"--thumbnails", folder.string()};
  args.insert(args.end(), states.begin(), states.end());
  const ProgramResult result = run_sheet(args);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const RgbImage thumbnail = load_png(folder / (kPresets[i] + ".png"));
    EXPECT_EQ(thumbnail.width, sheet::kDefaultTilePx) << kPresets[i];
    EXPECT_EQ(thumbnail.height, sheet::kDefaultTilePx) << kPresets[i];
  }
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
  EXPECT_EQ(files, states.size());

  // At the grid's width, a thumbnail is the field's own colours, centred.
  const RgbImage exact = [&] {
    const auto one = dir / "one";
    EXPECT_EQ(
        run_sheet({"--thumbnails", one.string(), "--tile-px", std::to_string(kWidth), states[0]})
            .exit_code,
        0);
    return load_png(one / (kPresets[0] + ".png"));
  }();
  ASSERT_EQ(exact.width, kWidth);
  EXPECT_EQ(crop(exact, 0, (kWidth - kHeight) / 2, kWidth, kHeight), expected_colours(states[0]));
}

TEST(SheetCli, BadInputIsOneLineAndLeavesNoFile) {
  ScratchDir dir;
  const std::vector<std::string> states = write_states(dir);
  const std::string not_hdf5 = (dir / "notes.h5").string();
  std::ofstream(not_hdf5) << "not a state\n";
  const std::string png = (dir / "sheet.png").string(), thumbs = (dir / "thumbs").string();
  const Args outputs{"--output", png, "--thumbnails", thumbs};
  const std::vector<std::pair<Args, std::string>> cases{
      {{states[0], states[1], (dir / "missing.h5").string()}, "missing.h5"},
      {{states[0], states[1], not_hdf5}, "notes.h5"},
      {{"--colormap", "bogus", states[0]}, "--colormap"},
      {{"--range", "1:0", states[0]}, "--range"},
      {{"--range", "0:x", states[0]}, "--range"},
      {{"--tile-px", "0", states[0]}, "--tile-px"},
      {{"--columns", "-2", states[0]}, "--columns"},
      {{states[0], states[0]}, "stem"},
  };
  for (const auto& [args, named] : cases) {
    Args all = outputs;
    all.insert(all.end(), args.begin(), args.end());
    const ProgramResult result = run_sheet(all);
    EXPECT_NE(result.exit_code, 0) << named;
    EXPECT_TRUE(is_one_line(result.err)) << result.err;
    EXPECT_NE(result.err.find(named), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(png)) << named;
    EXPECT_FALSE(std::filesystem::exists(thumbs)) << named;
    EXPECT_FALSE(dir.has_temporary_file()) << named;
  }
  // A sheet into a missing folder is refused before any thumbnail is written.
  const ProgramResult no_folder = run_sheet(
      {"--output", (dir / "no" / "sheet.png").string(), "--thumbnails", thumbs, states[0]});
  EXPECT_EQ(no_folder.exit_code, 1);
  EXPECT_TRUE(is_one_line(no_folder.err)) << no_folder.err;
  EXPECT_NE(no_folder.err.find("is missing"), std::string::npos) << no_folder.err;
  EXPECT_FALSE(std::filesystem::exists(thumbs));

  const ProgramResult no_output = run_sheet({states[0]});
  EXPECT_EQ(no_output.exit_code, 2);
  EXPECT_TRUE(is_one_line(no_output.err)) << no_output.err;
}

TEST(SheetCli, VersionNamesTheProgram) {
  const ProgramResult result = run_sheet({"--version"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out.rfind("grayscott-sheet ", 0), 0u) << result.out;
}

}  // namespace
}  // namespace gs::test
