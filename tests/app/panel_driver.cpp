#include "panel_driver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <stdexcept>

#include "command_script.h"
#include "frame_ui.h"

namespace gs::test {
namespace {

// Tall enough for every section open at once with no scrolling, with room for combo lists.
const ImVec2 kDisplaySize{1000.0f, 4000.0f};
const ImVec2 kPanelSize{420.0f, 3900.0f};
// The scan's steps: less than the smallest widget (a small button is 15x13 pixels), so a point
// lands on each.
constexpr float kStepX = 12.0f;
constexpr float kStepY = 8.0f;

// Where a window's widgets can be: below its title bar, down to the end of its content.
ImRect content_area(const ImGuiWindow& window) {
  // One step past the content's end, so the last row is scanned too.
  const float bottom = std::min(window.DC.CursorMaxPos.y, window.Pos.y + window.Size.y) + kStepY;
  return ImRect(window.Pos.x + 2.0f, window.Pos.y + window.TitleBarHeight() + 2.0f,
                window.Pos.x + window.Size.x - 2.0f, bottom);
}

// The panel's collapsing sections, opened by clipped_windows_at.
constexpr const char* kPanelSections[] = {"Simulation",
                                          "Parameters",
                                          "Favourites (keys 1-9)",
                                          "Parameter map",
                                          "Grid, backend, transfer",
                                          "Launch (CUDA teaching)",
                                          "View",
                                          "Video",
                                          "State file",
                                          "Presentation",
                                          "Timings"};

}  // namespace

PanelDriver::PanelDriver() {
  app::SimulationSettings settings;
  settings.backend = BackendChoice::Cpu;
  settings.size = GridSize{64, 48};
  settings.preset = "coral";
  Expected<std::unique_ptr<app::Simulation>> created = app::Simulation::create(settings);
  if (!created) throw std::runtime_error("no simulation to drive the panel: " + created.message());
  simulation_ = std::move(created).value();
  settings_.favourites = {"mitosis", "worms"};  // fewer than nine: "Add the current preset" shows
  // Saving and loading the state go to a file of the test's own, not the working folder.
  const std::string test = testing::UnitTest::GetInstance()->current_test_info()->name();
  state_file_ = std::filesystem::temp_directory_path() / ("gs-panel-" + test + ".h5");
  std::snprintf(panel_state_.state_path, sizeof panel_state_.state_path, "%s",
                state_file_.string().c_str());

  IMGUI_CHECKVERSION();
  context_ = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini written by a test
  io.LogFilename = nullptr;
  io.DisplaySize = kDisplaySize;
  io.DeltaTime = 1.0f / 60.0f;
  io.MouseDoubleClickTime = 0.0f;  // each click of a scan is a single click, however close
  ImGui::StyleColorsDark();
  base_style_ = ImGui::GetStyle();
  fonts_ = app::build_ui_fonts(13.0f, base_style_);  // the app's fonts at scale 1
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(std::intptr_t{1}));  // never drawn
  frame(ImVec2(-FLT_MAX, -FLT_MAX));  // the panel's window exists from here
}

PanelDriver::~PanelDriver() {
  ImGui::DestroyContext(context_);
  std::error_code ignored;
  std::filesystem::remove(state_file_, ignored);
}

std::vector<app::Command> PanelDriver::frame(ImVec2 mouse, bool left_down,
                                             const std::function<void()>& also) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = mouse;
  io.MouseDown[0] = left_down;
  ImGui::NewFrame();
  std::vector<app::Command> commands;
  const std::string gl_version = "(none: headless panel test)";
  const std::string devices = "EGL device 0 (software); backend on the CPU";
  app::draw_control_panel(panel_context(commands, gl_version, devices),
                          app::ScreenRect{0.0f, 0.0f, kPanelSize.x, kPanelSize.y});
  if (also) also();
  ImGui::Render();  // no renderer: the draw data is built and dropped
  for (const app::Command& command : commands) {
    pushed_.push_back(command);
    if (const std::optional<app::SimulationCommand> part = app::simulation_part(command))
      if (const Status applied = simulation_->apply(*part); !applied)
        refusals_.push_back(applied.message());
  }
  return commands;
}

