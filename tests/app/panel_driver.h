// Drives the real control panel with no display: a Dear ImGui context with no platform or renderer
// backend, mouse input set by hand, one draw_control_panel per frame over a real simulation (the
// CPU twin on a small grid). The simulation's part of each pushed command is applied, as the app
// does between frames, so the panel shows what follows (Pause becomes Run). Widgets are found by
// their ImGui ID, not by pixel positions: find() moves the mouse over the window until ImGui says
// that ID is hovered, so a layout change moves no test.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>  // the hovered item's ID, windows and open popups

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "commands.h"
#include "control_panel.h"
#include "frame_pacer.h"
#include "frame_stats.h"
#include "input.h"
#include "layout_check.h"
#include "settings.h"
#include "simulation.h"
#include "ui_fonts.h"
#include "view_state.h"

namespace gs::test {

class PanelDriver {
 public:
  // The panel's window title (its name in ImGui).
  static constexpr const char* kPanelWindow = "Gray-Scott Live";
  // Presentation mode's slim bar's.
  static constexpr const char* kBarWindow = "##presentation bar";

  PanelDriver();
  ~PanelDriver();
  PanelDriver(const PanelDriver&) = delete;
  PanelDriver& operator=(const PanelDriver&) = delete;

  app::Simulation& simulation() { return *simulation_; }
  app::PanelState& panel_state() { return panel_state_; }

  // One frame with the mouse at `mouse`, the left button held or not; the commands it pushed.
  std::vector<app::Command> frame(ImVec2 mouse, bool left_down = false,
                                  const std::function<void()>& also = {});
  // A press and a release at one point (two frames); the commands they pushed.
  std::vector<app::Command> click(ImVec2 at);
  // A click where no window is: leaves a text field and closes a popup, as a person does.
  std::vector<app::Command> click_on_nothing();
  // The widget under the mouse at `at` after a frame there (0 where none).
  ImGuiID hovered_at(ImVec2 at);

  ImGuiWindow* panel() const;
  // The open popup's window (a combo's list), or nullptr.
  ImGuiWindow* open_popup() const;
  // The ID ImGui gives a widget labelled `label` at the root of `window`.
  static ImGuiID id_of(const char* label, const ImGuiWindow* window);
  // A point over the widget with this ID in the window, scanning its content top-down.
  std::optional<ImVec2> find(ImGuiID id, const ImGuiWindow* window);

  // Clicks every widget of the panel once, top-down (see the .cpp); every command pushed.
  std::vector<app::Command> click_every_widget();

  // The UI as the app draws it at `text_px` in a window of this size, in normal or presentation
  // mode, with every collapsing section of the panel open: the windows that do not fit (after
  // a few frames, for the auto-sized ones to follow their content).
  // With `open_combo`, the combo of that label in the panel (in the bar, presenting) is opened
  // after the first frame, once the help has appeared (a window appearing takes the focus, which
  // closes a list), and stays open for the frames the check watches.
  std::vector<app::ClippedWindow> clipped_windows_at(float text_px, ImVec2 window,
                                                     bool presentation,
                                                     const char* open_combo = nullptr);

  // The text ImGui drew in a frame of the panel and in the first window `also` draws after it,
  // from ImGui's log.
  std::string text_of_frame(const std::function<void()>& also = {});
  // One frame with `key` (a GLFW key code) pressed, read by the key handler: its commands and
  // the actions left to the app.
  std::pair<std::vector<app::Command>, app::KeyActions> press_key(int key, bool ctrl = false);
  // Presenting or not, for the keys that act only while presenting (the blank keys).
  void set_presenting(bool presenting) { view_.presentation = presenting; }
  // Why each transfer path cannot run, as the app's display says (all run by default).
  void set_transfer_unavailable(const app::TransferReasons& reasons) { no_reasons_ = reasons; }
  // The presets' pictures the preset list shows (none by default): fake texture ids, never drawn.
  void set_preset_thumbnails(const app::TextureIds& ids) { thumbnails_ = ids; }
  // A running script with captions (a demo), for its controls; none by default.
  void set_script(const std::optional<app::ScriptProgress>& script) { script_ = script; }
  // `count` frames measured under the simulation's current configuration, as the app adds one a
  // frame (the Timings show figures once the configuration has frames past its settling ones).
  void measure_frames(int count) {
    for (int i = 0; i < count; ++i)
      stats_.add(app::FrameTiming{4, 1.0, 4, 0.5, 0.5, 16.0, 1024}, simulation_->size(),
                 app::timings_configuration(*simulation_, transfer_));
  }

  // Every command pushed so far, in order, and the simulation's refusals of them.
  const std::vector<app::Command>& pushed() const { return pushed_; }
  const std::vector<std::string>& refusals() const { return refusals_; }

 private:
  void click_in_popup(std::set<ImGuiID>& clicked);
  // The panel's context over this driver's simulation and state, pushing into `commands`.
  app::PanelContext panel_context(std::vector<app::Command>& commands,
                                  const std::string& gl_version, const std::string& devices);

  ImGuiContext* context_ = nullptr;
  ImGuiStyle base_style_;
  app::UiFonts fonts_;
  std::unique_ptr<app::Simulation> simulation_;
  app::Settings settings_;
  app::ViewState view_;
  app::FrameStats stats_;
  app::PaceDecision pace_;
  app::PanelState panel_state_;
  std::string no_text_;  // the panel's empty messages and labels
  app::TransferReasons no_reasons_;
  app::TransferPath transfer_ = app::TransferPath::Upload;
  app::TextureIds thumbnails_;
  std::optional<app::ScriptProgress> script_;
  std::vector<app::Command> log_commands_;  // pushed by the panel drawn for the log, and keys
  std::vector<app::DemoScript> demos_ = app::list_demos();
  std::filesystem::path state_file_;
  std::vector<app::Command> pushed_;
  std::vector<std::string> refusals_;
};

// Commands as the script lines they write, for comparing what keys or pastes pushed.
std::vector<std::string> script_lines_of(const std::vector<app::Command>& commands);

}  // namespace gs::test
