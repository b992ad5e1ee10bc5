// The app's input and overlays: keyboard shortcuts, the brush under the mouse, and what is
// drawn over the view (divergence banner, recording indicator, help, captions).
#include "app.h"

// GLFW's key codes only: ImGui 1.86's GLFW backend indexes its keys by them. Headless runs have
// no keys, so none is ever down there; nothing here needs a window.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "view_geometry.h"

namespace gs::app {
namespace {

constexpr const char* kShortcuts[][2] = {{"space", "run / pause"},
                                         {"S", "one step"},
                                         {"R", "reset"},
                                         {"P", "screenshot"},
                                         {"H", "hide / show the UI"},
                                         {"F11", "fullscreen"},
                                         {"F1", "this help"},
                                         {"1-9", "favourite presets"},
                                         {"left-drag", "paint v"},
                                         {"right-drag", "erase"}};

}  // namespace

void App::handle_keys() {
  if (ImGui::GetIO().WantCaptureKeyboard) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space)))
    queue_.push_back(simulation_->running() ? Command{command::Pause{}} : Command{command::Run{}});
  if (ImGui::IsKeyPressed(GLFW_KEY_P)) queue_.push_back(command::Screenshot{"", false});
  if (ImGui::IsKeyPressed(GLFW_KEY_S)) queue_.push_back(command::Step{1});
  if (ImGui::IsKeyPressed(GLFW_KEY_R)) queue_.push_back(command::Reset{});
  if (ImGui::IsKeyPressed(GLFW_KEY_H))
    queue_.push_back(command::SetView{ViewControl::UiHidden, !ui_hidden_});
  if (ImGui::IsKeyPressed(GLFW_KEY_F1)) help_shown_ = !help_shown_;
  if (ImGui::IsKeyPressed(GLFW_KEY_F11)) surface_->toggle_fullscreen();
  if (ImGui::IsKeyPressed(GLFW_KEY_V))
    queue_.push_back(recorder_ ? Command{command::RecordStop{}} : Command{command::RecordStart{}});
  for (int key = 0; key < 9; ++key)
    if (ImGui::IsKeyPressed(GLFW_KEY_1 + key) && std::size_t(key) < settings_.favourites.size())
      queue_.push_back(command::LoadPreset{settings_.favourites[std::size_t(key)]});
}

void App::handle_mouse() {
  // Left-drag paints v, right-drag erases; never while ImGui uses the mouse, nor in map mode,
  // where a click picks (F, k) instead.
  if (ImGui::GetIO().WantCaptureMouse || simulation_->params().map.enabled) return;
  const bool painting = ImGui::IsMouseDown(ImGuiMouseButton_Left);
  const bool erasing = ImGui::IsMouseDown(ImGuiMouseButton_Right);
  if (!painting && !erasing) return;
  const SurfaceSize window = surface_->window_size();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const std::optional<GridPoint> cell =
      window_to_grid(mouse.x, mouse.y, window.width, window.height, simulation_->size());
  if (cell)
    queue_.push_back(
        command::Paint{cell->x, cell->y, view_.brush_radius, view_.brush_value, erasing});
}

void App::draw_overlays() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoMove;
  if (const auto& diverged = simulation_->divergence()) {
    ImGui::SetNextWindowPos(
        ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f, viewport->WorkPos.y + 20),
        ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.6f, 0.1f, 0.1f, 0.9f));
    ImGui::Begin("##divergence", nullptr, flags);
    ImGui::TextUnformatted(diverged->c_str());
    ImGui::End();
    ImGui::PopStyleColor();
  }
  if (recorder_) {
    ImGui::SetNextWindowPos(
        ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - 20.0f, viewport->WorkPos.y + 20.0f),
        ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.5f, 0.05f, 0.05f, 0.85f));
    ImGui::Begin("##recording", nullptr, flags);
    ImGui::Text("REC  %lld frames  %.1f s  %.1f MB", recorder_->frames_written(),
                recorder_->duration_s(), double(recorder_->bytes_written()) / 1e6);
    ImGui::End();
    ImGui::PopStyleColor();
  }
  if (help_shown_) {
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                   viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::Begin("Keyboard shortcuts (F1)", &help_shown_,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
    for (const auto& [key, action] : kShortcuts) ImGui::Text("%-11s %s", key, action);
    ImGui::End();
  }
  if (!caption_.empty()) {
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                   viewport->WorkPos.y + viewport->WorkSize.y - 40),
                            ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::Begin("##caption", nullptr, flags);
    ImGui::SetWindowFontScale(2.0f);
    ImGui::TextUnformatted(caption_.c_str());
    ImGui::End();
  }
}

}  // namespace gs::app
