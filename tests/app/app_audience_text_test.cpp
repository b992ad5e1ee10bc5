// What the audience reads, measured on the real app's window screenshots while presenting at
// 1280x720 and 1920x1080: the colour bar's and the map axes' labels, the caption and the Timings'
// figures stand at least 1/45 of the screen's height (before, the labels were about 10 px at
// 720p, 1/72), everything keeps a projector-safe margin of 3% from each edge (the caption sat on
// the screen's last row), and a new, longer caption is whole in the first frame that shows it
// (it was drawn once in the previous caption's box, cut).
#include <gtest/gtest.h>

#include <algorithm>

#include "app_run_support.h"

namespace gs::test {
namespace {

using app::ScreenRect;

// The UI's light text (its ink is 235 grey, with antialiased edges): grey and bright, which no
// colormap colour is.
bool ink(const Image& shot, int x, int y) {
  const std::size_t at = (std::size_t(y) * std::size_t(shot.width) + std::size_t(x)) * 3;
  const int r = shot.rgb[at], g = shot.rgb[at + 1], b = shot.rgb[at + 2];
  return std::min({r, g, b}) > 120 && std::max({r, g, b}) - std::min({r, g, b}) < 40;
}

// Runs of rows (or columns) of `rect` holding ink, as [first, last] pairs, split where at least
// `gap` rows (columns) hold none.
std::vector<std::pair<int, int>> ink_runs(const Image& shot, const ScreenRect& rect, bool rows,
                                          int gap = 1) {
  const int x0 = std::max(0, int(rect.x)), x1 = std::min(shot.width, int(rect.right()));
  const int y0 = std::max(0, int(rect.y)), y1 = std::min(shot.height, int(rect.bottom()));
  std::vector<std::pair<int, int>> runs;
  int empty = gap;
  for (int i = rows ? y0 : x0; i < (rows ? y1 : x1); ++i) {
    bool any = false;
    for (int j = rows ? x0 : y0; j < (rows ? x1 : y1) && !any; ++j)
      any = rows ? ink(shot, j, i) : ink(shot, i, j);
    if (!any) {
      ++empty;
      continue;
    }
    if (empty >= gap || runs.empty())
      runs.push_back({i, i});
    else
      runs.back().second = i;
    empty = 0;
  }
  return runs;
}

int height_of(const std::pair<int, int>& run) {
  return run.second - run.first + 1;
}

struct Presented {
  Image shot;
  nlohmann::json ui;
};

// The parameter map presenting with the Timings shown and a caption, a window screenshot once
// it has settled.
Presented present_map(const ScratchDir& dir, const std::string& size) {
  const ProgramResult app = run_app_headless(
      dir,
      "backend cpu\nset presentation on\nsize 320 180\nset map-F-low 0\nset map-F-high 0.08\n"
      "set map-k-low 0.03\nset map-k-high 0.07\nset mode map\nreset\n"
      "caption F 0.026 and k 0.061\nrun-frames 6\nwindow-screenshot " +
          (dir / "shot.png").string() + "\nquit\n",
      {"--window-size", size, "--stats-json", (dir / "stats.json").string()});
  EXPECT_EQ(app.exit_code, 0) << app.err;
  return {load_png(dir / "shot.png"), load_json(dir / "stats.json")["ui"]};
}

TEST(AppAudienceText, WhatTheAudienceReadsStandsAtLeastAFortyFifthOfTheScreen) {
  for (const auto& [size, height] : {std::pair{"1280x720", 720}, std::pair{"1920x1080", 1080}}) {
    SCOPED_TRACE(size);
    ScratchDir dir;
    const Presented run = present_map(dir, size);
    ASSERT_EQ(run.shot.height, height);
    const int least = (height + 44) / 45;
    const std::optional<ScreenRect> colour_bar = rect_of(run.ui["colour_bar"]);
    const std::optional<ScreenRect> k_axis = rect_of(run.ui["k_axis"]);
    const std::optional<ScreenRect> caption = rect_of(run.ui["caption"]);
    const std::optional<ScreenRect> timings = rect_of(run.ui["timings"]);
    ASSERT_TRUE(colour_bar && k_axis && caption && timings) << run.ui.dump();
    // The colour bar's labels, right of its strip: "0.5", "0.25", "0", one above another.
    // Each label is centred on its end of the strip, half above it.
    const float label_room = 6 * colour_bar->width, half_label = colour_bar->width;
    const ScreenRect labels{colour_bar->right() + 1, colour_bar->y - half_label, label_room,
                            colour_bar->height + 2 * half_label};
    const auto bar_labels = ink_runs(run.shot, labels, true, 4);
    ASSERT_EQ(bar_labels.size(), 3u);
    for (const auto& label : bar_labels) EXPECT_GE(height_of(label), least) << "colour bar";
    // The k axis's first label ("0.03") under the field's left end: its digits' rows.
    const auto k_labels = ink_runs(run.shot, *k_axis, false, 6);
    ASSERT_GE(k_labels.size(), 3u);
    const ScreenRect first{float(k_labels[0].first), k_axis->y, float(height_of(k_labels[0])),
                           k_axis->height};
    const auto digits = ink_runs(run.shot, first, true);
    ASSERT_FALSE(digits.empty());
    EXPECT_GE(height_of(digits.back()), least) << "the k axis's labels";
    // The caption's line, its capitals and digits.
    const auto caption_lines = ink_runs(run.shot, *caption, true);
    ASSERT_FALSE(caption_lines.empty());
    for (const auto& line : caption_lines) EXPECT_GE(height_of(line), least) << "caption";
    // The Timings: the path and each figure's row (the devices line under them, in the text
    // size, is for the lecturer).
    const auto rows = ink_runs(run.shot, *timings, true);
    ASSERT_GE(rows.size(), 7u);
    for (std::size_t i = 0; i + 1 < rows.size(); ++i)
      EXPECT_GE(height_of(rows[i]), least) << "the Timings' row " << i << " at " << rows[i].first;
  }
}

// The outer 3% of each edge holds nothing but the window's background.
TEST(AppAudienceText, EverythingKeepsAProjectorSafeMargin) {
  for (const char* size : {"1280x720", "1920x1080"}) {
    SCOPED_TRACE(size);
    ScratchDir dir;
    const Presented run = present_map(dir, size);
    const Image& shot = run.shot;
    ASSERT_GT(shot.width, 0);
    const int margin_x = int(0.03 * shot.width), margin_y = int(0.03 * shot.height);
    const unsigned char* background = &shot.rgb[0];
    int drawn = 0;
    for (int y = 0; y < shot.height; ++y)
      for (int x = 0; x < shot.width; ++x) {
        const bool edge = x < margin_x || x >= shot.width - margin_x || y < margin_y ||
                          y >= shot.height - margin_y;
        const unsigned char* pixel = &shot.rgb[(std::size_t(y) * shot.width + x) * 3];
        if (edge && !std::equal(pixel, pixel + 3, background)) ++drawn;
      }
    EXPECT_EQ(drawn, 0) << "pixels drawn in the projector's margin";
  }
}

// Paused, so nothing else changes: the frame that first shows a longer caption shows it as the
// frames after it do, whole, in a box of its own size; the bar likewise.
TEST(AppAudienceText, ANewLongerCaptionIsWholeInItsFirstFrame) {
  for (const char* timings : {"on", "off"}) {
    SCOPED_TRACE(std::string("the Timings ") + timings);
    ScratchDir dir;
    const ProgramResult app = run_app_headless(
        dir,
        std::string("backend cpu\nsize 480 270\npause\nset presentation on\nset timings-overlay ") +
            timings +
            "\ncaption Short\nrun-frames 4\n"
            "caption A much longer caption that needs more room than the one before it: drawn "
            "whole in the frame that first shows it, not in the old box\n"
            "window-screenshot " +
            (dir / "first.png").string() + "\nrun-frames 4\nwindow-screenshot " +
            (dir / "later.png").string() + "\nquit\n",
        {"--window-size", "1280x720", "--stats-json", (dir / "stats.json").string()});
    ASSERT_EQ(app.exit_code, 0) << app.err;
    const nlohmann::json ui = load_json(dir / "stats.json")["ui"];
    const Image first = load_png(dir / "first.png"), later = load_png(dir / "later.png");
    ASSERT_EQ(first.width, 1280);
    ASSERT_EQ(later.width, 1280);
    for (const char* part : {"caption", "bar"}) {
      const std::optional<ScreenRect> rect = rect_of(ui[part]);
      ASSERT_TRUE(rect) << part;
      EXPECT_TRUE(same_pixels(first, later, int(rect->x), int(rect->y),
                              std::min(1280, int(rect->right())),
                              std::min(720, int(rect->bottom()))))
          << part << " differs between its first frame and a later one";
    }
    EXPECT_TRUE(ui["clipped"].empty()) << ui["clipped"].dump();
  }
}

}  // namespace
}  // namespace gs::test