std::vector<app::ClippedWindow> PanelDriver::clipped_windows_at(float text_px, ImVec2 window,
                                                                bool presentation,
                                                                const char* open_combo) {
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 display = io.DisplaySize;
  fonts_ = app::build_ui_fonts(text_px, base_style_,
                               presentation ? app::audience_text_px(window.y) : 0.0f);
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(std::intptr_t{1}));
  io.DisplaySize = window;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  view_.presentation = presentation;
  std::vector<app::ClippedWindow> clipped;
  const int frames = app::ClipWatch::kFrames + 2 + (open_combo ? 1 : 0);
  const std::string gl_version = "4.5 (a long renderer name, as Mesa's llvmpipe gives)";
  // As long as a GPU machine's: the overlay and the Timings must still fit.
  const std::string devices = "EGL device 3 (/dev/dri/card3) is CUDA 1; backend on CUDA 1";
  const std::string fallback =
      "interop unavailable (no CUDA device drives this display); using host";
  const std::string caption =
      "A caption as long as a lecturer writes: watch how the spots divide as F rises";
  const std::optional<std::string> no_divergence;
  const std::vector<app::KeyPress> no_keys;
  const std::vector<app::ButtonEvent> no_buttons;
  const std::vector<app::Rgb> table = app::colormap_table(app::builtin_colormaps().front());
  for (int frame = 0; frame < frames; ++frame) {
    ImGui::NewFrame();
    if (ImGuiWindow* panel_window = panel())  // every section open
      for (const char* header : kPanelSections)
        panel_window->StateStorage.SetInt(id_of(header, panel_window), 1);
    if (const ImGuiWindow* owner =
            ImGui::FindWindowByName(presentation ? kBarWindow : kPanelWindow);
        open_combo && frame == 1 && owner)  // as a click on it does: the list's ID is ImGui 1.86's
      ImGui::OpenPopupEx(ImHashStr("##ComboPopup", 0, id_of(open_combo, owner)));
    std::vector<app::Command> commands;
    bool help_shown = true;  // the F1 help too
    app::BrushStroke stroke;
    const app::PanelContext context{settings_,  *simulation_,
                                    view_,      stats_,
                                    pace_,      app::TransferPath::Upload,
                                    fallback,   no_reasons_,
                                    gl_version, devices,
                                    no_text_,   nullptr,
                                    no_text_,   no_text_,
                                    commands,   panel_state_,
                                    demos_,     thumbnails_,
                                    no_text_,   script_ ? &*script_ : nullptr};
    // Laid out as the app lays out, measured in the frame that draws it; the caption below.
    const app::FrameMeasures measures = app::measure_frame_ui(context, fonts_, caption);
    app::LayoutInput input{window.x, window.y, simulation_->size(), text_px, false, presentation};
    input.bar_height = measures.bar_height;
    input.timings_width = measures.timings_width;
    input.timings_height = measures.timings_height;
    input.caption_height = measures.caption_height;
    input.label_px = fonts_.labels()->FontSize;
    const app::ScreenLayout layout = app::layout_screen(input);
    app::draw_frame_ui({context,
                        {no_divergence, nullptr, help_shown, caption},
                        table,
                        layout,
                        fonts_,
                        no_keys,
                        no_buttons,
                        stroke,
                        app::ScreenBlank::None});
    clipped = app::clipped_windows();
    ImGui::Render();
  }
  view_.presentation = false;
  io.DisplaySize = display;
  fonts_ = app::build_ui_fonts(13.0f, base_style_);
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(std::intptr_t{1}));
  return clipped;
}

std::string PanelDriver::text_of_frame(const std::function<void()>& also) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  io.MouseDown[0] = false;
  // ImGui's log ends with the first window that ends after it starts, and hands its text to the
  // clipboard: the clipboard here collects it. A log is started before the panel and before
  // `also`, so the panel's text and that of the first window `also` draws are both kept.
  std::string text;
  io.ClipboardUserData = &text;
  io.SetClipboardTextFn = [](void* collected, const char* logged) {
    *static_cast<std::string*>(collected) += logged;
  };
  // Two frames, the second logged: a window that appears is sized on its first and drawn after.
  for (int pass = 0; pass < 2; ++pass) {
    const bool logged = pass == 1;
    ImGui::NewFrame();
    if (logged) ImGui::LogToClipboard();  // in the frame's implicit window
    std::vector<app::Command> ignored;
    app::draw_control_panel(panel_context(ignored, no_text_, no_text_),
                            app::ScreenRect{0.0f, 0.0f, kPanelSize.x, kPanelSize.y});
    if (logged) ImGui::LogToClipboard();
    if (also) also();
    if (logged) ImGui::LogFinish();
    ImGui::Render();
  }
  io.SetClipboardTextFn = nullptr;
  io.ClipboardUserData = nullptr;
  return text;
}

