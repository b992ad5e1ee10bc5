// The panel's style map controls (style_panel.h).
#include "style_panel.h"

#include "panel_widgets.h"

namespace gs::app {
namespace {

// A combo over the presets whose choice pushes `style-a NAME` or `style-b NAME`.
void set_preset_combo(const PanelContext& c, const char* label, bool set_b,
                      const std::string& shown) {
  if (!ImGui::BeginCombo(label, shown.empty() ? "custom" : shown.c_str())) return;
  for (const Preset& preset : c.simulation.presets().presets)
    if (ImGui::Selectable(preset.name.c_str(), preset.name == shown))
      c.commands.push_back(command::StyleSet{set_b, preset.name});
  ImGui::EndCombo();
}

// F, k, Du and Dv typed (Enter applies): `style-a|style-b F k Du Dv`.
void set_values(const PanelContext& c, const char* id, bool set_b, StyleMix values) {
  ImGui::PushID(id);
  float fk[2] = {values.F, values.k}, d[2] = {values.Du, values.Dv};
  const bool typed_fk =
      ImGui::InputFloat2("F, k", fk, "%.5f", ImGuiInputTextFlags_EnterReturnsTrue);
  const bool typed_d =
      ImGui::InputFloat2("Du, Dv", d, "%.4f", ImGuiInputTextFlags_EnterReturnsTrue);
  if (typed_fk || typed_d)
    c.commands.push_back(command::StyleSet{set_b, "", fk[0], fk[1], d[0], d[1]});
  ImGui::PopID();
}

void sets_controls(const PanelContext& c) {
  const Params& p = c.simulation.params();
  const std::string a_label =
      c.simulation.preset_label() == c.simulation.preset_name() ? c.simulation.preset_name() : "";
  ImGui::TextUnformatted("Set A (style 0)");
  set_preset_combo(c, "A preset", false, a_label);
  set_values(c, "A", false, StyleMix{true, p.F, p.k, p.Du, p.Dv});
  ImGui::TextUnformatted("Set B (style 1)");
  set_preset_combo(c, "B preset", true, c.simulation.set_b_preset());
  set_values(c, "B", true, c.simulation.set_b());
  const bool running = p.style.enabled;
  ImGui::BeginDisabled(!running);
  if (ImGui::Button("Swap A and B")) c.commands.push_back(command::StyleSwap{});
  ImGui::SameLine();
  if (ImGui::Button("Off (A alone)")) c.commands.push_back(command::StyleOff{});
  ImGui::EndDisabled();
}

void source_controls(const PanelContext& c) {
  PanelState& edit = c.state;
  ImGui::InputTextWithHint("picture", "a PNG or JPEG file", edit.style_picture,
                           sizeof edit.style_picture);
  placement_controls(edit.style_placement, "B where bright (else where dark)");
  ImGui::BeginDisabled(edit.style_picture[0] == '\0');
  if (ImGui::Button("Style from picture"))
    c.commands.push_back(command::StyleImage{edit.style_picture, edit.style_placement});
  ImGui::EndDisabled();
  ImGui::TextUnformatted("gradient:");
  for (const auto& [gradient, name] : kStyleGradientNames) {
    ImGui::SameLine();
    if (ImGui::Button(std::string(name).c_str()))
      c.commands.push_back(command::StyleGradientMap{gradient});
  }
}

}  // namespace

void style_section(const PanelContext& c) {
  const std::optional<StyleSource>& source = c.simulation.style_source();
  if (c.simulation.params().style.enabled && source)
    ImGui::Text("map: %s", describe(*source).c_str());
  else
    ImGui::TextDisabled("no style map: set A alone");
  bool overlay = c.view.style_overlay;
  if (ImGui::Checkbox("show the map over the field (O)", &overlay))
    push_set(c, ViewControl::StyleOverlay, overlay);
  sets_controls(c);
  source_controls(c);
  ImGui::PushID("style");  // the View section shows the same controls
  brush_style_controls(c);
  ImGui::PopID();
}

void brush_style_controls(const PanelContext& c) {
  int mode = int(c.view.brush_style);
  bool chosen = ImGui::RadioButton("paint v", &mode, int(BrushStyle::None));
  ImGui::SameLine();
  chosen |= ImGui::RadioButton("paint A", &mode, int(BrushStyle::TowardA));
  ImGui::SameLine();
  chosen |= ImGui::RadioButton("paint B (M)", &mode, int(BrushStyle::TowardB));
  if (chosen) push_set(c, ViewControl::BrushStyle, BrushStyle(mode));
}

}  // namespace gs::app
