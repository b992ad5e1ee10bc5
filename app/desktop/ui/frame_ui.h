// Everything ImGui draws in a frame, in one call, placed by the window's layout: the panel (or,
// presenting, the slim bar and the Timings overlay) unless the UI is hidden, the overlays, the
// parameter map's axes, the colour bar; and the key presses and the brush read as commands into
// the panel's queue.
#pragma once

#include <string>
#include <vector>

#include "colormap.h"
#include "control_panel.h"
#include "input.h"
#include "overlays.h"
#include "screen_layout.h"
#include "ui_fonts.h"

namespace gs::app {

struct FrameUi {
  PanelContext panel;
  Overlays overlays;
  const std::vector<Rgb>& colormap_table;
  const ScreenLayout& layout;
  const UiFonts& fonts;
  const std::vector<KeyPress>& key_presses;       // since the last frame, from the window
  const std::vector<ButtonEvent>& button_events;  // the mouse's, likewise
  BrushStroke& brush_stroke;                      // the drag of the brush, from frame to frame
  ScreenBlank blank;                              // the presenter's blanked screen, if any
};

struct FrameUiResult {
  KeyActions keys;  // what the keys asked of the app itself (the help, fullscreen)
  std::optional<DrawnPlot> timings_plot;       // the panel's Timings plot as drawn (none without)
  std::vector<ScreenRect> map_labels;          // map mode: the axes' labels as drawn
  std::optional<ScreenRect> preset_combo;      // the preset list's box (none: UI hidden)
  std::optional<PresetListShown> preset_list;  // the open preset list (none: closed)
  std::string caption_lines;  // the caption as drawn, a '\n' between its lines ("" none)
  // Why pasted text was refused ("" when nothing was).
  std::string paste_problem;
};

FrameUiResult draw_frame_ui(const FrameUi& ui);

// What the layout measures in the frame that draws it (screen_layout.h): the presentation bar's
// height at a width, the Timings overlay's size, the shown caption's height at a width. Within an
// ImGui frame, `panel` and `fonts` outliving the result's functions.
struct FrameMeasures {
  HeightAtWidth bar_height;
  float timings_width = 0, timings_height = 0;
  HeightAtWidth caption_height;  // none without a caption shown presenting
};
FrameMeasures measure_frame_ui(const PanelContext& panel, const UiFonts& fonts,
                               const std::string& caption);

}  // namespace gs::app