std::pair<std::vector<app::Command>, app::KeyActions> PanelDriver::press_key(int key, bool ctrl) {
  app::KeyActions actions;
  // As the window delivers it: one queued press, read in a frame of the panel.
  const std::vector<app::KeyPress> presses = {{key, ctrl, false}};
  frame(ImVec2(-FLT_MAX, -FLT_MAX), false, [&] {
    std::vector<app::Command> pushed;
    actions = app::push_key_commands(
        {simulation_->running(), view_.ui_hidden, view_.presentation, false, settings_.favourites},
        presses, pushed);
    log_commands_ = pushed;
  });
  return {log_commands_, actions};
}

std::vector<app::Command> PanelDriver::click(ImVec2 at) {
  std::vector<app::Command> commands = frame(at, true);
  const std::vector<app::Command> on_release = frame(at, false);
  commands.insert(commands.end(), on_release.begin(), on_release.end());
  return commands;
}

std::vector<app::Command> PanelDriver::click_on_nothing() {
  return click(ImVec2(kDisplaySize.x - 4.0f, kDisplaySize.y - 4.0f));
}

ImGuiID PanelDriver::hovered_at(ImVec2 at) {
  frame(at);
  return ImGui::GetCurrentContext()->HoveredId;
}

ImGuiWindow* PanelDriver::panel() const {
  return ImGui::FindWindowByName(kPanelWindow);
}

ImGuiWindow* PanelDriver::open_popup() const {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  return g.OpenPopupStack.empty() ? nullptr : g.OpenPopupStack.back().Window;
}

ImGuiID PanelDriver::id_of(const char* label, const ImGuiWindow* window) {
  return ImHashStr(label, 0, window->ID);  // a window's ID stack starts at its own ID
}

std::optional<ImVec2> PanelDriver::find(ImGuiID id, const ImGuiWindow* window) {
  for (float y = content_area(*window).Min.y; y < content_area(*window).Max.y; y += kStepY)
    for (float x = content_area(*window).Min.x; x < content_area(*window).Max.x; x += kStepX)
      if (hovered_at(ImVec2(x, y)) == id) return ImVec2(x, y);
  return std::nullopt;
}

// Top-down, left to right: hover each point, and click each widget the first time the mouse is
// over it. Clicking a closed section header opens it, so its widgets come next; a click that
// pushes nothing and shortens the panel closed an open section, so a second click opens it again.
// A combo's list gets one click on an item not yet clicked; a text field clicked into is left by a
// click on nothing.
std::vector<app::Command> PanelDriver::click_every_widget() {
  const std::size_t first = pushed_.size();
  std::set<ImGuiID> clicked;
  ImGuiWindow* window = panel();
  for (float y = content_area(*window).Min.y; y < content_area(*window).Max.y; y += kStepY)
    for (float x = content_area(*window).Min.x; x < content_area(*window).Max.x; x += kStepX) {
      const ImVec2 at(x, y);
      const ImGuiID id = hovered_at(at);
      if (id == 0 || !clicked.insert(id).second) continue;
      const float content_before = window->DC.CursorMaxPos.y;
      const std::vector<app::Command> commands = click(at);
      if (open_popup())
        click_in_popup(clicked);
      else if (commands.empty() && window->DC.CursorMaxPos.y < content_before)
        click(at);
      if (ImGui::GetCurrentContext()->ActiveId != 0) click_on_nothing();
    }
  return {pushed_.begin() + std::ptrdiff_t(first), pushed_.end()};
}

app::PanelContext PanelDriver::panel_context(std::vector<app::Command>& commands,
                                             const std::string& gl_version,
                                             const std::string& devices) {
  return {settings_,    *simulation_, view_,       stats_,     pace_,
          transfer_,    no_text_,     no_reasons_, gl_version, devices,
          no_text_,     nullptr,      no_text_,    no_text_,   commands,
          panel_state_, demos_,       thumbnails_, no_text_,   script_ ? &*script_ : nullptr};
}

void PanelDriver::click_in_popup(std::set<ImGuiID>& clicked) {
  ImGuiWindow* popup = open_popup();
  for (float y = content_area(*popup).Min.y; y < content_area(*popup).Max.y && open_popup();
       y += kStepY)
    for (float x = content_area(*popup).Min.x; x < content_area(*popup).Max.x; x += kStepX) {
      const ImGuiID id = hovered_at(ImVec2(x, y));
      if (id == 0 || !clicked.insert(id).second) continue;
      click(ImVec2(x, y));
      break;
    }
  if (open_popup()) click_on_nothing();
}

std::vector<std::string> script_lines_of(const std::vector<app::Command>& commands) {
  std::vector<std::string> lines;
  for (const app::Command& command : commands) lines.push_back(app::to_script_line(command));
  return lines;
}

}  // namespace gs::test
