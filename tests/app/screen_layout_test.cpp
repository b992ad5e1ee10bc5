// The window's layout (core/screen_layout.h): the field keeps its aspect in what the panel, the
// presentation bar and the caption strip leave, nothing overlaps; zoomed in or not, window
// points map to the cells under them.
#include <gtest/gtest.h>

#include "field_view.h"
#include "screen_layout.h"

namespace gs::app {
namespace {

void expect_inside(const ScreenRect& inner, const ScreenRect& outer, const char* what) {
  EXPECT_GE(inner.x, outer.x - 0.01f) << what;
  EXPECT_GE(inner.y, outer.y - 0.01f) << what;
  EXPECT_LE(inner.right(), outer.right() + 0.01f) << what;
  EXPECT_LE(inner.bottom(), outer.bottom() + 0.01f) << what;
}

void expect_aspect(const ScreenRect& field, GridSize grid) {
  EXPECT_NEAR(field.width / field.height, float(grid.width) / float(grid.height), 1e-3f);
}

TEST(ScreenLayout, FitAspectLetterboxesAndCentres) {
  const ScreenRect fitted = fit_aspect({200, 100}, {0, 0, 800, 800});
  EXPECT_FLOAT_EQ(fitted.width, 800.0f);
  EXPECT_FLOAT_EQ(fitted.height, 400.0f);
  EXPECT_FLOAT_EQ(fitted.y, 200.0f);
}

// Presenting on a `width` x `height` screen at `text_px`, a caption `caption_px` high at any width
// (0: none), a bar of one row, a Timings overlay of 300x200 pixels.
LayoutInput presenting(float width, float height, GridSize grid, float text_px,
                       float caption_px = 0, bool map = false) {
  LayoutInput in{width, height, grid, text_px, false, true};
  in.bar_height = [text_px](float) { return 2.4f * text_px; };
  in.timings_width = 300;
  in.timings_height = 200;
  if (caption_px > 0) in.caption_height = [caption_px](float) { return caption_px; };
  in.map_axes = map;
  in.label_px = 2 * text_px;
  return in;
}

ScreenRect safe_area(float width, float height) {
  return {kProjectorSafeMargin * width, kProjectorSafeMargin * height,
          (1 - 2 * kProjectorSafeMargin) * width, (1 - 2 * kProjectorSafeMargin) * height};
}

TEST(ScreenLayout, ThePanelIsASideColumnThatGrowsWithTheTextAndNeverCoversTheField) {
  const GridSize grid{1024, 1024};
  for (const float text_px : {13.0f, 26.0f}) {
    const ScreenLayout layout = layout_screen({1920, 1080, grid, text_px, false, false});
    ASSERT_TRUE(layout.panel.has_value());
    EXPECT_FLOAT_EQ(layout.panel->width, kPanelWidthAt13Px * text_px / 13.0f);
    EXPECT_FALSE(layout.panel->overlaps(layout.field));
    EXPECT_FALSE(layout.panel->overlaps(layout.colour_bar));
    EXPECT_GE(layout.colour_bar.x, layout.field.right()) << "the colour bar beside the field";
    EXPECT_LE(layout.colour_bar.x - layout.field.right(), text_px) << "close beside it";
    expect_inside(layout.field, {0, 0, 1920, 1080}, "field");
    expect_inside(layout.colour_bar, {0, 0, 1920, 1080}, "colour bar");
    expect_aspect(layout.field, grid);
    EXPECT_FALSE(layout.bar || layout.caption || layout.timings);
  }
  const ScreenLayout hidden = layout_screen({1920, 1080, grid, 13, true, false});
  EXPECT_FALSE(hidden.panel.has_value()) << "H hides the panel";
  EXPECT_GT(hidden.field.height, 1000.0f) << "and the field takes the height";
}

// Presenting, everything keeps a projector-safe margin of 3% from each edge, and the Timings
// never cover the field or the map's axes: beside the field where its margin has room, else in
// a column with the bar and the caption.
TEST(ScreenLayout, PresentingEverythingKeepsInsideTheSafeAreaAndTheTimingsOffTheField) {
  for (const auto& [width, height] : {std::pair{1280.0f, 720.0f}, std::pair{1920.0f, 1080.0f}})
    for (const GridSize grid :
         {GridSize{256, 256}, GridSize{480, 270}, GridSize{1920, 1080}, GridSize{960, 640}})
      for (const bool map : {false, true}) {
        SCOPED_TRACE(std::to_string(int(width)) + " " + to_string(grid) + (map ? " map" : ""));
        const float px = height / 50;
        const ScreenLayout layout = layout_screen(presenting(width, height, grid, px, 90, map));
        const ScreenRect safe = safe_area(width, height);
        ASSERT_TRUE(layout.bar && layout.caption && layout.timings);
        for (const auto& [rect, what] :
             {std::pair{*layout.bar, "bar"}, std::pair{*layout.caption, "caption"},
              std::pair{*layout.timings, "Timings"}, std::pair{layout.field, "field"},
              std::pair{layout.colour_bar, "colour bar"}})
          expect_inside(rect, safe, what);
        EXPECT_FALSE(layout.timings->overlaps(layout.field));
        EXPECT_FALSE(layout.caption->overlaps(layout.field));
        EXPECT_FALSE(layout.bar->overlaps(layout.field));
        EXPECT_GE(layout.caption->height, 90.0f - 0.01f) << "the caption's lines whole";
        if (map) {
          ASSERT_TRUE(layout.F_axis && layout.k_axis);
          expect_inside(*layout.F_axis, safe, "F axis");
          expect_inside(*layout.k_axis, safe, "k axis");
          EXPECT_FALSE(layout.timings->overlaps(*layout.F_axis));
          EXPECT_FALSE(layout.timings->overlaps(*layout.k_axis));
          EXPECT_FALSE(layout.k_axis->overlaps(*layout.caption));
          EXPECT_GE(layout.k_axis->height, 1.5f * 2 * px) << "a row of labels in their size";
        }
        expect_aspect(layout.field, grid);
      }
}

TEST(ScreenLayout, PresentingTheFieldFillsTheWindowBetweenTheBarAndTheCaption) {
  LayoutInput wide = presenting(1920, 1080, {1920, 1080}, 26, 120);
  wide.timings_overlay = false;  // else the Timings take a column beside the field
  const ScreenLayout layout = layout_screen(wide);
  ASSERT_TRUE(layout.bar && layout.caption);
  EXPECT_FLOAT_EQ(layout.bar->width, 1920 * (1 - 2 * kProjectorSafeMargin)) << "across the top";
  // Letterboxed: it touches the free area's top and bottom or its sides.
  const float free_height = layout.caption->y - layout.bar->bottom();
  EXPECT_GT(std::max(layout.field.height / free_height, layout.field.width / 1920.0f), 0.8f);
  // With the Timings off, a wide field keeps the bar on top and takes their room.
  LayoutInput quiet = presenting(1280, 720, {480, 270}, 14.4f, 90, true);
  quiet.timings_overlay = false;
  const ScreenLayout without = layout_screen(quiet);
  const ScreenLayout with = layout_screen(presenting(1280, 720, {480, 270}, 14.4f, 90, true));
  EXPECT_FALSE(without.timings.has_value());
  EXPECT_FLOAT_EQ(without.bar->width, 1280 * (1 - 2 * kProjectorSafeMargin));
  EXPECT_GT(without.field.width * without.field.height,
            1.3f * with.field.width * with.field.height);
}

TEST(ScreenLayout, TheCaptionStripTakesRoomOnlyWhileACaptionIsShownAndAsMuchAsItNeeds) {
  const auto quiet = [](float caption) {
    LayoutInput in = presenting(1920, 1080, {1920, 1080}, 20, caption);
    in.timings_overlay = false;  // the bar on top, the caption across the bottom
    return layout_screen(in);
  };
  const ScreenLayout none = quiet(0), shown = quiet(100), longer = quiet(160);
  EXPECT_FALSE(none.caption.has_value());
  ASSERT_TRUE(shown.caption && longer.caption);
  EXPECT_FLOAT_EQ(shown.caption->height, 100.0f);
  EXPECT_FLOAT_EQ(longer.caption->height, 160.0f);
  EXPECT_GT(none.field.height, shown.field.height) << "the field takes the strip's room";
  const ScreenLayout huge = quiet(900);
  EXPECT_LE(huge.caption->height, 0.5f * 1080.0f + 0.01f) << "at most half the height";
  EXPECT_GT(huge.field.height, 0.5f * 1080.0f) << "the field keeps the most";
}

// A square field on a 16:9 screen: the bar, the Timings and the caption go to a column beside it
// and the field takes the height (over half the screen).
TEST(ScreenLayout, PresentingASquareFieldPutsTheUiInAColumnBesideIt) {
  for (const float caption : {0.0f, 150.0f}) {
    const ScreenLayout square = layout_screen(presenting(1280, 720, {1024, 1024}, 20, caption));
    ASSERT_TRUE(square.bar && square.timings);
    EXPECT_LT(square.bar->width, 0.5f * 1280.0f) << "a column, not across the top";
    EXPECT_GT(square.field.height, 0.85f * 720.0f);
    EXPECT_GT(square.field.width * square.field.height, 0.45f * 1280.0f * 720.0f);
    EXPECT_EQ(square.caption.has_value(), caption > 0);
    if (caption > 0) {
      EXPECT_FLOAT_EQ(square.caption->height, caption);
    }
  }
}

TEST(ScreenLayout, TheTextIsCappedWhereTheWindowCannotHoldIt) {
  EXPECT_FLOAT_EQ(fitted_text_px(26, 1920, 1080, false), 26.0f) << "room enough";
  EXPECT_FLOAT_EQ(fitted_text_px(39, 1280, 720, false), 13.0f * 0.5f * 1280.0f / 380.0f)
      << "the panel takes at most half the width";
  EXPECT_FLOAT_EQ(fitted_text_px(39, 1280, 720, true), 720.0f / 36.0f)
      << "presenting: the field keeps most of the height";
  EXPECT_FLOAT_EQ(fitted_text_px(39, 1920, 1080, true), 1080.0f / 36.0f);
}

// Presenting, the text is readable from the back row by itself: at scale 1 at least 1/50 of the
// screen's height (a caption, twice as large, 1/25), a larger scale larger still.
// What the audience reads stands at least 1/45 of the screen's height: DejaVu Sans's digits are
// 1493/2384 of the size ImGui gives a font.
TEST(ScreenLayout, WhatTheAudienceReadsIsSizedFromTheScreen) {
  for (const float height : {720.0f, 1080.0f, 2160.0f})
    EXPECT_GE(audience_text_px(height) * 1493.0f / 2384.0f, height / 45.0f);
}

TEST(ScreenLayout, PresentingTheTextIsSizedFromTheScreen) {
  for (const float height : {720.0f, 1080.0f}) {
    const float width = height * 16.0f / 9.0f;
    EXPECT_GE(fitted_text_px(13, width, height, true), height / 50.0f - 0.01f);
    EXPECT_GT(fitted_text_px(19.5f, width, height, true), fitted_text_px(13, width, height, true));
    EXPECT_FLOAT_EQ(fitted_text_px(13, width, height, false), 13.0f) << "the panel as asked";
  }
  EXPECT_FLOAT_EQ(fitted_text_px(13, 640, 480, true), 13.0f) << "never below the asked size";
}

}  // namespace
}  // namespace gs::app

