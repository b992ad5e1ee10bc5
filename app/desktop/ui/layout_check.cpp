// Whether the UI fits (layout_check.h).
#include "layout_check.h"

#include <imgui.h>
#include <imgui_internal.h>  // each window's content extent and work rectangle

#include <algorithm>

namespace gs::app {
namespace {

constexpr float kTolerancePx = 1.0f;  // rounding of positions

}  // namespace

std::vector<ClippedWindow> clipped_windows() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImVec2 display = g.IO.DisplaySize;
  std::vector<ClippedWindow> clipped;
  for (const ImGuiWindow* window : g.Windows) {
    if (!window->Active || window->Hidden || (window->Flags & ImGuiWindowFlags_Tooltip)) continue;
    float over = window->DC.CursorMaxPos.x - window->WorkRect.Max.x;
    if (window->Flags & ImGuiWindowFlags_NoScrollbar)
      over = std::max(over, window->DC.CursorMaxPos.y - window->WorkRect.Max.y);
    over =
        std::max({over, -window->Pos.x, -window->Pos.y, window->Pos.x + window->Size.x - display.x,
                  window->Pos.y + window->Size.y - display.y});
    if (over > kTolerancePx) clipped.push_back({window->Name, over});
  }
  return clipped;
}

void ClipWatch::observe(const std::vector<ClippedWindow>& now) {
  std::map<std::string, int> streak;
  for (const ClippedWindow& window : now) {
    const int frames = streak_[window.window] + 1;
    streak[window.window] = frames;
    if (frames < kFrames) continue;
    const auto known =
        std::find_if(persistent_.begin(), persistent_.end(),
                     [&](const ClippedWindow& w) { return w.window == window.window; });
    if (known == persistent_.end())
      persistent_.push_back(window);
    else
      known->overflow_px = std::max(known->overflow_px, window.overflow_px);
  }
  streak_ = std::move(streak);
}

}  // namespace gs::app
