// The toast (toast.h), as a small ImGui window that takes no input.
#include "toast.h"

#include <imgui.h>

#include <algorithm>

namespace gs::app {

void Toast::show(std::string text, double now) {
  text_ = std::move(text);
  since_ = now;
}

std::string Toast::draw(const ScreenRect& area, double now) const {
  const double age = now - since_;
  if (text_.empty() || age < 0 || age >= kSeconds) return "";
  const float opacity = float(std::clamp((kSeconds - age) / kFade, 0.0, 1.0));
  const float margin = ImGui::GetFontSize();
  const float width = std::max(area.width - 2.0f * margin, 4.0f * margin);
  // Centred at the field's top; its width follows the text up to the field's.
  ImGui::SetNextWindowPos(ImVec2(area.x + 0.5f * area.width, area.y + margin), ImGuiCond_Always,
                          ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(width, area.height));
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, opacity);
  ImGui::Begin("##toast", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  const float padding = 2.0f * ImGui::GetStyle().WindowPadding.x;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() +
                         std::min(ImGui::CalcTextSize(text_.c_str()).x, width - padding));
  ImGui::TextUnformatted(text_.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
  ImGui::PopStyleVar();
  return text_;
}

}  // namespace gs::app
