#include "control_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "colormap.h"
#include "demo_controls.h"
#include "panel_widgets.h"
#include "seed_image_panel.h"
#include "setup_clipboard.h"
#include "style_panel.h"

#include "gs/backend.h"

namespace gs::app {
namespace {

using S = SimulationControl;
using V = ViewControl;

void status_section(const PanelContext& c) {
  const Simulation& sim = c.simulation;
  // The gl backend's description names the renderer and its OpenGL already.
  const std::string opengl =
      sim.backend().capabilities().writes_texture ? "" : ", OpenGL " + c.gl_version;
  ImGui::TextWrapped("%s, %s transfer%s", sim.backend().description().c_str(),
                     to_string(c.transfer).c_str(), opengl.c_str());
  if (!sim.backend_reason().empty())
    ImGui::TextWrapped("Fallback: %s", sim.backend_reason().c_str());
  if (!c.transfer_reason.empty()) ImGui::TextWrapped("Fallback: %s", c.transfer_reason.c_str());
  if (!sim.last_message().empty()) ImGui::TextWrapped("%s", sim.last_message().c_str());
  if (!c.script_state.empty()) ImGui::TextWrapped("%s", c.script_state.c_str());
  if (!c.fallback_notice.empty()) ImGui::TextWrapped("%s", c.fallback_notice.c_str());
}

void run_section(const PanelContext& c) {
  const Simulation& sim = c.simulation;
  run_buttons(c);
  ImGui::SameLine();
  ImGui::Text("step %lld", sim.total_steps());

  if (InitPattern init = sim.init(); enum_combo("init", init)) push_set(c, S::Init, init);
  int seed = int(sim.seed());
  if (ImGui::InputInt("seed", &seed) && seed >= 0) push_set(c, S::Seed, std::uint64_t(seed));

  bool automatic = !sim.steps_per_frame();
  if (ImGui::Checkbox("auto steps/frame", &automatic))
    c.commands.push_back(
        command::SetStepsPerFrame{automatic ? std::nullopt : std::optional<int>(32)});
  if (!automatic) {
    int steps = *sim.steps_per_frame();
    if (ImGui::SliderInt("steps/frame", &steps, 1, 10000, "%d", ImGuiSliderFlags_Logarithmic))
      c.commands.push_back(command::SetStepsPerFrame{steps});
  }
}

void map_section(const PanelContext& c) {
  const Params& p = c.simulation.params();
  bool mapped = p.map.enabled;
  if (ImGui::Checkbox("parameter map (F along y, k along x)", &mapped))
    push_set(c, S::MapMode, mapped);
  float F_range[2] = {p.map.F_low, p.map.F_high};
  if (ImGui::InputFloat2("F range", F_range, "%.4f", ImGuiInputTextFlags_EnterReturnsTrue)) {
    push_set(c, S::MapFLow, F_range[0]);
    push_set(c, S::MapFHigh, F_range[1]);
  }
  float k_range[2] = {p.map.k_low, p.map.k_high};
  if (ImGui::InputFloat2("k range", k_range, "%.4f", ImGuiInputTextFlags_EnterReturnsTrue)) {
    push_set(c, S::MapKLow, k_range[0]);
    push_set(c, S::MapKHigh, k_range[1]);
  }
  bool reseed = c.simulation.reseed_on_pick();
  if (ImGui::Checkbox("re-seed on pick", &reseed)) push_set(c, S::ReseedOnPick, reseed);
  if (mapped) ImGui::TextDisabled("hover the view for (F, k); click to pick them");
}

void favourites_section(const PanelContext& c) {
  for (std::size_t i = 0; i < c.settings.favourites.size(); ++i) {
    ImGui::PushID(int(i));
    if (ImGui::SmallButton("x")) c.commands.push_back(command::RemoveFavourite{int(i) + 1});
    ImGui::SameLine();
    ImGui::Text("%zu  %s", i + 1, c.settings.favourites[i].c_str());
    ImGui::PopID();
  }
  if (c.settings.favourites.size() < 9 && ImGui::Button("Add the current preset"))
    c.commands.push_back(command::AddFavourite{c.simulation.preset_name()});
}

void presentation_section(const PanelContext& c) {
  bool presenting = c.view.presentation;
  if (ImGui::Checkbox("presentation mode (F5)", &presenting))
    push_set(c, V::Presentation, presenting);
  float scale = c.settings.ui_scale;
  if (ImGui::SliderFloat("UI scale", &scale, 0.5f, 4.0f, "%.2f")) push_set(c, V::UiScale, scale);
  float font = c.settings.font_size;
  if (ImGui::SliderFloat("font size", &font, 8.0f, 64.0f, "%.0f px"))
    push_set(c, V::FontSize, font);
  ImGui::TextDisabled(
      "scale and size remembered between runs; H hides the UI, F11 fullscreen, "
      "F1 keys");
}

void parameter_section(const PanelContext& c) {
  preset_combo(c, "preset");
  // Off: a chosen preset starts from its own recommended state (docs/presets.md).
  bool keep = !c.simulation.reseed_on_preset();
  if (ImGui::Checkbox("keep the current state", &keep)) push_set(c, S::ReseedOnPreset, !keep);
  Params p = c.simulation.params();
  // Slider, drag (ctrl+click on either types a value) and a typed field, as people expect.
  if (ImGui::SliderFloat("F", &p.F, 0.0f, 0.1f, "%.5f")) push_set(c, S::F, p.F);
  // The +/- buttons stop at 0: rates are never negative (the simulation would refuse it).
  if (ImGui::InputFloat("F value", &p.F, 0.0001f, 0.001f, "%.5f",
                        ImGuiInputTextFlags_EnterReturnsTrue))
    push_set(c, S::F, std::max(0.0f, p.F));
  if (ImGui::SliderFloat("k", &p.k, 0.03f, 0.075f, "%.5f")) push_set(c, S::k, p.k);
  if (ImGui::InputFloat("k value", &p.k, 0.0001f, 0.001f, "%.5f",
                        ImGuiInputTextFlags_EnterReturnsTrue))
    push_set(c, S::k, std::max(0.0f, p.k));
  if (ImGui::DragFloat("Du", &p.Du, 0.001f, 0.0f, 1.0f, "%.4f")) push_set(c, S::Du, p.Du);
  if (ImGui::DragFloat("Dv", &p.Dv, 0.001f, 0.0f, 1.0f, "%.4f")) push_set(c, S::Dv, p.Dv);
  if (ImGui::DragFloat("dt", &p.dt, 0.01f, 0.01f, 2.0f, "%.3f")) push_set(c, S::dt, p.dt);
  if (enum_combo("laplacian", p.laplacian)) push_set(c, S::Laplacian, p.laplacian);
  if (enum_combo("boundary", p.boundary)) push_set(c, S::Boundary, p.boundary);
}

// The CPU twin's loop, to switch while the kernel time is on screen: the fast path (row bands
// advanced several steps per pass in cache, SIMD rows) or the reference sweep.
void twin_loop_controls(const PanelContext& c) {
  const std::optional<CpuLoop> loop = c.simulation.backend().cpu_loop();
  ImGui::BeginDisabled(!loop);
  const BackendOptions& chosen = c.simulation.backend_options();
  int path = chosen.cpu_path.value_or(CpuTwinPath::Fast) == CpuTwinPath::Fast ? 0 : 1;
  if (ImGui::Combo("CPU loop", &path, "fast (blocked, SIMD)\0reference (one sweep a step)\0"))
    push_set(c, S::CpuPath, path == 0 ? CpuTwinPath::Fast : CpuTwinPath::Reference);
  int per_pass = chosen.cpu_steps_per_pass.value_or(0);
  if (ImGui::SliderInt("steps per pass", &per_pass, 0, 16, per_pass == 0 ? "auto" : "%d"))
    push_set(c, S::StepsPerPass, per_pass);
  if (loop && loop->path == CpuTwinPath::Fast)
    ImGui::TextDisabled("now %d step%s per pass", loop->steps_per_pass,
                        loop->steps_per_pass == 1 ? "" : "s");
  ImGui::EndDisabled();
}

void grid_section(const PanelContext& c) {
  PanelState& edit = c.state;
  if (edit.grid_followed != c.simulation.size()) {
    edit.grid_followed = c.simulation.size();
    edit.grid_width = edit.grid_followed.width;
    edit.grid_height = edit.grid_followed.height;
  }
  if (ImGui::InputInt("width", &edit.grid_width, 64, 256))
    edit.grid_width = std::clamp(edit.grid_width, 1, int(kMaxGridDimension));
  if (ImGui::InputInt("height", &edit.grid_height, 64, 256))
    edit.grid_height = std::clamp(edit.grid_height, 1, int(kMaxGridDimension));
  if (ImGui::Button("Apply size (state resampled)"))
    c.commands.push_back(command::Resize{edit.grid_width, edit.grid_height});
  ImGui::SameLine();
  ImGui::TextDisabled("now %s", to_string(c.simulation.size()).c_str());

  // Shows the backend running (a choice of `auto` shows what it chose).
  BackendChoice backend = *parse_enum<BackendChoice>(c.simulation.backend().name());
  if (enum_combo("backend", backend)) c.commands.push_back(command::SelectBackend{backend});
  transfer_combo(c, "transfer");
  twin_loop_controls(c);
}

void launch_section(const PanelContext& c) {
  const bool cuda = c.simulation.backend().capabilities().launch_shape;
  const BackendOptions& chosen = c.simulation.backend_options();
  BlockShape block = chosen.block.value_or(BlockShape{});
  const KernelVariant kernel = chosen.variant.value_or(KernelVariant::Coalesced);
  const LaunchShape shape = launch_shape_for(c.simulation.size(), block, kernel);
  ImGui::Text("grid %ux%u blocks of %ux%u threads, %d cell%s a thread", shape.grid.x, shape.grid.y,
              block.x, block.y, cells_per_thread(kernel), cells_per_thread(kernel) == 1 ? "" : "s");
  if (!cuda) ImGui::TextDisabled("(what the CUDA launch would be; the twin steps rows)");
  int sides[2] = {int(block.x), int(block.y)};
  if (ImGui::InputInt2("block", sides, ImGuiInputTextFlags_EnterReturnsTrue) && sides[0] > 0 &&
      sides[1] > 0)
    push_set(c, S::Block, BlockShape{unsigned(sides[0]), unsigned(sides[1])});
  int variant = int(kernel);
  if (ImGui::RadioButton("coalesced", &variant, 0))
    push_set(c, S::Kernel, KernelVariant::Coalesced);
  ImGui::SameLine();
  if (ImGui::RadioButton("strided", &variant, 1)) push_set(c, S::Kernel, KernelVariant::Strided);
}

// A strip of the map's colours from left to right, in the rectangle [from, to].
void colormap_strip(const Colormap& map, ImVec2 from, ImVec2 to) {
  const std::vector<Rgb> table = colormap_table(map);
  constexpr int kBands = 32;  // enough for a smooth strip a few dozen pixels wide
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int i = 0; i < kBands; ++i) {
    const Rgb& colour = table[std::size_t(i * (int(table.size()) - 1) / (kBands - 1))];
    const float x0 = from.x + (to.x - from.x) * float(i) / float(kBands);
    const float x1 = from.x + (to.x - from.x) * float(i + 1) / float(kBands);
    draw->AddRectFilled(ImVec2(x0, from.y), ImVec2(x1, to.y),
                        IM_COL32(colour[0], colour[1], colour[2], 255));
  }
}

// The colormaps by name, each with a strip of its colours beside it (reversed, when the view's
// map is); a reverse switch beside. Both push `set colormap NAME` or `NAME_r`.
void colormap_controls(const PanelContext& c) {
  constexpr std::string_view kReversed = "_r";
  const std::string& shown = c.view.colormap;
  const bool reversed =
      shown.size() > kReversed.size() &&
      shown.compare(shown.size() - kReversed.size(), kReversed.size(), kReversed) == 0;
  const std::string base = reversed ? shown.substr(0, shown.size() - kReversed.size()) : shown;
  const std::string suffix = reversed ? std::string(kReversed) : "";
  if (ImGui::BeginCombo("colormap", shown.c_str())) {
    for (const Colormap& map : builtin_colormaps()) {
      if (ImGui::Selectable(map.name.c_str(), map.name == base))
        push_set(c, V::Colormap, map.name + suffix);
      const ImVec2 low = ImGui::GetItemRectMin(), high = ImGui::GetItemRectMax();
      const float strip = 0.45f * (high.x - low.x);  // the right part: names are short
      if (const std::optional<Colormap> drawn = find_colormap(map.name + suffix))
        colormap_strip(*drawn, ImVec2(high.x - strip, low.y + 2.0f), ImVec2(high.x, high.y - 2.0f));
    }
    ImGui::EndCombo();
  }
  bool reverse = reversed;
  if (ImGui::Checkbox("reverse", &reverse))
    push_set(c, V::Colormap, base + (reverse ? std::string(kReversed) : ""));
  ImGui::SameLine();
  bool automatic = c.view.auto_range;
  if (ImGui::Checkbox("auto range", &automatic)) push_set(c, V::RangeAuto, automatic);
  ImGui::SameLine();
  bool relief = c.view.relief;
  if (ImGui::Checkbox("relief", &relief)) push_set(c, V::Relief, relief);
}

void view_section(const PanelContext& c) {
  if (DisplayField field = c.simulation.display_field(); enum_combo("field", field))
    push_set(c, S::Field, field);
  colormap_controls(c);
  float range[2] = {c.view.low, c.view.high};
  if (ImGui::DragFloat2("range", range, 0.005f, -1.0f, 2.0f, "%.3f")) {
    push_set(c, V::RangeMin, range[0]);
    push_set(c, V::RangeMax, range[1]);
  }
  float radius = c.view.brush_radius;
  if (ImGui::SliderFloat("brush radius", &radius, 1.0f, 256.0f, "%.0f cells",
                         ImGuiSliderFlags_Logarithmic))
    push_set(c, V::BrushRadius, radius);
  float value = c.view.brush_value;
  if (ImGui::SliderFloat("brush v", &value, 0.0f, 1.0f, "%.2f")) push_set(c, V::BrushValue, value);
  brush_style_controls(c);
  ImGui::TextDisabled(c.view.brush_style == BrushStyle::None
                          ? "left-drag paints v, right-drag erases"
                          : "left-drag paints the style toward its set, right-drag the other");
  bool linear = c.view.linear_filter;
  if (ImGui::Checkbox("linear filtering", &linear)) push_set(c, V::LinearFilter, linear);
  bool overlays = c.view.export_overlays;
  if (ImGui::Checkbox("overlays in screenshots and videos", &overlays))
    push_set(c, V::ExportOverlays, overlays);
  bool timings = c.view.timings_overlay;
  if (ImGui::Checkbox("Timings overlay when presenting", &timings))
    push_set(c, V::TimingsOverlay, timings);
  if (ImGui::Button("Screenshot (P)")) c.commands.push_back(command::Screenshot{""});
  if (!c.last_screenshot.empty()) ImGui::TextWrapped("saved %s", c.last_screenshot.c_str());
}

void recording_section(const PanelContext& c) {
  PanelState& edit = c.state;
  if (c.recorder) {
    ImGui::Text("recording %s", c.recorder->settings().path.string().c_str());
    ImGui::Text("%lld frames, %.1f s, %.1f MB", c.recorder->frames_written(),
                c.recorder->duration_s(), double(c.recorder->bytes_written()) / 1e6);
    if (ImGui::Button("Stop recording (V)")) c.commands.push_back(command::RecordStop{});
  } else {
    ImGui::SliderInt("steps/frame##video", &edit.video_steps_per_frame, 1, 1000, "%d",
                     ImGuiSliderFlags_Logarithmic);
    ImGui::SliderInt("fps", &edit.video_fps, 1, 120);
    if (ImGui::Button("Record (V)"))
      c.commands.push_back(command::RecordStart{"", edit.video_steps_per_frame, edit.video_fps});
    if (!VideoRecorder::encodes_mp4())
      ImGui::TextWrapped("Built without libavcodec: recordings are PNG sequences.");
  }
  if (!c.recording_message.empty()) ImGui::TextWrapped("%s", c.recording_message.c_str());
}

void state_section(const PanelContext& c) {
  char* path = c.state.state_path;
  ImGui::InputTextWithHint("file", "state.h5 in the capture folder", path,
                           sizeof c.state.state_path);
  if (ImGui::Button("Save state")) c.commands.push_back(command::SaveState{path});
  ImGui::SameLine();
  if (ImGui::Button("Load state")) c.commands.push_back(command::LoadState{path});
  ImGui::TextDisabled("HDF5, as grayscott-batch reads and writes it");
  // With a state file, how a discovery is handed on: the lines that make this setup again.
  if (ImGui::Button("Copy as script (Ctrl+C)"))
    copy_setup_to_clipboard(c.simulation, c.view, c.settings.capture_folder);
  // Here, not under Simulation, whose open section leaves the panel no line to spare.
  seed_image_controls(c);
}

}  // namespace

