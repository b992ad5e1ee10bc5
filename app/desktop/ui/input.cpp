// Keys and the brush as commands (input.h).
#include "input.h"

// GLFW's key codes only: the window's key presses carry them. Headless runs have no keys, so no
// press ever arrives there; nothing here needs a window.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>  // closing every open popup at once

#include <algorithm>
#include <cmath>

namespace gs::app {

const std::vector<KeyBinding>& key_bindings() {
  using A = KeyAction;
  static const std::vector<KeyBinding> keys = {
      {GLFW_KEY_SPACE, GLFW_KEY_SPACE, "space", A::RunPause, "run / pause"},
      {GLFW_KEY_S, GLFW_KEY_S, "S", A::Step, "one step"},
      {GLFW_KEY_R, GLFW_KEY_R, "R", A::Reset, "reset"},
      {GLFW_KEY_P, GLFW_KEY_P, "P", A::Screenshot, "screenshot"},
      {GLFW_KEY_V, GLFW_KEY_V, "V", A::Record, "record video / stop"},
      {GLFW_KEY_H, GLFW_KEY_H, "H", A::HideUi, "hide / show the UI"},
      {GLFW_KEY_M, GLFW_KEY_M, "M", A::BrushStyle, "brush mode: v / style A / style B"},
      {GLFW_KEY_O, GLFW_KEY_O, "O", A::StyleOverlay, "style map overlay on / off"},
      {GLFW_KEY_0, GLFW_KEY_0, "0", A::ViewReset, "the whole field (zoom and pan reset)"},
      {GLFW_KEY_F5, GLFW_KEY_F5, "F5", A::Presentation, "presentation mode on / off"},
      {GLFW_KEY_F11, GLFW_KEY_F11, "F11", A::Fullscreen, "fullscreen"},
      {GLFW_KEY_F1, GLFW_KEY_F1, "F1", A::Help, "this help"},
      {GLFW_KEY_1, GLFW_KEY_9, "1-9", A::Favourite, "favourite presets"},
      {GLFW_KEY_C, GLFW_KEY_C, "Ctrl+C", A::CopySetup, "copy the setup as script lines", true},
      {GLFW_KEY_V, GLFW_KEY_V, "Ctrl+V", A::PasteSetup, "paste script lines (all or nothing)",
       true},
      // A presenter's clicker sends Page Down and Page Up.
      {GLFW_KEY_PAGE_DOWN, GLFW_KEY_PAGE_DOWN, "Page Down", A::NextCaption,
       "demo: the next caption now"},
      {GLFW_KEY_PAGE_UP, GLFW_KEY_PAGE_UP, "Page Up", A::PreviousCaption,
       "demo: the previous caption"},
      {GLFW_KEY_HOME, GLFW_KEY_HOME, "Home", A::RestartScript, "demo: again from its start"},
      {GLFW_KEY_ESCAPE, GLFW_KEY_ESCAPE, "Esc", A::StopScript, "demo: stop it; the caption goes"},
      // A clicker's blank key sends B or '.', as presentation programs take them.
      {GLFW_KEY_B, GLFW_KEY_B, "B", A::BlankBlack, "presenting: a black screen until any key"},
      {GLFW_KEY_PERIOD, GLFW_KEY_PERIOD, ".", A::BlankBlack,
       "presenting: a black screen until any key"},
      {GLFW_KEY_W, GLFW_KEY_W, "W", A::BlankWhite, "presenting: a white screen until any key"}};
  return keys;
}

const std::vector<MouseGesture>& mouse_gestures() {
  static const std::vector<MouseGesture> gestures = {
      {"left-drag", "paint v (in map mode: click picks F and k)"},
      {"right-drag", "erase"},
      {"brush style A/B (M key)", "left-drag paints the style map toward A/B, right toward B/A"},
      {"wheel", "zoom about the cursor"},
      {"middle-drag, shift+drag", "pan"}};
  return gestures;
}

KeyActions key_commands(const KeyContext& context, const std::vector<KeyPress>& presses,
                        std::vector<Command>& commands) {
  // The toggles' state as this frame's earlier presses left it.
  bool running = context.running, ui_hidden = context.ui_hidden;
  bool presentation = context.presentation, recording = context.recording;
  BrushStyle brush_style = context.brush_style;
  bool style_overlay = context.style_overlay;
  KeyActions actions;
  using A = KeyAction;
  // Blanked, a key shows the screen again and does nothing else (the presenter only wants it
  // back); a held key's repeats are no new press.
  if (context.blank != ScreenBlank::None) {
    if (std::any_of(presses.begin(), presses.end(), [](const KeyPress& p) { return !p.repeat; }))
      actions.blank = ScreenBlank::None;
    return actions;
  }
  for (const KeyPress& press : presses)
    for (const KeyBinding& binding : key_bindings()) {
      if (press.key < binding.first_key || press.key > binding.last_key) continue;
      if (binding.ctrl != press.ctrl) continue;
      // Held, only S repeats (one step after another); a toggle or a capture happens once a press.
      if (press.repeat && binding.action != A::Step) continue;
      switch (binding.action) {
        case A::RunPause:
          commands.push_back(running ? Command{command::Pause{}} : Command{command::Run{}});
          running = !running;
          break;
        case A::Step:
          commands.push_back(command::Step{1});
          running = false;  // a step pauses
          break;
        case A::Reset:
          commands.push_back(command::Reset{});
          break;
        case A::Screenshot:
          commands.push_back(command::Screenshot{"", false});
          break;
        case A::Record:
          commands.push_back(recording ? Command{command::RecordStop{}}
                                       : Command{command::RecordStart{}});
          recording = !recording;
          break;
        case A::HideUi:
          ui_hidden = !ui_hidden;
          commands.push_back(command::SetView{ViewControl::UiHidden, ui_hidden});
          break;
        case A::BrushStyle:
          brush_style = brush_style == BrushStyle::None      ? BrushStyle::TowardA
                        : brush_style == BrushStyle::TowardA ? BrushStyle::TowardB
                                                             : BrushStyle::None;
          commands.push_back(command::SetView{ViewControl::BrushStyle, brush_style});
          break;
        case A::BlankBlack:
        case A::BlankWhite:
          // Only while presenting; the keys after it this frame wait for the screen to be back.
          if (!presentation) break;
          actions.blank = binding.action == A::BlankWhite ? ScreenBlank::White : ScreenBlank::Black;
          return actions;
        case A::StyleOverlay:
          style_overlay = !style_overlay;
          commands.push_back(command::SetView{ViewControl::StyleOverlay, style_overlay});
          break;
        case A::ViewReset:
          commands.push_back(command::ViewReset{});
          break;
        case A::Presentation:
          presentation = !presentation;
          commands.push_back(command::SetView{ViewControl::Presentation, presentation});
          break;
        case A::Fullscreen:
          actions.toggle_fullscreen = !actions.toggle_fullscreen;
          break;
        case A::Help:
          actions.toggle_help = !actions.toggle_help;
          break;
        case A::CopySetup:
          actions.copy_setup = true;
          break;
        case A::PasteSetup:
          actions.paste_setup = true;
          break;
        case A::NextCaption:
          commands.push_back(command::ScriptControl{ScriptAction::Next});
          break;
        case A::PreviousCaption:
          commands.push_back(command::ScriptControl{ScriptAction::Previous});
          break;
        case A::RestartScript:
          commands.push_back(command::ScriptControl{ScriptAction::Restart});
          break;
        case A::StopScript:
          commands.push_back(command::ScriptControl{ScriptAction::Stop});
          break;
        case A::Favourite:
          if (const std::size_t index = std::size_t(press.key - binding.first_key);
              index < context.favourites.size())
            commands.push_back(command::LoadPreset{context.favourites[index]});
          break;
      }
    }
  return actions;
}

KeyActions push_key_commands(const KeyContext& context, const std::vector<KeyPress>& presses,
                             std::vector<Command>& commands) {
  if (ImGui::GetIO().WantCaptureKeyboard) return {};
  // Esc closes an open list (a popup) and nothing more: it must not stop the demo too. ImGui
  // closes popups on Esc only with keyboard navigation, which the app leaves off (the keys are
  // the app's), so the list is closed here; a second Esc then stops the demo.
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
    std::vector<KeyPress> kept;
    for (const KeyPress& press : presses)
      if (press.key != GLFW_KEY_ESCAPE) kept.push_back(press);
    if (kept.size() != presses.size()) ImGui::ClosePopupToLevel(0, true);
    return key_commands(context, kept, commands);
  }
  return key_commands(context, presses, commands);
}

