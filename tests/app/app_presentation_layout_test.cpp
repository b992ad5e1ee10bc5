// Presentation mode's layout in the real grayscott (headless, the window's drawing offscreen),
// read from --stats-json's "ui": text readable from the back row by itself, the field keeping its
// share of a 1280x720 screen's projector-safe area, the caption strip only while a caption shows,
// a long caption never cut, the parameter map's axes outside the field with no two labels
// overlapping and the Timings off them and off the field, and the bar's height unchanged when the
// map's pick makes the preset's label "custom (F, k)".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app_run_support.h"
#include "screen_layout.h"

namespace gs::test {
namespace {

using app::ScreenRect;

struct LayoutRun {
  int width = 1280, height = 720;
  float scale = 1;
  std::string grid = "320 180";  // the parameter-map demo's 16:9, small to run fast
  std::string before;            // lines after presentation, size and the UI scale
  std::string caption;           // "" for none
  std::string after;             // lines after the caption, before the last frames
};

std::string where(const LayoutRun& run) {
  return std::to_string(run.width) + "x" + std::to_string(run.height) + " at scale " +
         std::to_string(run.scale) + ", grid " + run.grid +
         (run.caption.empty() ? "" : ", a caption shown");
}

// The app's "ui" after the script; fails the test (and gives null) where the run did.
nlohmann::json ui_of(const LayoutRun& run) {
  ScratchDir dir;
  const std::string script = "set ui-scale " + std::to_string(run.scale) +
                             "\nset font-size 13\nset presentation on\nsize " + run.grid + "\n" +
                             run.before + "reset\n" +
                             (run.caption.empty() ? "" : "caption " + run.caption + "\n") +
                             run.after + "run-frames 6\nquit\n";
  const ProgramResult app = run_app_headless(
      dir, script,
      {"--window-size", std::to_string(run.width) + "x" + std::to_string(run.height),
       "--stats-json", (dir / "stats.json").string()});
  EXPECT_EQ(app.exit_code, 0) << app.err;
  return load_json(dir / "stats.json")["ui"];
}

float area(const ScreenRect& r) {
  return r.width * r.height;
}

const char* const kMapLines =
    "set map-F-low 0\nset map-F-high 0.08\nset map-k-low 0.03\nset map-k-high 0.07\n"
    "set mode map\n";

// The screen less its projector-safe margins (3% of each edge), where everything is laid out.
float safe_area(int width, int height) {
  return (1 - 2 * app::kProjectorSafeMargin) * float(width) * (1 - 2 * app::kProjectorSafeMargin) *
         float(height);
}

// At every UI scale on a 1280x720 projector, for the map demo's 3:2 grid, a square one (the
// default on the CPU) and a 16:9 one, with a caption shown: the field keeps at least 45% of the
// safe area where the lecture turns the Timings off; beside the Timings in the audience's type,
// which never cover it, a third at scale 1 and a quarter at larger scales. The text is at least
// 1/50 of the height, and nothing is clipped.
TEST(AppPresentationLayout, At720pTheFieldKeepsItsShareOfTheScreenAndTheTextIsReadable) {
  for (const char* grid : {"240 160", "192 192", "320 180"})
    for (const float scale : {1.0f, 1.5f, 2.0f, 3.0f})
      for (const bool timings : {true, false}) {
        LayoutRun run;
        run.scale = scale;
        run.grid = grid;
        if (!timings) run.before = "set timings-overlay off\n";
        run.caption = "Between them a diagonal band where patterns live: spots, stripes, mazes";
        SCOPED_TRACE(where(run) + (timings ? ", the Timings shown" : ""));
        const nlohmann::json ui = ui_of(run);
        ASSERT_TRUE(ui.is_object());
        EXPECT_TRUE(ui["clipped"].empty()) << ui["clipped"].dump();
        EXPECT_GE(ui["text_px"].get<float>(), 720.0f / 50.0f - 0.01f) << "labels readable";
        const std::optional<ScreenRect> field = rect_of(ui["field"]);
        const std::optional<ScreenRect> caption = rect_of(ui["caption"]);
        ASSERT_TRUE(field && caption);
        const float share = !timings ? 0.45f : scale == 1.0f ? 1.0f / 3.0f : 0.25f;
        EXPECT_GE(area(*field), share * safe_area(1280, 720))
            << "the field is " << area(*field) / safe_area(1280, 720) << " of the safe area";
        EXPECT_FALSE(caption->overlaps(*field));
        const std::optional<ScreenRect> overlay = rect_of(ui["timings"]);
        ASSERT_EQ(overlay.has_value(), timings);
        if (overlay) {
          EXPECT_FALSE(overlay->overlaps(*field));
        }
      }
}

// On a 1920x1080 projector at scale 1 the text is 1/50 of the height by itself (21.6 px, the
// caption twice that), and a larger scale makes it larger.
TEST(AppPresentationLayout, At1080pScaleOneIsAlreadyReadable) {
  LayoutRun run;
  run.width = 1920;
  run.height = 1080;
  const float one = ui_of(run)["text_px"].get<float>();
  EXPECT_NEAR(one, 1080.0f / 50.0f, 0.01f);
  run.scale = 1.5f;
  EXPECT_GT(ui_of(run)["text_px"].get<float>(), one);
}

// No caption, no strip: the field takes its room.
TEST(AppPresentationLayout, TheCaptionStripIsReservedOnlyWhileACaptionShows) {
  LayoutRun run;
  run.scale = 2;
  run.before = "set timings-overlay off\n";  // the bar on top, the caption across the foot
  const nlohmann::json none = ui_of(run);
  run.caption = "Spots divide like cells";
  const nlohmann::json shown = ui_of(run);
  EXPECT_TRUE(none["caption"].is_null()) << none.dump();
  ASSERT_TRUE(rect_of(shown["caption"]));
  EXPECT_GT(rect_of(none["field"])->height, rect_of(shown["field"])->height);
}

// Long captions: two lines of large type across a 16:9 screen, or many in a narrow column.
const char* const kLongCaptions[] = {
    "A long caption, as a lecturer writes when one slide must say it all: the feed F brings fresh "
    "u in from outside, the kill k takes v away, and between the two a narrow band of (F, k) "
    "keeps patterns alive; spots that divide like cells, stripes that grow into mazes, waves that "
    "never settle, and to either side of the band a plain field, all u or all v.",
    "The Timings overlay shows kernel and transfer milliseconds; watch them as the transfer path "
    "changes between interop, host and upload, and see what each one costs per frame"};

// The caption that --stats-json once reported cut (222 px at 1280x720, scale 1.5): a long one
// is set smaller until it fits its strip, with the bar on top and in a column beside the field.
// A 16:9 grid's strip spans the whole window, which ImGui keeps a few pixels in from the screen's
// edges: that caption was cut by them (6 px at 720p, 8 at 1080p, from scale 1.5 on).
TEST(AppPresentationLayout, ALongCaptionIsNeverClipped) {
  for (const auto& [width, height] : {std::pair{1280, 720}, std::pair{1920, 1080}})
    for (const char* grid : {"240 160", "192 192", "480 270"})
      for (const char* caption : kLongCaptions) {
        LayoutRun run;
        run.width = width;
        run.height = height;
        run.scale = 1.5f;
        run.grid = grid;
        run.caption = caption;
        SCOPED_TRACE(where(run));
        const nlohmann::json ui = ui_of(run);
        EXPECT_TRUE(ui["clipped"].empty()) << ui["clipped"].dump();
        ASSERT_TRUE(rect_of(ui["caption"]));
      }
}

// Map mode on both projectors at scales 1 to 3: the axes' strips and every label outside the
// field and inside the window, no two labels overlapping, none under the bar, the caption, the
// colour bar or the Timings, and the Timings off the map's top-left corner. At scale 1 the
// labels are at least 1/45 of the height. With all of that, the demo's 16:9 map keeps half of a
// 1280x720 screen's safe area once the demo turns the Timings off.
TEST(AppPresentationLayout, TheMapsAxesSitOutsideTheFieldAndNoLabelsOverlap) {
  for (const auto& [width, height] : {std::pair{1280, 720}, std::pair{1920, 1080}})
    for (const float scale : {1.0f, 2.0f, 3.0f})
      for (const bool timings_shown : {true, false}) {
        LayoutRun run;
        run.width = width;
        run.height = height;
        run.scale = scale;
        run.before = std::string(kMapLines) + (timings_shown ? "" : "set timings-overlay off\n");
        run.caption = "k grows to the right, F grows upward: read them off the axes";
        SCOPED_TRACE(where(run));
        const nlohmann::json ui = ui_of(run);
        ASSERT_TRUE(ui.is_object());
        EXPECT_TRUE(ui["clipped"].empty()) << ui["clipped"].dump();
        const ScreenRect field = rect_of(ui["field"]).value_or(ScreenRect{});
        const std::optional<ScreenRect> F_axis = rect_of(ui["F_axis"]);
        const std::optional<ScreenRect> k_axis = rect_of(ui["k_axis"]);
        ASSERT_TRUE(F_axis && k_axis) << ui.dump();
        EXPECT_FALSE(F_axis->overlaps(field));
        EXPECT_FALSE(k_axis->overlaps(field));
        if (width == 1280 && !timings_shown) {
          EXPECT_GE(area(field), 0.5f * safe_area(1280, 720))
              << "the map is " << area(field) / safe_area(1280, 720) << " of the safe area";
        }
        std::vector<ScreenRect> labels;
        for (const nlohmann::json& label : ui["map_labels"]) labels.push_back(*rect_of(label));
        // Six k ticks, six F ticks and the two names where nothing crowds them; at least the ends
        // and the names always.
        EXPECT_GE(labels.size(), 6u) << ui["map_labels"].dump();
        std::vector<ScreenRect> others = {field, rect_of(ui["colour_bar"]).value()};
        for (const char* name : {"bar", "caption", "timings"})
          if (const std::optional<ScreenRect> r = rect_of(ui[name])) others.push_back(*r);
        for (std::size_t i = 0; i < labels.size(); ++i) {
          const ScreenRect& a = labels[i];
          EXPECT_GE(a.x, 0.0f);
          EXPECT_LE(a.right(), float(width));
          EXPECT_LE(a.bottom(), float(height));
          for (const ScreenRect& other : others)
            EXPECT_FALSE(a.overlaps(other)) << "label " << i << " at " << a.x << "," << a.y;
          for (std::size_t j = i + 1; j < labels.size(); ++j)
            EXPECT_FALSE(a.overlaps(labels[j])) << "labels " << i << " and " << j << " overlap";
          EXPECT_GE(a.height, float(height) / 27.0f - 0.01f) << "readable from the back";
        }
        const std::optional<ScreenRect> timings = rect_of(ui["timings"]);
        ASSERT_EQ(timings.has_value(), timings_shown);
        if (!timings) continue;
        EXPECT_FALSE(timings->overlaps(*F_axis));
        EXPECT_FALSE(timings->overlaps(*k_axis));
        EXPECT_FALSE(timings->overlaps(field)) << "the map's bands stay clear";
      }
}

// The map demo's pick makes the preset "custom (F, k)": the bar keeps its height (the field
// does not jump mid-demo), at the scale the lecturer found it wrapping.
TEST(AppPresentationLayout, ThePicksCustomLabelLeavesTheBarsHeightAlone) {
  for (const float scale : {1.0f, 2.0f}) {
    LayoutRun run;
    run.scale = scale;
    run.before = std::string("preset pearson-epsilon\n") + kMapLines;
    run.caption = "Picked";
    SCOPED_TRACE(where(run));
    const nlohmann::json before = ui_of(run);
    run.after = "run-frames 2\npick 151 104\n";  // F and k with seven digits
    const nlohmann::json after = ui_of(run);
    ASSERT_TRUE(rect_of(before["bar"]) && rect_of(after["bar"]));
    EXPECT_FLOAT_EQ(rect_of(after["bar"])->height, rect_of(before["bar"])->height);
    EXPECT_TRUE(after["clipped"].empty()) << after["clipped"].dump();
  }
}

}  // namespace
}  // namespace gs::test