void draw_control_panel(const PanelContext& c, const ScreenRect& where) {
  ImGui::SetNextWindowPos(ImVec2(where.x, where.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(where.width, where.height), ImGuiCond_Always);
  ImGui::Begin("Gray-Scott Live", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings);
  ImGui::PushTextWrapPos(0.0f);  // every line of text wraps at the panel's edge
  // Widgets take the panel's width less room for the longest label, at any text size.
  ImGui::PushItemWidth(-ImGui::CalcTextSize("steps per pass ").x);
  status_section(c);
  if (ImGui::Button("Present (F5)")) push_set(c, V::Presentation, true);
  ImGui::SameLine();
  demos_combo(c, "demos");
  draw_demo_buttons(c);
  if (ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) run_section(c);
  if (ImGui::CollapsingHeader("Parameters", ImGuiTreeNodeFlags_DefaultOpen)) parameter_section(c);
  if (ImGui::CollapsingHeader("Favourites (keys 1-9)")) favourites_section(c);
  if (ImGui::CollapsingHeader("Parameter map")) map_section(c);
  if (ImGui::CollapsingHeader("Style map")) style_section(c);
  if (ImGui::CollapsingHeader("Grid, backend, transfer")) grid_section(c);
  if (ImGui::CollapsingHeader("Launch (CUDA teaching)")) launch_section(c);
  if (ImGui::CollapsingHeader("View")) view_section(c);
  if (ImGui::CollapsingHeader("Video")) recording_section(c);
  if (ImGui::CollapsingHeader("State file")) state_section(c);
  if (ImGui::CollapsingHeader("Presentation")) presentation_section(c);
  if (ImGui::CollapsingHeader("Timings", ImGuiTreeNodeFlags_DefaultOpen)) draw_timings(c);
  ImGui::PopItemWidth();
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace gs::app
