// The frame's UI (frame_ui.h).
#include "frame_ui.h"

#include "colour_bar.h"
#include "map_overlay.h"

namespace gs::app {

KeyActions draw_frame_ui(const FrameUi& ui) {
  const PanelContext& c = ui.panel;
  const bool map_mode = c.simulation.params().map.enabled;
  if (!c.view.ui_hidden) draw_control_panel(c);
  draw_overlays(ui.overlays);
  if (!c.view.ui_hidden && map_mode)
    draw_map_overlay(c.simulation.params(), c.simulation.size(), ui.window_width, ui.window_height,
                     c.commands);
  draw_colour_bar(ui.colormap_table, c.view.low, c.view.high);
  const KeyActions actions = push_key_commands(
      {c.simulation.running(), c.view.ui_hidden, c.recorder != nullptr, c.settings.favourites},
      c.commands);
  if (std::optional<command::Paint> paint = brush_under_mouse(
          c.view, map_mode, ui.window_width, ui.window_height, c.simulation.size()))
    c.commands.push_back(*paint);
  return actions;
}

}  // namespace gs::app
