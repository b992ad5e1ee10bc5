// The real grayscott under Xvfb, what it shows and keeps: screenshots through the colormap,
// painting, the parameter map's pick, window captures, remembered presentation settings and
// recordings (the rest is in app_xvfb_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "app_run_support.h"
#include "colormap.h"
#include "gs/cell_update.h"
#include "gs/state_file.h"
#include "video_recorder.h"

namespace gs::test {
namespace {

TEST(AppUnderXvfb, ScreenshotsMatchTheFieldThroughTheColormapAndItsRange) {
  ScratchDir dir;
  const ProgramResult batch =
      run_program(GS_BATCH_BINARY, {"--width", "120", "--height", "80", "--preset", "pearson-theta",
                                    "--steps", "400", "--output", (dir / "state.h5").string()});
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  const std::string script =
      "pause\n"
      "load " +
      (dir / "state.h5").string() + "\n" +
      "set colormap grayscale\n"
      "set range-auto on\n"
      "run-frames 1\n"
      "screenshot " +
      (dir / "auto.png").string() + "\n" +
      "set colormap turbo_r\n"
      "set range-min 0.1\n"
      "set range-max 0.3\n"
      "run-frames 1\n"
      "screenshot " +
      (dir / "manual.png").string() + "\n" + "quit\n";
  const ProgramResult app = run_app(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;

  Expected<StateFile> state = read_state(dir / "state.h5");
  ASSERT_TRUE(state);
  const std::vector<float> v(state->fields.v.begin(), state->fields.v.end());
  const auto [low, high] = std::minmax_element(v.begin(), v.end());
  const std::vector<std::uint8_t> expected_auto =
      field_through_colormap(v, "grayscale", *low, *high);
  const std::vector<std::uint8_t> expected_manual =
      field_through_colormap(v, "turbo_r", 0.1f, 0.3f);
  const Image auto_shot = load_png(dir / "auto.png");
  const Image manual_shot = load_png(dir / "manual.png");
  ASSERT_EQ(auto_shot.width, 120);
  EXPECT_TRUE(auto_shot.rgb == expected_auto) << "auto range, grayscale";
  EXPECT_TRUE(manual_shot.rgb == expected_manual) << "manual range, reversed turbo";
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

TEST(AppUnderXvfb, PaintingChangesTheFieldWhereAndOnlyWherePainted) {
  ScratchDir dir;
  const std::string script =
      "pause\n"
      "size 80 60\n"
      "reset noise 2\n"
      "save " +
      (dir / "before.h5").string() + "\n" +
      "paint 30 20 5 0.9\n"
      "erase 60 40 3\n"
      "paint 10.5 50.5 2.2 0.7 from 40.5 50.5\n"  // a drag's segment
      "save " +
      (dir / "after.h5").string() + "\n" + "quit\n";
  const ProgramResult app = run_app(dir, script);
  ASSERT_EQ(app.exit_code, 0) << app.err;
  Expected<StateFile> before = read_state(dir / "before.h5");
  Expected<StateFile> after = read_state(dir / "after.h5");
  ASSERT_TRUE(before && after);
  const auto within = [](int x, int y, float cx, float cy, float r) {
    const float dx = float(x) + 0.5f - cx, dy = float(y) + 0.5f - cy;
    return dx * dx + dy * dy <= r * r;
  };
  // Within 2.2 cells of the segment from (40.5, 50.5) to (10.5, 50.5).
  const auto along = [](int x, int y) {
    const double dx = std::max({10.5 - (x + 0.5), 0.0, x + 0.5 - 40.5}), dy = y + 0.5 - 50.5;
    return dx * dx + dy * dy <= 2.2 * 2.2;
  };
  int painted = 0, erased = 0, stroked = 0;
  for (int y = 0; y < 60; ++y)
    for (int x = 0; x < 80; ++x) {
      const std::size_t i = std::size_t(y) * 80 + x;
      if (within(x, y, 30, 20, 5)) {
        EXPECT_EQ(after->fields.v[i], 0.9f);
        EXPECT_EQ(after->fields.u[i], before->fields.u[i]);
        ++painted;
      } else if (within(x, y, 60, 40, 3)) {
        EXPECT_EQ(after->fields.u[i], 1.0f);
        EXPECT_EQ(after->fields.v[i], 0.0f);
        ++erased;
      } else if (along(x, y)) {
        EXPECT_EQ(after->fields.v[i], 0.7f) << x << "," << y;
        ++stroked;
      } else {
        ASSERT_EQ(after->fields.u[i], before->fields.u[i]) << x << "," << y;
        ASSERT_EQ(after->fields.v[i], before->fields.v[i]) << x << "," << y;
      }
    }
  EXPECT_GT(painted, 60);
  EXPECT_GT(erased, 20);
  EXPECT_EQ(stroked, 35 + 2 * 33 + 2 * 31) << "rows 48 to 52, round at the ends";
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

TEST(AppUnderXvfb, AMapPickSetsTheFAndKOfThatCellAndReturnsToUniformMode) {
  ScratchDir dir;
  const std::string script =
      "size 100 80\n"
      "set mode map\n"
      "run-frames 5\n"
      "pick 30 10\n"
      "save " +
      (dir / "picked.h5").string() + "\n" +
      "pick 30 10\n"  // no longer in map mode: an error on line 6
      "quit\n";
  const ProgramResult app = run_app(dir, script);
  EXPECT_NE(app.exit_code, 0);
  EXPECT_NE(app.err.find("script.gs:6: pick works in parameter-map mode"), std::string::npos)
      << app.err;
  Expected<StateFile> picked = read_state(dir / "picked.h5");
  ASSERT_TRUE(picked) << picked.message();
  Params map;  // Pearson's default ranges: F 0 to 0.1 upward, k 0.03 to 0.07 rightward
  map.map.enabled = true;
  EXPECT_FLOAT_EQ(*picked->params.F, map_F(map, 10, 80));
  EXPECT_FLOAT_EQ(*picked->params.k, map_k(map, 30, 100));
  EXPECT_NEAR(*picked->params.F, 0.1 - 0.1 * 10.5 / 80, 1e-6);
  EXPECT_NEAR(*picked->params.k, 0.03 + 0.04 * 30.5 / 100, 1e-6);
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

TEST(AppUnderXvfb, WindowCapturesIncludeTheUiUnlessHiddenAndDefaultNamesAreTimestamped) {
  ScratchDir dir;
  std::filesystem::create_directory(dir / "captures");
  const std::string script =
      "pause\n"
      "size 120 90\n"
      "run-frames 2\n"
      "window-screenshot " +
      (dir / "with-ui.png").string() + "\n" +
      "set ui hidden\n"
      "run-frames 2\n"
      "window-screenshot " +
      (dir / "clean.png").string() + "\n" + "capture-folder " + (dir / "captures").string() + "\n" +
      "screenshot\n"
      "screenshot\n"
      "quit\n";
  const ProgramResult app = run_app(dir, script, {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const Image with_ui = load_png(dir / "with-ui.png");
  const Image clean = load_png(dir / "clean.png");
  ASSERT_GT(with_ui.width, 120) << "the whole window, not the grid";
  ASSERT_EQ(with_ui.width, clean.width);
  ASSERT_EQ(with_ui.height, clean.height);
  // The panel sits at the left: there the captures differ. Hidden, the field takes the window
  // and nothing of the UI is drawn over it.
  EXPECT_FALSE(same_pixels(with_ui, clean, 10, 10, 300, 200))
      << "the panel shows in one capture only";
  const std::optional<app::ScreenRect> field =
      rect_of(load_json(dir / "stats.json")["ui"]["field"]);
  ASSERT_TRUE(field);
  EXPECT_GT(field->height, 0.9 * clean.height) << "the field fills the window's height";
  EXPECT_GT(colormap_share(clean, *field, app::colormap_table(*app::find_colormap("viridis"))),
            0.99)
      << "nothing over the field";

  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir / "captures"))
    names.push_back(entry.path().filename().string());
  ASSERT_EQ(names.size(), 2u) << "two captures in the same second keep their own files";
  for (const std::string& name : names) {
    EXPECT_EQ(name.rfind("grayscott-20", 0), 0u) << name;
    EXPECT_EQ(load_png(dir / "captures" / name).width, 120) << name;
  }
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

TEST(AppUnderXvfb, PresentationSettingsAreRemembered) {
  ScratchDir dir;
  const ProgramResult first =
      run_app(dir, "set ui-scale 1.5\nset font-size 20\nrun-frames 2\nquit\n");
  ASSERT_EQ(first.exit_code, 0) << first.err;
  const std::filesystem::path config = dir / "config" / "grayscott-live";
  EXPECT_TRUE(std::filesystem::exists(config / "imgui.ini"));
  std::ifstream in(config / "settings.json");
  const nlohmann::json saved = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(saved.is_discarded());
  EXPECT_EQ(saved["ui_scale"], 1.5);
  EXPECT_EQ(saved["font_size"], 20.0);
  EXPECT_EQ(saved["favourites"].size(), 9u);
  EXPECT_GT(saved["window"]["width"].get<int>(), 0);

  // The next run starts from them (and keeps them when nothing changes).
  const ProgramResult second = run_app(dir, "run-frames 2\nquit\n");
  ASSERT_EQ(second.exit_code, 0) << second.err;
  std::ifstream again(config / "settings.json");
  EXPECT_EQ(nlohmann::json::parse(again)["ui_scale"], 1.5);

  const ProgramResult refused = run_app(dir, "set ui-scale 9\nquit\n");
  EXPECT_NE(refused.exit_code, 0);
  EXPECT_NE(refused.err.find("ui-scale must be from 0.5 to 4"), std::string::npos) << refused.err;
}

TEST(AppUnderXvfb, WindowSizeOptionOverridesTheRememberedPlacement) {
  ScratchDir dir;
  const std::filesystem::path config = dir / "config" / "grayscott-live";
  std::filesystem::create_directories(config);
  std::ofstream(config / "settings.json")
      << R"({"window": {"x": 20, "y": 10, "width": 320, "height": 240}})"
      << "\n";
  const auto capture = [&](const std::string& name, std::vector<std::string> extra) {
    const ProgramResult app = run_app(
        dir, "run-frames 2\nwindow-screenshot " + (dir / name).string() + "\nquit\n", extra);
    EXPECT_EQ(app.exit_code, 0) << app.err;
    const Image image = load_png(dir / name);
    return std::pair{image.width, image.height};
  };
  EXPECT_EQ(capture("remembered.png", {}), (std::pair{320, 240}));
  EXPECT_EQ(capture("asked.png", {"--window-size", "500x300"}), (std::pair{500, 300}));
  std::ifstream in(config / "settings.json");
  EXPECT_EQ(nlohmann::json::parse(in)["window"]["width"], 500) << "windowed runs remember it";
}

}  // namespace
}  // namespace gs::test

namespace gs::test {
namespace {

TEST(AppUnderXvfb, ARecordingHasOneVideoFramePerDisplayedFrame) {
  if (!app::VideoRecorder::encodes_mp4())
    GTEST_SKIP() << "built without libavcodec: PNG sequences only";
  ScratchDir dir;
  const std::string script =
      "size 160 120\n"
      "reset spots 2\n"
      "record start " +
      (dir / "clip.mp4").string() + " 4 30\n" +
      "run-frames 45\n"
      "record stop\n"
      "quit\n";
  const ProgramResult app = run_app(dir, script, {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const Probe video = probe(dir / "clip.mp4");
  EXPECT_EQ(video.codec, "h264");
  EXPECT_EQ(video.width, 160);
  EXPECT_EQ(video.height, 120);
  EXPECT_EQ(video.frames, 45);
  EXPECT_TRUE(plays_to_the_end(dir / "clip.mp4"));
  std::ifstream in(dir / "stats.json");
  EXPECT_GE(nlohmann::json::parse(in)["steps"].get<long long>(), 45 * 4)
      << "4 steps per video frame";
}

TEST(AppUnderXvfb, AFullDiskStopsTheRecordingWithAMessageAndLeavesAPlayableFile) {
  if (!app::VideoRecorder::encodes_mp4())
    GTEST_SKIP() << "built without libavcodec: PNG sequences only";
  ScratchDir dir;
  // Mitosis from noise smooths out at once: the first fragment fits under the limit.
  const std::string script =
      "preset mitosis\n"
      "size 256 256\n"
      "reset noise 3\n"
      "set colormap turbo\n"
      "record start " +
      (dir / "full.mp4").string() + " 1 30\n" +
      "run-frames 300\n"
      "quit\n";
  std::ofstream(dir / "script.gs") << script;
  // A file-size limit of 150 kB stands in for a full disk.
  const ProgramResult app = run_program(
      "/usr/bin/env", Args{"XDG_CONFIG_HOME=" + (dir / "config").string()} + xvfb_run() +
                          Args{"/usr/bin/prlimit", "--fsize=150000", GS_APP_BINARY, "--script",
                               (dir / "script.gs").string()});
  EXPECT_EQ(app.exit_code, 0) << app.err;
  EXPECT_NE(app.err.find("recording stopped: writing the video failed: File too large"),
            std::string::npos)
      << app.err;
  ASSERT_TRUE(std::filesystem::exists(dir / "full.mp4")) << "what was recorded is kept";
  const Probe video = probe(dir / "full.mp4");
  EXPECT_EQ(video.codec, "h264");
  EXPECT_GT(video.frames, 0);
  EXPECT_LT(video.frames, 300);
  EXPECT_TRUE(plays_to_the_end(dir / "full.mp4"));
}

}  // namespace
}  // namespace gs::test
