#include "colour_bar.h"

#include <imgui.h>

#include <cstdio>

namespace gs::app {
namespace {

constexpr ImU32 kInk = IM_COL32(235, 235, 235, 255);

void value_label(ImDrawList* draw, ImVec2 left_middle, float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", double(value));
  draw->AddText(ImVec2(left_middle.x, left_middle.y - 0.5f * ImGui::GetTextLineHeight()), kInk,
                text);
}

}  // namespace

void draw_colour_bar(const std::vector<Rgb>& table, float low, float high,
                     const ScreenRect& strip) {
  if (table.empty() || strip.height <= 0 || strip.width <= 0) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const int bands = int(table.size());
  for (int i = 0; i < bands; ++i) {
    const Rgb& c = table[std::size_t(bands - 1 - i)];  // band 0 (the low end) at the bottom
    const float y0 = strip.y + strip.height * float(i) / float(bands);
    const float y1 = strip.y + strip.height * float(i + 1) / float(bands);
    draw->AddRectFilled(ImVec2(strip.x, y0), ImVec2(strip.right(), y1),
                        IM_COL32(c[0], c[1], c[2], 255));
  }
  draw->AddRect(ImVec2(strip.x, strip.y), ImVec2(strip.right(), strip.bottom()),
                IM_COL32(200, 200, 200, 160));
  const float labels_x = strip.right() + 0.4f * strip.width;
  value_label(draw, ImVec2(labels_x, strip.y), high);
  value_label(draw, ImVec2(labels_x, strip.y + 0.5f * strip.height), 0.5f * (low + high));
  value_label(draw, ImVec2(labels_x, strip.bottom()), low);
}

}  // namespace gs::app
