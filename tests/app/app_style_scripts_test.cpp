// The real grayscott, headless, with the style map's script lines: style-image and
// style-gradient make the library's maps (style_from_picture, style_gradient), style-b sets B,
// paint-a / paint-b move the bytes as the brush predicts and leave u and v alone (starting a map
// where none runs), style-swap trades the sets, style off drops the map; a bad picture is the
// line's one-line error with nothing written after it; and save-setup's lines, run again, make
// the same style bytes (a painted map through the picture saved beside them).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "app_run_support.h"
#include "gs/cpu_twin_backend.h"
#include "gs/param_overrides.h"
#include "gs/state_file.h"
#include "gs/style_gradient.h"
#include "picture_file.h"
#include "picture_style.h"
#include "png_image.h"

namespace gs::test {
namespace {

constexpr GridSize kStyleGrid{64, 48};

// A small picture with every channel different across it.
std::filesystem::path write_picture(const ScratchDir& dir, const std::string& name) {
  const GridSize size{20, 15};
  std::vector<std::uint8_t> rgb(size.cells() * 3);
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      std::uint8_t* pixel = &rgb[(std::size_t(y) * size.width + x) * 3];
      pixel[0] = std::uint8_t(x * 12), pixel[1] = std::uint8_t(y * 17);
      pixel[2] = std::uint8_t((x * y * 5) & 255);
    }
  const std::filesystem::path path = dir / name;
  EXPECT_TRUE(app::write_png(path, size, rgb));
  return path;
}

StateFile read(const std::filesystem::path& path) {
  Expected<StateFile> state = read_state(path);
  EXPECT_TRUE(state) << state.message();
  return state ? std::move(state).value() : StateFile{};
}

// The parameters a state file names, its style map running where it has one.
Params params_of(const StateFile& state) {
  ParamLayers layers;
  layers.file = state.params;
  Params params = layer_params(layers);
  params.style.enabled = !state.fields.style.empty();
  return params;
}

StyleData predicted_picture_map(const std::filesystem::path& path,
                                const app::PicturePlacement& placement, GridSize grid) {
  Expected<app::Picture> picture = app::read_picture(path);
  EXPECT_TRUE(picture) << picture.message();
  return picture ? app::style_from_picture(*picture, placement, grid) : StyleData{};
}

TEST(AppStyleScripts, PicturesAndGradientsAreTheLibrarysMaps) {
  ScratchDir dir;
  const std::string picture = write_picture(dir, "pic.png").string();
  const auto path = [&](const char* name) { return (dir / name).string(); };
  const std::string script =
      "backend cpu\nsize 64 48\npause\nstyle-b 0.055 0.062 0.2 0.1\n"
      "style-image " +
      picture + " channel=green fit=fill bright\nsave " + path("a.h5") +
      "\nstyle-gradient y\nsave " + path("b.h5") + "\nstyle-image " + picture + "\nsave " +
      path("c.h5") + "\nquit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const StateFile a = read(dir / "a.h5"), b = read(dir / "b.h5"), c = read(dir / "c.h5");
  const app::PicturePlacement options{app::PictureChannel::Green, true, app::PictureFit::Fill};
  EXPECT_EQ(a.fields.style, predicted_picture_map(picture, options, kStyleGrid));
  EXPECT_EQ(b.fields.style, style_gradient(kStyleGrid, StyleGradient::Y));
  EXPECT_EQ(c.fields.style, predicted_picture_map(picture, app::PicturePlacement{}, kStyleGrid));
  EXPECT_NE(a.fields.style, c.fields.style) << "the options count";
  EXPECT_EQ(params_of(a).style, (StyleMix{true, 0.055f, 0.062f, 0.2f, 0.1f}));
  EXPECT_TRUE(a.fields.u == b.fields.u && a.fields.v == b.fields.v) << "u and v stay";
}

TEST(AppStyleScripts, PaintSwapAndOff) {
  ScratchDir dir;
  const auto path = [&](const char* name) { return (dir / name).string(); };
  const std::string script =
      "backend cpu\npreset mitosis\nsize 64 48\npause\nstyle-gradient x\n"
      "style-b 0.05 0.063 0.19 0.09\nsave " +
      path("g.h5") + "\npaint-b 20.5 20.5 6\npaint-a 40.5 30.5 5 from 30.5 30.5\nsave " +
      path("p.h5") + "\nstyle-swap\nsave " + path("s.h5") + "\nstyle off\nsave " + path("o.h5") +
      "\nquit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const StateFile g = read(dir / "g.h5"), p = read(dir / "p.h5");
  const StateFile s = read(dir / "s.h5"), o = read(dir / "o.h5");

  // The brush's prediction: the twin's paint over the gradient.
  CpuTwinBackend twin;
  const Params gp = params_of(g);
  ASSERT_TRUE(twin.set_params(gp));
  ASSERT_TRUE(twin.copy_in(g.fields));
  Brush b{20.5f, 20.5f, 6.0f, 0.5f, false};
  b.style = BrushStyle::TowardB;
  Brush a{40.5f, 30.5f, 5.0f, 0.5f, false, -10.0f, 0.0f, BrushStyle::TowardA};
  ASSERT_TRUE(twin.paint(b));
  ASSERT_TRUE(twin.paint(a));
  Fields expected;
  ASSERT_TRUE(twin.copy_out(expected));
  EXPECT_EQ(p.fields.style, expected.style);
  EXPECT_NE(p.fields.style, g.fields.style);
  EXPECT_EQ(p.fields.style[20 * 64 + 20], 255) << "B at the disc's centre";
  EXPECT_EQ(p.fields.style[30 * 64 + 35], 0) << "A along the segment";
  EXPECT_GT(p.fields.style[20 * 64 + 24], g.fields.style[20 * 64 + 24]) << "a soft edge";
  EXPECT_LT(p.fields.style[20 * 64 + 24], 255);
  EXPECT_TRUE(p.fields.u == g.fields.u && p.fields.v == g.fields.v) << "u and v stay";

  // Swapped: A has B's values and B A's; the map stays.
  EXPECT_EQ(params_of(s).F, 0.05f);
  EXPECT_EQ(params_of(s).Dv, 0.09f);
  EXPECT_EQ(params_of(s).style, (StyleMix{true, gp.F, gp.k, gp.Du, gp.Dv}));
  EXPECT_EQ(s.fields.style, p.fields.style);
  // Off: no map, set A alone.
  EXPECT_TRUE(o.fields.style.empty());
  EXPECT_FALSE(o.params.style.F.has_value()) << "no set B either";
  EXPECT_EQ(params_of(o).F, params_of(s).F);
}

TEST(AppStyleScripts, PaintingWithoutAMapStartsOneOfSetA) {
  ScratchDir dir;
  const std::string script = "backend cpu\nsize 64 48\npause\npaint-b 10.5 10.5 4\nsave " +
                             (dir / "p.h5").string() + "\nquit\n";
  const ProgramResult app = run_app_headless(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const StateFile p = read(dir / "p.h5");
  ASSERT_EQ(p.fields.style.size(), kStyleGrid.cells());
  EXPECT_EQ(p.fields.style[10 * 64 + 10], 255);
  std::size_t painted = 0;
  for (std::uint8_t byte : p.fields.style) painted += byte != 0;
  EXPECT_GT(painted, 10u);
  EXPECT_LT(painted, 60u) << "set A everywhere else";
}

TEST(AppStyleScripts, ABadPictureIsTheLinesErrorAndNothingAfterItRuns) {
  ScratchDir dir;
  std::ofstream(dir / "text.png") << "not a picture at all\n";
  std::ofstream(dir / "empty.png");
  {  // a PNG header claiming 40000 x 40000 pixels
    const unsigned char header[] = {0x89, 'P', 'N',  'G',  '\r', '\n', 0x1a, '\n', 0,    0,
                                    0,    13,  'I',  'H',  'D',  'R',  0,    0,    0x9c, 0x40,
                                    0,    0,   0x9c, 0x40, 8,    2,    0,    0,    0};
    std::ofstream(dir / "huge.png", std::ios::binary)
        .write(reinterpret_cast<const char*>(header), sizeof header);
  }
  {  // a real picture cut short
    const std::filesystem::path whole = write_picture(dir, "whole.png");
    std::ifstream in(whole, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    std::ofstream(dir / "cut.png", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  }
  for (const char* name : {"missing.png", "text.png", "empty.png", "huge.png", "cut.png"}) {
    const std::string script = "backend cpu\nsize 32 32\npause\nstyle-image " +
                               (dir / name).string() + "\nsave " + (dir / "after.h5").string() +
                               "\nquit\n";
    const ProgramResult app = run_app_headless(dir, script);
    EXPECT_NE(app.exit_code, 0) << name;
    EXPECT_NE(app.err.find(std::string(name) + "'"), std::string::npos) << app.err;
    EXPECT_NE(app.err.find("script.gs:4: "), std::string::npos) << "the line: " << app.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "after.h5")) << name;
  }
}

TEST(AppStyleScripts, SaveSetupsLinesMakeTheSameStyleBytes) {
  ScratchDir dir;
  const std::string picture = write_picture(dir, "pic.png").string();
  const auto path = [&](const char* name) { return (dir / name).string(); };
  // A painted map (over a gradient) and a picture's, each saved as setup lines and its state.
  const std::string script =
      "backend cpu\nsize 48 40\npause\nstyle-gradient radial\npaint-a 10 10 6\n"
      "style-b 0.05 0.06 0.2 0.1\nsave-setup " +
      path("painted.gs") + "\nsave " + path("painted.h5") + "\nstyle-image " + picture +
      " fit=tile channel=red\nsave-setup " + path("picture.gs") + "\nsave " + path("picture.h5") +
      "\nquit\n";
  const ProgramResult first = run_app_headless(dir, script);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  ASSERT_TRUE(std::filesystem::exists(dir / "painted-style.png")) << "the painted map's picture";
  EXPECT_FALSE(std::filesystem::exists(dir / "picture-style.png")) << "a picture is by its path";
  for (const char* name : {"painted", "picture"}) {
    std::ifstream in(dir / (std::string(name) + ".gs"));
    std::string lines((std::istreambuf_iterator<char>(in)), {});
    // Each picture named from the setup's folder, where the setup reads it again.
    if (std::string(name) == "picture")
      EXPECT_NE(lines.find("style-image pic.png channel=red fit=tile\n"), std::string::npos)
          << lines;
    else
      EXPECT_NE(lines.find("style-image painted-style.png "), std::string::npos) << lines;
    ScratchDir again;
    const ProgramResult second = run_app_headless(
        dir, "backend cpu\n" + lines + "\nsave " + (again / "out.h5").string() + "\nquit\n");
    ASSERT_EQ(second.exit_code, 0) << second.err;
    const StateFile original = read(dir / (std::string(name) + ".h5"));
    const StateFile made = read(again / "out.h5");
    EXPECT_EQ(made.fields.style, original.fields.style) << name;
    EXPECT_EQ(params_of(made), params_of(original)) << name;
  }
}

}  // namespace
}  // namespace gs::test
