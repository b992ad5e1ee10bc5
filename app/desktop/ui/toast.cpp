// The toast (toast.h), as a small ImGui window that takes no input.
#include "toast.h"

#include <imgui.h>

#include <algorithm>

namespace gs::app {

void Toast::show(std::string text, double now) {
  text_ = std::move(text);
  since_ = now;
}

void Toast::follow_captures(int screenshots_taken, const std::string& last_screenshot,
                            const std::string& recording_message, double now) {
  if (screenshots_taken != screenshots_seen_) {
    screenshots_seen_ = screenshots_taken;
    show("saved " + last_screenshot, now);
  }
  if (recording_message != recording_seen_) {
    recording_seen_ = recording_message;
    show(recording_seen_, now);
  }
}

std::string Toast::draw(const ScreenRect& area, double now) const {
  const double age = now - since_;
  if (text_.empty() || age < 0 || age >= kSeconds) return "";
  const float opacity = float(std::clamp((kSeconds - age) / kFade, 0.0, 1.0));
  const float margin = ImGui::GetFontSize();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  // As wide as the text, up to the window's width (a path is one long word: wrapped to the
  // field alone it would break mid-name), centred over the field and kept on the screen.
  const float padding = 2.0f * ImGui::GetStyle().WindowPadding.x;
  const float width = std::min(ImGui::CalcTextSize(text_.c_str()).x + padding + 1.0f,
                               std::max(display.x - 2.0f * margin, 4.0f * margin));
  const float x = std::clamp(area.x + 0.5f * (area.width - width), margin,
                             std::max(display.x - margin - width, margin));
  // At the field's foot: its top holds the recording's indicator and other notices.
  ImGui::SetNextWindowPos(ImVec2(x, area.bottom() - margin), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, display.y));
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, opacity);
  ImGui::Begin("##toast", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - padding);
  ImGui::TextUnformatted(text_.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
  ImGui::PopStyleVar();
  return text_;
}

}  // namespace gs::app
