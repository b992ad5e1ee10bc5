// Where everything sits in the window, computed in one place so the field's drawing, the brush,
// the parameter map's cursor, the panel and the overlays agree (what part of the grid the field
// shows is field_view.h's): the panel as a side column (or,
// in presentation mode, a slim bar on top, or with a field narrower than the screen a column
// beside it holding the bar, the Timings and the caption), the field letterboxed in what is left
// with its aspect kept, the colour bar beside it, map mode's axes left of and under it, the
// caption strip under it while a caption is shown, the Timings overlay in a margin. Presenting,
// everything keeps inside a projector-safe margin, and the Timings never cover the field.
// Window units (ImGui's display, mouse positions), origin at the top left. GL-free.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gs/fields.h"

namespace gs::app {

struct ScreenRect {
  float x = 0, y = 0, width = 0, height = 0;
  float right() const { return x + width; }
  float bottom() const { return y + height; }
  bool contains(double px, double py) const {
    return px >= x && px < right() && py >= y && py < bottom();
  }
  bool overlaps(const ScreenRect& other) const {
    return x < other.right() && other.x < right() && y < other.bottom() && other.y < bottom();
  }
};

// The panel's width at a text size of 13 pixels; it grows with the text.
inline constexpr float kPanelWidthAt13Px = 380.0f;
// The panel takes at most this share of the window's width: the text size is capped so it fits.
inline constexpr float kPanelMostOfWidth = 0.5f;

// The text size (pixels) the UI is drawn at: the asked size (font size x UI scale x the
// monitor's content scale), capped where the side panel would take more than its share of the
// window's width. Presenting, the size is chosen from the screen, readable from the back row:
// at least 1/50 of the window's height at scale 1 (captions, in type twice as large, 1/25), the
// asked size's scale multiplying it, capped where the bar, the caption and the Timings would
// leave the field too little room (1/36 of the height, 1/48 of the width).
float fitted_text_px(float asked_text_px, float window_width, float window_height,
                     bool presentation);

// Presenting, the size (pixels, ImGui's line height) of everything the audience is asked to
// read: the caption, the Timings' figures, the colour bar's and the map axes' labels. DejaVu
// Sans's digits are 0.63 of it, so they stand at least 1/45 of the screen's height.
float audience_text_px(float window_height);

// Presenting, each edge keeps this share of the screen clear: a projector may cut it.
inline constexpr float kProjectorSafeMargin = 0.03f;

// The height something needs when it is laid out in the given width (the bar's buttons and a
// caption's lines wrap), measured in the frame that draws it.
using HeightAtWidth = std::function<float(float width)>;

struct LayoutInput {
  float window_width = 0, window_height = 0;
  GridSize grid;
  float text_px = 13;  // from fitted_text_px
  bool ui_hidden = false;
  bool presentation = false;
  // The presentation bar's height at a width (its buttons may wrap to two rows); none: an
  // estimate of one row.
  HeightAtWidth bar_height = nullptr;
  // The Timings overlay's size as it will be drawn; 0: an estimate.
  float timings_width = 0, timings_height = 0;
  // Presenting, the shown caption's height at a width: its strip is reserved only then (none:
  // no caption shown).
  HeightAtWidth caption_height = nullptr;
  // Parameter-map mode's axes are shown: room for them left of and under the field.
  bool map_axes = false;
  // The colour bar's and the axes' labels' size (0: text_px).
  float label_px = 0;
  // Presenting with the UI shown, the Timings overlay is shown (`set timings-overlay`).
  bool timings_overlay = true;
};

struct ScreenLayout {
  std::optional<ScreenRect> panel;    // the side column: the UI shown, not presenting
  std::optional<ScreenRect> bar;      // the slim bar on top: the UI shown, presenting
  ScreenRect field;                   // letterboxed, the grid's aspect kept
  ScreenRect colour_bar;              // the colour strip beside the field, its labels to its right
  std::optional<ScreenRect> caption;  // presenting, a caption shown: the strip under the field
  std::optional<ScreenRect> timings;  // presenting, UI shown: the Timings overlay, off the field
  // Map mode: the F axis's ticks and labels left of the field, the k axis's under it.
  std::optional<ScreenRect> F_axis, k_axis;
};

ScreenLayout layout_screen(const LayoutInput& input);

// A UI window whose content did not fit: its widest line passed its right edge (text or a label
// cut off), or, for a window that cannot scroll, its content passed its bottom, or the window
// reached past the display.
struct ClippedWindow {
  std::string window;
  float overflow_px = 0;  // the most it was over, in window units
};

// The open preset list, for --stats-json: where it is, how many presets it lists, how many of
// their rows show whole without scrolling, how many carry the dies-out mark, and the alpha its
// background was drawn with (1: opaque).
struct PresetListShown {
  ScreenRect rect;
  int rows = 0;
  int rows_shown = 0;
  int marked = 0;
  float background_alpha = 0;
};

// The last frame's layout and text size, the windows that stayed clipped, and how many presets'
// thumbnails the preset list shows, for --stats-json.
struct UiReport {
  float text_px = 0;
  ScreenLayout layout;
  std::vector<ClippedWindow> clipped;
  int preset_thumbnails = 0;
  std::optional<ScreenRect> timings_plot;      // the panel's Timings plot, labels included
  std::vector<ScreenRect> map_labels;          // map mode: the axes' labels as drawn
  std::optional<ScreenRect> preset_combo;      // the preset list's box, closed or open
  std::optional<PresetListShown> preset_list;  // the open preset list (none: closed)
  std::string toast;                       // the toast's text as last drawn ("" none: ui/toast.h)
  std::vector<std::string> caption_lines;  // the caption's lines as last drawn (none: none)
};

// The rectangle of `grid`'s aspect that fills `area`, centred.
ScreenRect fit_aspect(GridSize grid, const ScreenRect& area);

}  // namespace gs::app