namespace {

// In a style brush mode the drag paints the style map: left toward the mode's set, right toward
// the other one (where v's brush erases).
std::optional<command::Paint> styled(std::optional<command::Paint> paint, BrushStyle mode) {
  if (!paint || mode == BrushStyle::None) return paint;
  const BrushStyle other = mode == BrushStyle::TowardA ? BrushStyle::TowardB : BrushStyle::TowardA;
  paint->style = paint->erase ? other : mode;
  paint->erase = false;
  return paint;
}

std::optional<command::Paint> brush_for_view(const ViewState& view, bool map_mode,
                                             const ScreenRect& field, const GridRegion& shown,
                                             const std::vector<ButtonEvent>& buttons,
                                             BrushStroke& stroke);

}  // namespace

std::optional<command::Paint> brush_under_mouse(const ViewState& view, bool map_mode,
                                                const ScreenRect& field, const GridRegion& shown,
                                                const std::vector<ButtonEvent>& buttons,
                                                BrushStroke& stroke) {
  return styled(brush_for_view(view, map_mode, field, shown, buttons, stroke), view.brush_style);
}

namespace {

std::optional<command::Paint> brush_for_view(const ViewState& view, bool map_mode,
                                             const ScreenRect& field, const GridRegion& shown,
                                             const std::vector<ButtonEvent>& buttons,
                                             BrushStroke& stroke) {
  // Shift+left-drag pans (push_zoom_and_pan).
  const bool painting = ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::GetIO().KeyShift;
  const bool erasing = ImGui::IsMouseDown(ImGuiMouseButton_Right);
  // Where `button` (ImGui's and GLFW's numbers agree) went down last, or first came up, since
  // the last frame.
  const auto event_at = [&](int button, bool down) -> std::optional<GridPoint> {
    std::optional<GridPoint> at;
    for (const ButtonEvent& event : buttons)
      if (event.button == button && event.down == down) {
        at = window_to_grid(event.x, event.y, field, shown);
        if (!down) break;
      }
    return at;
  };
  if (map_mode) return stroke.paint_at(std::nullopt, false, std::nullopt, false, 0, 0);
  if (!painting && !erasing)  // a drag that ended since the last frame goes up to its release
    return stroke.end_at(
        event_at(stroke.erasing() ? ImGuiMouseButton_Right : ImGuiMouseButton_Left, false),
        view.brush_radius, view.brush_value);
  std::optional<GridPoint> cell;
  if (!ImGui::GetIO().WantCaptureMouse) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    cell = window_to_grid(mouse.x, mouse.y, field, shown);
  }
  const int button = erasing ? ImGuiMouseButton_Right : ImGuiMouseButton_Left;
  const bool pressed = ImGui::IsMouseClicked(button);
  const std::optional<GridPoint> pressed_at = pressed ? event_at(button, true) : std::nullopt;
  return stroke.paint_at(cell, pressed, pressed_at, erasing, view.brush_radius, view.brush_value);
}

}  // namespace

