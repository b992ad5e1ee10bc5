// A short notice over the field (notice_banner.h).
#include "notice_banner.h"

#include <imgui.h>

#include <algorithm>

#include "overlays.h"

namespace gs::app {

void draw_notice(std::string_view notice, const ScreenRect& field) {
  if (notice.empty() || field.width <= 0) return;
  // Under where the divergence banner goes, so both can show.
  ImGui::SetNextWindowPos(
      ImVec2(field.x + 0.5f * field.width, field.y + 3.0f * ImGui::GetFrameHeightWithSpacing()),
      ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.85f);
  ImGui::Begin("##notice", nullptr, kOverlayFlags);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() +
                         std::max(field.width * 0.8f, 10.0f * ImGui::GetFontSize()));
  ImGui::TextUnformatted(notice.data(), notice.data() + notice.size());
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace gs::app
