// The frame's UI (frame_ui.h).
#include "frame_ui.h"

#include "colour_bar.h"
#include "demo_controls.h"
#include "map_overlay.h"
#include "notice_banner.h"
#include "presentation_bar.h"
#include "setup_clipboard.h"
#include "timings_overlay.h"

namespace gs::app {

FrameUiResult draw_frame_ui(const FrameUi& ui) {
  const PanelContext& c = ui.panel;
  const ScreenLayout& layout = ui.layout;
  const bool map_mode = c.simulation.params().map.enabled;
  const GridRegion shown = visible_region(c.simulation.size(), c.view.zoom, c.view.center);
  FrameUiResult result;
  c.state.timings_plot.reset();  // drawn again below, or not at all this frame
  c.state.preset_combo.reset();
  c.state.preset_list.reset();
  if (layout.panel) draw_control_panel(c, *layout.panel);
  if (layout.bar) draw_presentation_bar(c, *layout.bar);
  if (layout.timings)
    draw_timings_overlay(
        summarize_timings(c.simulation, c.stats, c.transfer, c.devices, c.gl_version),
        *layout.timings, ui.fonts);
  result.caption_lines = draw_overlays(ui.overlays, layout, ui.fonts);
  draw_notice(ui.overlays.notice, layout.field);
  if (caption_clicked()) c.commands.push_back(command::Caption{""});  // dismissed
  // The labels beside the field in the size the layout made room for (presenting, the audience's).
  ImGui::PushFont(ui.fonts.labels());
  if (!c.view.ui_hidden && map_mode && layout.F_axis && layout.k_axis)
    result.map_labels =
        draw_map_overlay(c.simulation.params(), c.simulation.size(),
                         {layout.field, *layout.F_axis, *layout.k_axis}, shown, c.commands);
  draw_colour_bar(ui.colormap_table, c.view.low, c.view.high, layout.colour_bar);
  ImGui::PopFont();
  result.keys = push_key_commands(
      {c.simulation.running(), c.view.ui_hidden, c.view.presentation, c.recorder != nullptr,
       c.settings.favourites, c.view.brush_style, c.view.style_overlay, ui.blank},
      ui.key_presses, c.commands);
  if (result.keys.copy_setup)
    copy_setup_to_clipboard(c.simulation, c.view, c.settings.capture_folder);
  if (result.keys.paste_setup) result.paste_problem = paste_setup_from_clipboard(c.commands);
  if (c.state.stamp_brush && !map_mode) {  // the brush stamps the picture (seed_image_panel.h)
    if (std::optional<command::Stamp> stamp = stamp_under_mouse(c.view, layout.field, shown))
      c.commands.push_back(*stamp);
  } else if (std::optional<command::Paint> paint = brush_under_mouse(
                 c.view, map_mode, layout.field, shown, ui.button_events, ui.brush_stroke)) {
    c.commands.push_back(*paint);
  }
  push_zoom_and_pan(c.view, layout.field, shown, c.simulation.size(), c.commands);
  result.timings_plot = c.state.timings_plot;
  result.preset_combo = c.state.preset_combo;
  result.preset_list = c.state.preset_list;
  return result;
}

FrameMeasures measure_frame_ui(const PanelContext& c, const UiFonts& fonts,
                               const std::string& caption) {
  FrameMeasures measures;
  if (!c.view.presentation) return measures;
  measures.bar_height = [&c](float width) { return presentation_bar_height(c, width); };
  const ImVec2 timings = timings_overlay_size(
      summarize_timings(c.simulation, c.stats, c.transfer, c.devices, c.gl_version), fonts);
  measures.timings_width = timings.x;
  measures.timings_height = timings.y;
  if (!caption.empty())
    measures.caption_height = [&caption, large = fonts.large](float width) {
      return caption_height(caption, width, large);
    };
  return measures;
}

}  // namespace gs::app
