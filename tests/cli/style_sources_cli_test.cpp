// grayscott-batch's style-map sources through the real program: a picture (channel, brightness,
// fit) and a gradient each give the map the library makes of them (read back from --output),
// set B layered from --style-preset and --style-F/k/Du/Dv, the source replacing an --input's own
// map, the report saying what ran, and bad pictures and options refused in one line.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gs/presets.h"
#include "gs/state_file.h"
#include "gs/style_gradient.h"
#include "picture_file.h"
#include "picture_style.h"
#include "png_image.h"
#include "run_program.h"

namespace gs::test {
namespace {

namespace fs = std::filesystem;
constexpr GridSize kSourcesGrid{40, 24};

std::vector<std::string> grid_args(const fs::path& out) {
  return {"--backend", "cpu",
          "--width",   std::to_string(kSourcesGrid.width),
          "--height",  std::to_string(kSourcesGrid.height),
          "--steps",   "3",
          "--output",  out.string()};
}

ProgramResult run_with(const std::vector<std::string>& style, const fs::path& out) {
  std::vector<std::string> args = grid_args(out);
  args.insert(args.end(), style.begin(), style.end());
  return run_batch(args);
}

StateFile read_back(const fs::path& path) {
  Expected<StateFile> state = read_state(path);
  EXPECT_TRUE(state) << state.message();
  return state ? *state : StateFile{};
}

// A 10x6 picture: red grows left to right, green top to bottom, blue is a checkerboard.
fs::path write_picture(const ScratchDir& dir) {
  std::vector<std::uint8_t> rgb;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 10; ++x)
      rgb.insert(rgb.end(),
                 {std::uint8_t(x * 25), std::uint8_t(y * 50), std::uint8_t((x + y) % 2 ? 255 : 0)});
  const fs::path path = dir / "style.png";
  EXPECT_TRUE(app::write_png(path, {10, 6}, rgb));
  return path;
}

TEST(BatchStyleSources, AGradientGivesTheLibrarysMapAndSetBDefaultsToSetA) {
  ScratchDir dir;
  for (StyleGradient gradient : {StyleGradient::X, StyleGradient::Y, StyleGradient::Radial}) {
    const std::string name(to_string(gradient));
    const ProgramResult run =
        run_with({"--style-gradient", name, "--F", "0.03", "--k", "0.055"}, dir / "out.h5");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const StateFile out = read_back(dir / "out.h5");
    EXPECT_EQ(out.fields.style, style_gradient(kSourcesGrid, gradient)) << name;
    ASSERT_TRUE(out.params.style.F) << "set B is in the attributes";
    EXPECT_EQ(out.params.style.F, 0.03f) << "set B is set A where nothing names it";
    EXPECT_EQ(out.params.style.k, 0.055f);
    EXPECT_NE(run.out.find("style     map from gradient " + name), std::string::npos) << run.out;
  }
}

TEST(BatchStyleSources, APictureGivesTheLibrarysMapForEachChannelBrightnessAndFit) {
  ScratchDir dir;
  const fs::path png = write_picture(dir);
  const Expected<app::Picture> picture = app::read_picture(png);
  ASSERT_TRUE(picture) << picture.message();
  struct Case {
    const char* channel;
    bool bright;
    const char* fit;
  };
  for (const Case& c :
       {Case{"luminance", false, "fit"}, Case{"red", true, "stretch"}, Case{"green", false, "fill"},
        Case{"blue", true, "tile"}, Case{"alpha", false, "centre"}}) {
    std::vector<std::string> style{"--style-image", png.string(),        "--style-image-channel",
                                   c.channel,       "--style-image-fit", c.fit};
    if (c.bright) style.push_back("--style-image-bright");
    const ProgramResult run = run_with(style, dir / "out.h5");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const app::PicturePlacement placement{*parse_enum<app::PictureChannel>(c.channel), c.bright,
                                          *parse_enum<app::PictureFit>(c.fit)};
    const StyleData expected = app::style_from_picture(*picture, placement, kSourcesGrid);
    EXPECT_EQ(read_back(dir / "out.h5").fields.style, expected) << c.channel << " " << c.fit;
  }
  // The choices matter: red left to right is not green top to bottom.
  const app::PicturePlacement red{app::PictureChannel::Red, false, app::PictureFit::Stretch};
  const app::PicturePlacement green{app::PictureChannel::Green, false, app::PictureFit::Stretch};
  EXPECT_NE(app::style_from_picture(*picture, red, kSourcesGrid),
            app::style_from_picture(*picture, green, kSourcesGrid));
}

TEST(BatchStyleSources, SetBLayersStylePresetUnderExplicitValues) {
  ScratchDir dir;
  Expected<PresetLibrary> library = load_presets(GS_PRESETS_FILE);
  ASSERT_TRUE(library) << library.message();
  const Preset* mitosis = library->find("mitosis");
  ASSERT_NE(mitosis, nullptr);
  const ProgramResult run = run_with({"--preset", "pearson-kappa", "--style-gradient", "x",
                                      "--style-preset", "mitosis", "--style-k", "0.0651", "--json"},
                                     dir / "out.h5");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const StateFile out = read_back(dir / "out.h5");
  EXPECT_EQ(out.params.F, 0.05f) << "set A: pearson-kappa's";
  EXPECT_EQ(out.params.style.F, *mitosis->params.F) << "set B: mitosis's";
  EXPECT_EQ(out.params.style.Du, *mitosis->params.Du);
  EXPECT_EQ(out.params.style.k, 0.0651f) << "--style-k over --style-preset";
  const nlohmann::json report = nlohmann::json::parse(run.out);
  EXPECT_EQ(report.at("style").at("source"), "gradient x");
  EXPECT_EQ(report.at("style").at("k").get<float>(), 0.0651f);
  // Without a map the report says none ran.
  const ProgramResult plain = run_with({"--json"}, dir / "plain.h5");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_TRUE(nlohmann::json::parse(plain.out).at("style").is_null());
  EXPECT_TRUE(read_back(dir / "plain.h5").fields.style.empty());
}

TEST(BatchStyleSources, AGivenSourceReplacesAnInputsMapAndKeepsItsSetB) {
  ScratchDir dir;
  ASSERT_EQ(run_with({"--style-gradient", "x", "--style-F", "0.05"}, dir / "in.h5").exit_code, 0);
  const ProgramResult run =
      run_batch({"--backend", "cpu", "--input", (dir / "in.h5").string(), "--steps", "2",
                 "--style-gradient", "radial", "--output", (dir / "out.h5").string()});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const StateFile out = read_back(dir / "out.h5");
  EXPECT_EQ(out.fields.style, style_gradient(kSourcesGrid, StyleGradient::Radial));
  EXPECT_EQ(out.params.style.F, 0.05f) << "set B from the input's attributes";
  const ProgramResult kept = run_batch({"--backend", "cpu", "--input", (dir / "in.h5").string(),
                                        "--steps", "2", "--output", (dir / "kept.h5").string()});
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_EQ(read_back(dir / "kept.h5").fields.style,
            style_gradient(kSourcesGrid, StyleGradient::X));
  EXPECT_NE(kept.out.find("map from the map of '"), std::string::npos) << kept.out;
}

// A styled preset runs with its own gradient and set B; a --style-* option overrides either.
TEST(BatchStyleSources, AStyledPresetRunsWithItsMapUnlessAnOptionGivesAnother) {
  ScratchDir dir;
  Expected<PresetLibrary> library = load_presets(GS_PRESETS_FILE);
  ASSERT_TRUE(library) << library.message();
  const Preset* preset = library->find("spots-inside-stripes");
  ASSERT_TRUE(preset && preset->style);
  const ProgramResult run = run_with({"--preset", "spots-inside-stripes"}, dir / "own.h5");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const StateFile own = read_back(dir / "own.h5");
  EXPECT_EQ(own.fields.style, style_gradient(kSourcesGrid, preset->style->gradient));
  EXPECT_EQ(own.params.style.F, *preset->params.style.F);
  EXPECT_EQ(own.params.style.k, *preset->params.style.k);
  EXPECT_EQ(own.params.style.Du, *preset->params.Du) << "set A's Du where B names none";
  const ProgramResult other =
      run_with({"--preset", "spots-inside-stripes", "--style-gradient", "y", "--style-k", "0.06"},
               dir / "other.h5");
  ASSERT_EQ(other.exit_code, 0) << other.err;
  const StateFile changed = read_back(dir / "other.h5");
  EXPECT_EQ(changed.fields.style, style_gradient(kSourcesGrid, StyleGradient::Y));
  EXPECT_EQ(changed.params.style.k, 0.06f);
  EXPECT_EQ(changed.params.style.F, *preset->params.style.F);
  // --list-presets --json gives the style as presets.json has it.
  const ProgramResult listed = run_batch({"--list-presets", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  for (const nlohmann::json& entry : nlohmann::json::parse(listed.out))
    if (entry.at("name") == "spots-inside-stripes") {
      EXPECT_EQ(entry.at("style").at("gradient"), "radial");
      EXPECT_EQ(float(entry.at("style").at("k").get<double>()), *preset->params.style.k);
    } else if (entry.at("name") == "mitosis") {
      EXPECT_FALSE(entry.contains("style"));
    }
}

// One line naming the problem, a non-zero exit and no output file.
void expect_style_refused(const std::vector<std::string>& style, const std::string& says,
                          int code = 1) {
  ScratchDir dir;
  const ProgramResult run = run_with(style, dir / "out.h5");
  EXPECT_EQ(run.exit_code, code) << run.err;
  EXPECT_NE(run.err.find(says), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_FALSE(fs::exists(dir / "out.h5"));
}

TEST(BatchStyleSources, BadPicturesAreOneLineNamingTheFileAndWriteNothing) {
  ScratchDir dir;
  const fs::path png = write_picture(dir);
  const std::string bytes = read_file(png);
  const auto write = [&](const char* name, const std::string& content) {
    std::ofstream(dir / name, std::ios::binary) << content;
    return (dir / name).string();
  };
  std::string huge = bytes;  // IHDR's width and height (big-endian) at bytes 16 to 23
  for (int at : {16, 20}) huge.replace(std::size_t(at), 4, std::string("\0\0\x9c\x40", 4));
  const std::pair<std::string, std::string> bad[] = {
      {(dir / "missing.png").string(), "does not exist"},
      {write("empty.png", ""), "empty"},
      {write("text.png", "not a picture at all"), "is not a PNG"},
      {write("cut.png", bytes.substr(0, bytes.size() / 2)), "cut.png"},
      {write("huge.png", huge), "40000"}};
  for (const auto& [path, says] : bad) {
    expect_style_refused({"--style-image", path}, "--style-image: ");
    expect_style_refused({"--style-image", path}, says);
  }
  fs::create_directory(dir / "folder.png");
  expect_style_refused({"--style-image", (dir / "folder.png").string()}, "folder.png");
}

TEST(BatchStyleSources, OptionsWithoutTheirSourceAreRefused) {
  expect_style_refused({"--style-image-bright"}, "--style-image-bright requires --style-image", 2);
  expect_style_refused({"--style-image-fit", "tile"}, "requires --style-image", 2);
  expect_style_refused({"--style-image-channel", "red"}, "requires --style-image", 2);
  expect_style_refused({"--style-gradient", "x", "--style-image", "a.png"}, "excludes", 2);
  expect_style_refused({"--style-gradient", "diagonal"}, "--style-gradient", 2);
  expect_style_refused({"--style-F", "0.03"}, "set a style map's set B");
  expect_style_refused({"--style-preset", "mitosis"}, "set a style map's set B");
  expect_style_refused({"--style-gradient", "x", "--style-preset", "nope"},
                       "--style-preset: unknown preset 'nope'");
  expect_style_refused({"--style-gradient", "x", "--style-Du", "5"},
                       "style");  // past the stability limit
}

}  // namespace
}  // namespace gs::test