std::optional<command::Stamp> stamp_under_mouse(const ViewState& view, const ScreenRect& field,
                                                const GridRegion& shown) {
  if (!ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::GetIO().KeyShift ||
      ImGui::GetIO().WantCaptureMouse)
    return std::nullopt;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const std::optional<GridPoint> cell = window_to_grid(mouse.x, mouse.y, field, shown);
  if (!cell) return std::nullopt;
  return command::Stamp{cell->x, cell->y, view.brush_radius};
}

void push_zoom_and_pan(const ViewState& view, const ScreenRect& field, const GridRegion& shown,
                       GridSize grid, std::vector<Command>& commands) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse || field.width <= 0 || field.height <= 0) return;
  // Each notch of the wheel zooms by a quarter, about the cell under the cursor.
  if (io.MouseWheel != 0.0f) {
    const std::optional<GridPoint> cursor =
        window_to_grid(io.MousePos.x, io.MousePos.y, field, shown);
    const float zoom = std::clamp(view.zoom * std::pow(1.25f, io.MouseWheel), 1.0f, kMaxZoom);
    if (cursor && zoom != view.zoom) {
      const GridPoint center = center_zoomed_about(grid, shown, zoom, *cursor);
      commands.push_back(command::ViewZoom{zoom});
      commands.push_back(command::ViewCenter{std::clamp(center.x, 0.0f, float(grid.width)),
                                             std::clamp(center.y, 0.0f, float(grid.height))});
    }
  }
  // Dragging moves the grid with the mouse: the centre goes the other way, in cells.
  const bool panning = ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f) ||
                       (io.KeyShift && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f));
  if (panning && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) && view.zoom > 1.0f) {
    const float cells_x = shown.width / field.width, cells_y = shown.height / field.height;
    const float x = shown.x + 0.5f * shown.width - io.MouseDelta.x * cells_x;
    const float y = shown.y + 0.5f * shown.height - io.MouseDelta.y * cells_y;
    commands.push_back(command::ViewCenter{std::clamp(x, 0.0f, float(grid.width)),
                                           std::clamp(y, 0.0f, float(grid.height))});
  }
}

}  // namespace gs::app
