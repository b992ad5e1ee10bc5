// Widgets the side panel and the presentation bar share: a combo over an enum's names, `set`
// commands, the run buttons, the preset list (preset_list.h), and the transfer list (with the paths
// the backend cannot use greyed out and why).
#pragma once

#include <imgui.h>

#include "control_panel.h"
#include "preset_list.h"

namespace gs::app {

// A combo box over an enum's names (its table, gs/enum_names.h); true when one was chosen.
template <class E>
bool enum_combo(const char* label, E& value) {
  const auto& table = enum_names(value);
  int index = 0;
  while (std::size_t(index) < table.size() && table[std::size_t(index)].value != value) ++index;
  const auto item = [](void* data, int i, const char** text) {
    *text = static_cast<const EnumName<E>*>(data)[i].name.data();  // literals: NUL-terminated
    return true;
  };
  if (!ImGui::Combo(label, &index, item, const_cast<EnumName<E>*>(table.data()), int(table.size())))
    return false;
  value = table[std::size_t(index)].value;
  return true;
}

// How a picture lies on the grid (a seed's, a style map's): channel, fit, and `bright_label`'s
// checkbox for strength where the picture is bright.
inline void placement_controls(PicturePlacement& placement, const char* bright_label) {
  enum_combo("channel", placement.channel);
  enum_combo("fit", placement.fit);
  ImGui::Checkbox(bright_label, &placement.from_bright);
}

void push_set(const PanelContext& c, SimulationControl control, ControlValue value);
void push_set(const PanelContext& c, ViewControl control, ControlValue value);

// Run/Pause, Step and Reset, on one line.
void run_buttons(const PanelContext& c);
// Sizes the next combo's list to `content_width` (its widest line) and to the screen: never wider
// or, as a share, taller than the display, so an open list is never cut.
void fit_next_popup(float content_width);
void transfer_combo(const PanelContext& c, const char* label);
// The shipped demos by title; choosing one starts it (`demo NAME`). The list shows
// demos_preview() when closed.
const char* demos_preview(const PanelContext& c);
void demos_combo(const PanelContext& c, const char* label);

}  // namespace gs::app
