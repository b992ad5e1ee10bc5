// Keys and the brush as commands (input.h).
#include "input.h"

// GLFW's key codes only: ImGui 1.86's GLFW backend indexes its keys by them. Headless runs have
// no keys, so none is ever down there; nothing here needs a window.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "view_geometry.h"

namespace gs::app {

const std::vector<Shortcut>& shortcuts() {
  static const std::vector<Shortcut> keys = {
      {"space", "run / pause"}, {"S", "one step"},      {"R", "reset"},
      {"P", "screenshot"},      {"V", "record / stop"}, {"H", "hide / show the UI"},
      {"F11", "fullscreen"},    {"F1", "this help"},    {"1-9", "favourite presets"},
      {"left-drag", "paint v"}, {"right-drag", "erase"}};
  return keys;
}

KeyActions push_key_commands(const KeyContext& context, std::vector<Command>& commands) {
  KeyActions actions;
  if (ImGui::GetIO().WantCaptureKeyboard) return actions;
  const auto pressed = [](int key) { return ImGui::IsKeyPressed(key); };
  if (pressed(ImGui::GetKeyIndex(ImGuiKey_Space)))
    commands.push_back(context.running ? Command{command::Pause{}} : Command{command::Run{}});
  if (pressed(GLFW_KEY_P)) commands.push_back(command::Screenshot{"", false});
  if (pressed(GLFW_KEY_S)) commands.push_back(command::Step{1});
  if (pressed(GLFW_KEY_R)) commands.push_back(command::Reset{});
  if (pressed(GLFW_KEY_H))
    commands.push_back(command::SetView{ViewControl::UiHidden, !context.ui_hidden});
  if (pressed(GLFW_KEY_V))
    commands.push_back(context.recording ? Command{command::RecordStop{}}
                                         : Command{command::RecordStart{}});
  for (int key = 0; key < 9; ++key)
    if (pressed(GLFW_KEY_1 + key) && std::size_t(key) < context.favourites.size())
      commands.push_back(command::LoadPreset{context.favourites[std::size_t(key)]});
  actions.toggle_help = pressed(GLFW_KEY_F1);
  actions.toggle_fullscreen = pressed(GLFW_KEY_F11);
  return actions;
}

std::optional<command::Paint> brush_under_mouse(const ViewState& view, bool map_mode,
                                                int window_width, int window_height,
                                                GridSize grid) {
  if (ImGui::GetIO().WantCaptureMouse || map_mode) return std::nullopt;
  const bool painting = ImGui::IsMouseDown(ImGuiMouseButton_Left);
  const bool erasing = ImGui::IsMouseDown(ImGuiMouseButton_Right);
  if (!painting && !erasing) return std::nullopt;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const std::optional<GridPoint> cell =
      window_to_grid(mouse.x, mouse.y, window_width, window_height, grid);
  if (!cell) return std::nullopt;
  return command::Paint{cell->x, cell->y, view.brush_radius, view.brush_value, erasing};
}

}  // namespace gs::app
