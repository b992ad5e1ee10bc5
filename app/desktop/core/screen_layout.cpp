// The window's layout (screen_layout.h). Sizes are in text lines where they hold text, so the
// whole layout follows the UI scale.
#include "screen_layout.h"

#include <algorithm>
#include <cmath>

namespace gs::app {
namespace {

// Around the field, in text pixels: a margin, and the colour bar's column (the strip in text
// pixels, a gap and labels like "0.5012" in label pixels).
constexpr float kMarginLines = 0.6f;
constexpr float kColourStripLines = 1.2f;
constexpr float kColourLabelLines = 4.0f;
constexpr float kColourStripMostOfField = 0.7f;
// One row of buttons with its padding, before ImGui has measured the bar.
constexpr float kBarLinesEstimate = 2.4f;
// Presenting beside the field: the column at least this many text lines wide and at most this
// share of the window, the caption's least room, and how much more room the field must gain to
// take this arrangement over the bar on top.
constexpr float kSideColumnLines = 16.0f;
constexpr float kSideColumnMostOfWidth = 0.4f;
constexpr float kCaptionLeastLines = 4.0f;
constexpr float kSideFieldGain = 1.1f;
// The Timings overlay's size in text pixels before it has been measured (about 17 fixed-width
// characters and seven rows in large type, and padding).
constexpr float kTimingsLines = 16.0f;
constexpr float kTimingsHeightLines = 12.0f;

// Presenting, the text is at least 1/50 of the window's height at scale 1, and at most 1/36 of
// its height and 1/48 of its width, so the bar keeps to a row or two and the field keeps at least
// half of a 1280x720 screen at every UI scale; what the audience reads, 1/27.
constexpr float kPresentationReadableRows = 50.0f;
constexpr float kPresentationColumns = 48.0f;
constexpr float kPresentationRows = 36.0f;
constexpr float kAudienceRows = 27.0f;
// The caption strip takes at most this share of the window's height; a caption that needs more
// is set in smaller type (overlays.cpp).
constexpr float kCaptionMostOfHeight = 0.25f;
constexpr float kCaptionMostOfHeightBeside = 0.5f;
// Map mode's axes, in label pixels: the F labels ("0.0625") and a tick left of the field; under
// it a tick, a row of k labels and a gap.
constexpr float kMapAxisLeftLines = 4.2f;
constexpr float kMapAxisBelowLines = 1.7f;

ScreenRect shrink(const ScreenRect& r, float by_x, float by_y) {
  return {r.x + by_x, r.y + by_y, std::max(0.0f, r.width - 2 * by_x),
          std::max(0.0f, r.height - 2 * by_y)};
}

float label_px(const LayoutInput& in) {
  return in.label_px > 0 ? in.label_px : in.text_px;
}

float timings_width(const LayoutInput& in) {
  return in.timings_width > 0 ? in.timings_width : kTimingsLines * in.text_px;
}

float timings_height(const LayoutInput& in) {
  return in.timings_height > 0 ? in.timings_height : kTimingsHeightLines * in.text_px;
}

float bar_height(const LayoutInput& in, float width) {
  return in.bar_height ? in.bar_height(width) : kBarLinesEstimate * in.text_px;
}

}  // namespace

float fitted_text_px(float asked_text_px, float window_width, float window_height,
                     bool presentation) {
  if (window_width <= 0 || window_height <= 0) return asked_text_px;
  if (!presentation) {
    const float most = 13.0f * kPanelMostOfWidth * window_width / kPanelWidthAt13Px;
    return std::max(1.0f, std::min(asked_text_px, most));
  }
  // The asked size's scale (13-pixel text at scale 1) times the screen's readable size.
  const float readable =
      asked_text_px * std::max(1.0f, window_height / kPresentationReadableRows / 13.0f);
  const float most =
      std::min(window_width / kPresentationColumns, window_height / kPresentationRows);
  return std::max(1.0f, std::min(readable, most));
}

float audience_text_px(float window_height) {
  return std::ceil(window_height / kAudienceRows);
}

ScreenRect fit_aspect(GridSize grid, const ScreenRect& area) {
  if (grid.cells() == 0 || area.width <= 0 || area.height <= 0) return {area.x, area.y, 0, 0};
  const float scale = std::min(area.width / float(grid.width), area.height / float(grid.height));
  const float width = float(grid.width) * scale, height = float(grid.height) * scale;
  return {area.x + 0.5f * (area.width - width), area.y + 0.5f * (area.height - height), width,
          height};
}

namespace {

// The field (its aspect kept), the colour bar beside it and map mode's axes as one group, centred
// in `area`; with `timings_here`, the Timings overlay in the spare width left of the group when
// it fits there (whether it did).
bool place_field(ScreenLayout& layout, ScreenRect area, const LayoutInput& in, bool timings_here) {
  const float px = in.text_px, label = label_px(in);
  area = shrink(area, kMarginLines * px, kMarginLines * px);
  const float axis_left = in.map_axes ? std::min(kMapAxisLeftLines * label, 0.25f * area.width) : 0;
  const float axis_below =
      in.map_axes ? std::min(kMapAxisBelowLines * label, 0.25f * area.height) : 0;
  const float strip_width = kColourStripLines * px;
  const float column = std::min(strip_width + 0.5f * kMarginLines * px + kColourLabelLines * label,
                                0.5f * area.width);
  // The F axis's top label stands half its height above the field.
  const float axis_above = in.map_axes ? 0.5f * label : 0;
  ScreenRect field_area = area;
  field_area.y += axis_above;
  field_area.width = std::max(0.0f, area.width - column - axis_left);
  field_area.height = std::max(0.0f, area.height - axis_below - axis_above);
  layout.field = fit_aspect(in.grid, field_area);
  const float spare = area.width - (axis_left + layout.field.width + column);
  layout.field.x = area.x + 0.5f * spare + axis_left;
  const float timings = timings_width(in) + kMarginLines * px;
  const bool timings_beside = timings_here && spare >= timings;
  if (timings_beside) layout.field.x = area.x + std::max(0.5f * spare, timings) + axis_left;
  const float strip = std::min(strip_width, column);
  const float strip_height = kColourStripMostOfField * layout.field.height;
  layout.colour_bar =
      ScreenRect{layout.field.right() + 0.5f * kMarginLines * px,
                 layout.field.y + 0.5f * (layout.field.height - strip_height), strip, strip_height};
  if (in.map_axes) {
    layout.F_axis =
        ScreenRect{layout.field.x - axis_left, layout.field.y, axis_left, layout.field.height};
    // Under the field and on past it under the colour bar's column, where "k" goes.
    layout.k_axis = ScreenRect{layout.field.x - axis_left, layout.field.bottom(),
                               axis_left + layout.field.width + column, axis_below};
  }
  if (timings_beside)
    layout.timings = ScreenRect{area.x, layout.field.y, timings_width(in),
                                std::min(timings_height(in), area.bottom() - layout.field.y)};
  return timings_beside;
}

// The area presenting lays out in: the screen less its projector-safe margins.
ScreenRect safe_area(const LayoutInput& in) {
  return shrink({0, 0, in.window_width, in.window_height}, kProjectorSafeMargin * in.window_width,
                kProjectorSafeMargin * in.window_height);
}

// Presenting: the bar across the top, the caption strip across the bottom while one is shown;
// the Timings left of the field. Whether the Timings found room there (always, the UI hidden).
bool presenting_on_top(const LayoutInput& in, ScreenLayout& layout) {
  ScreenRect area = safe_area(in);
  const float screen_bottom = area.bottom();
  if (!in.ui_hidden) {
    layout.bar =
        ScreenRect{area.x, area.y, area.width, std::min(bar_height(in, area.width), area.height)};
    area.y = layout.bar->bottom();
    area.height -= layout.bar->height;
  }
  if (in.caption_height) {
    const float caption = std::min(
        {in.caption_height(area.width), kCaptionMostOfHeight * in.window_height, area.height});
    layout.caption = ScreenRect{area.x, screen_bottom - caption, area.width, caption};
    area.height -= caption;
  }
  const bool timings = !in.ui_hidden && in.timings_overlay;
  return place_field(layout, area, in, timings) || !timings;
}

// Presenting a field narrower than the screen (a square grid on a 16:9 projector), or where the
// Timings find no room beside a field under the bar: the bar, the Timings and the caption in a
// column at the left, so the field takes the whole height. Whether the caption has room.
bool presenting_beside(const LayoutInput& in, ScreenLayout& layout) {
  const float px = in.text_px;
  const ScreenRect area = safe_area(in);
  const float timings = in.timings_overlay ? timings_width(in) : 0;
  const float column =
      std::min(std::max(timings, kSideColumnLines * px), kSideColumnMostOfWidth * area.width);
  layout.bar = ScreenRect{area.x, area.y, column, std::min(bar_height(in, column), area.height)};
  float taken = layout.bar->bottom();
  if (in.timings_overlay) {
    const float top = taken + kMarginLines * px;
    layout.timings = ScreenRect{area.x, top, std::min(timings, column),
                                std::max(0.0f, std::min(timings_height(in), area.bottom() - top))};
    taken = layout.timings->bottom();
  }
  bool room = true;
  if (in.caption_height) {
    const float free = std::max(0.0f, area.bottom() - taken - kMarginLines * px);
    const float wanted = std::max(in.caption_height(column), kCaptionLeastLines * px);
    room = wanted <= free;
    const float caption = std::min({wanted, free, kCaptionMostOfHeightBeside * area.height});
    layout.caption = ScreenRect{area.x, area.bottom() - caption, column, caption};
  }
  place_field(layout, {area.x + column, area.y, area.width - column, area.height}, in, false);
  return room;
}

float area_of(const ScreenRect& r) {
  return r.width * r.height;
}

}  // namespace

ScreenLayout layout_screen(const LayoutInput& in) {
  const float px = in.text_px;
  if (in.presentation) {
    ScreenLayout top;
    const bool top_fits = presenting_on_top(in, top);
    if (in.ui_hidden) return top;
    // The arrangement that gives the field more room; the Timings never over the field.
    ScreenLayout beside;
    const bool beside_fits = presenting_beside(in, beside);
    if (!top_fits) return beside;
    return beside_fits && area_of(beside.field) > kSideFieldGain * area_of(top.field) ? beside
                                                                                      : top;
  }
  ScreenLayout layout;
  ScreenRect area{0, 0, in.window_width, in.window_height};
  if (!in.ui_hidden) {
    const float width = std::min(kPanelWidthAt13Px * px / 13.0f, in.window_width);
    layout.panel = ScreenRect{0, 0, width, in.window_height};
    area.x = width;
    area.width -= width;
  }
  place_field(layout, area, in, false);
  return layout;
}

}  // namespace gs::app
