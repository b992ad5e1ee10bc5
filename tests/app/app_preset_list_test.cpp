// The preset list in the real grayscott under Xvfb: a click on the preset box (where the app's
// --stats-json said it is) opens a list most of the window tall, drawn opaque, that lists every
// preset, shows a dozen whole rows at once and marks the eight that die out; in the panel and
// in presentation mode's bar alike.
#include <gtest/gtest.h>

#include "app_run_support.h"

namespace gs::test {
namespace {

// How many presets the app ships (assets/presets.json).
int preset_count() {
  const nlohmann::json presets =
      load_json(std::filesystem::path(GS_SOURCE_DIR) / "assets" / "presets.json");
  return int(presets["presets"].size());
}

// The script, with the list's box clicked (or not) once the capture `ready` is taken; the
// script waits 1.5 s past the click, and the last frame's list goes to stats.json.
nlohmann::json run_clicking(const ScratchDir& dir, bool presenting,
                            std::optional<app::ScreenRect> box) {
  const std::filesystem::path ready = dir / "ready.png";
  std::filesystem::remove(ready);
  const std::string script = std::string("pause\n") + (presenting ? "set presentation on\n" : "") +
                             "run-frames 3\nwindow-screenshot " + ready.string() +
                             "\nwait 1.5\nwindow-screenshot " + (dir / "open.png").string() +
                             "\nquit\n";
  std::string input;
  if (box)
    input = "\"$xdotool\" mousemove " + std::to_string(int(box->x + 0.5f * box->width)) + " " +
            std::to_string(int(box->y + 0.5f * box->height)) +
            " sleep 0.2 mousedown 1 sleep 0.1 mouseup 1\n";
  const ProgramResult app = run_app_with_input(dir, script, ready, input,
                                               {"--stats-json", (dir / "stats.json").string()});
  EXPECT_EQ(app.exit_code, 0) << app.err;
  return load_json(dir / "stats.json");
}

TEST(AppPresetListTiming, AClickOpensATallOpaqueListWithEveryPresetAndTheDyingOnesMarked) {
  for (const bool presenting : {false, true}) {
    SCOPED_TRACE(presenting ? "presentation bar" : "panel");
    ScratchDir dir;
    const nlohmann::json closed = run_clicking(dir, presenting, std::nullopt);
    const std::optional<app::ScreenRect> box = rect_of(closed["ui"]["preset_combo"]);
    ASSERT_TRUE(box.has_value()) << closed.dump();
    EXPECT_TRUE(closed["ui"]["preset_list"].is_null()) << "closed until clicked";

    const nlohmann::json opened = run_clicking(dir, presenting, box);
    const nlohmann::json& list = opened["ui"]["preset_list"];
    ASSERT_TRUE(list.is_object()) << "the click opened no list: " << opened["ui"].dump();
    const std::optional<app::ScreenRect> rect = rect_of(list["rect"]);
    ASSERT_TRUE(rect.has_value());
    EXPECT_GE(rect->height, 0.6f * 720.0f) << "most of the window tall";
    EXPECT_LE(rect->y + rect->height, 720.0f) << "and inside it";
    EXPECT_EQ(list["background_alpha"].get<double>(), 1.0) << "opaque";
    EXPECT_EQ(list["rows"].get<int>(), preset_count()) << "every preset";
    EXPECT_GE(list["rows_shown"].get<int>(), 10) << "a dozen rows to browse, not 4.5";
    EXPECT_EQ(list["marked"].get<int>(), 8) << "the eight that die out (docs/presets.md)";
  }
}

// During a demo (a script with captions, presenting), Esc over the open list closes the list and
// the demo runs on: its lines after the wait still run. Before, Esc did nothing while a list was
// open (ImGui closes popups on Esc only with keyboard navigation), and the list stayed open.
TEST(AppPresetListTiming, EscClosesTheOpenListAndTheDemoRunsOn) {
  ScratchDir dir;
  const nlohmann::json closed = run_clicking(dir, true, std::nullopt);
  const std::optional<app::ScreenRect> box = rect_of(closed["ui"]["preset_combo"]);
  ASSERT_TRUE(box.has_value()) << closed.dump();
  const std::filesystem::path ready = dir / "ready.png";
  std::filesystem::remove(ready);
  const std::string script =
      "pause\nset presentation on\ncaption the first caption\n"
      "run-frames 3\nwindow-screenshot " +
      ready.string() + "\nwait 3\ncaption the second caption\nsave " + (dir / "after.h5").string() +
      "\nquit\n";
  const std::string input =
      "\"$xdotool\" mousemove " + std::to_string(int(box->x + 0.5f * box->width)) + " " +
      std::to_string(int(box->y + 0.5f * box->height)) +
      " sleep 0.2 mousedown 1 sleep 0.1 mouseup 1 sleep 0.5\n\"$xdotool\" mousemove 5 700\n"
      "press Escape\n";
  const ProgramResult app = run_app_with_input(dir, script, ready, input,
                                               {"--stats-json", (dir / "stats.json").string()});
  ASSERT_EQ(app.exit_code, 0) << app.err;
  const nlohmann::json stats = load_json(dir / "stats.json");
  EXPECT_TRUE(stats["ui"]["preset_list"].is_null()) << "Esc closed the list";
  EXPECT_TRUE(std::filesystem::exists(dir / "after.h5")) << "the demo ran on past Esc";
  EXPECT_EQ(stats["caption"]["text"], "the second caption") << stats["caption"].dump();
}

}  // namespace
}  // namespace gs::test