namespace gs::app {
namespace {

TEST(FieldView, TheShownRegionIsAZoomedShareOfTheGridKeptInside) {
  const GridSize grid{200, 100};
  const GridRegion whole = visible_region(grid, 1.0f, std::nullopt);
  EXPECT_FLOAT_EQ(whole.width, 200.0f);
  EXPECT_FLOAT_EQ(whole.x, 0.0f);
  const GridRegion zoomed = visible_region(grid, 4.0f, GridPoint{100, 50});
  EXPECT_FLOAT_EQ(zoomed.width, 50.0f);
  EXPECT_FLOAT_EQ(zoomed.height, 25.0f);
  EXPECT_FLOAT_EQ(zoomed.x, 75.0f);
  EXPECT_FLOAT_EQ(zoomed.y, 37.5f);
  const GridRegion corner = visible_region(grid, 4.0f, GridPoint{1, 199});
  EXPECT_FLOAT_EQ(corner.x, 0.0f) << "kept inside the grid";
  EXPECT_FLOAT_EQ(corner.y, 75.0f);
  EXPECT_FLOAT_EQ(visible_region(grid, 1000.0f, std::nullopt).width, 200.0f / kMaxZoom);
}

TEST(FieldView, WindowPointsMapToTheCellsUnderThemAtAnyZoom) {
  const ScreenRect field{100, 200, 400, 200};  // a 200x100 grid at 2 window units per cell
  const GridRegion whole = whole_grid({200, 100});
  const auto corner = window_to_grid(100.0, 200.0, field, whole);
  ASSERT_TRUE(corner.has_value());
  EXPECT_NEAR(corner->x, 0.0f, 1e-4);
  EXPECT_NEAR(corner->y, 0.0f, 1e-4);
  EXPECT_FALSE(window_to_grid(300.0, 199.0, field, whole)) << "above the field";
  const GridRegion zoomed = visible_region({200, 100}, 4.0f, GridPoint{60, 30});
  const auto middle = window_to_grid(300.0, 300.0, field, zoomed);
  ASSERT_TRUE(middle.has_value());
  EXPECT_NEAR(middle->x, 60.0f, 1e-3) << "the field's middle shows the centre";
  EXPECT_NEAR(middle->y, 30.0f, 1e-3);
}

TEST(FieldView, ZoomingAboutAPointKeepsItUnderTheCursor) {
  const GridSize grid{256, 192};
  const GridRegion from = visible_region(grid, 2.0f, GridPoint{100, 80});
  const GridPoint about{90, 70};
  const GridPoint center = center_zoomed_about(grid, from, 4.0f, about);
  const GridRegion to = visible_region(grid, 4.0f, center);
  EXPECT_NEAR((about.x - from.x) / from.width, (about.x - to.x) / to.width, 1e-5);
  EXPECT_NEAR((about.y - from.y) / from.height, (about.y - to.y) / to.height, 1e-5);
}

}  // namespace
}  // namespace gs::app
