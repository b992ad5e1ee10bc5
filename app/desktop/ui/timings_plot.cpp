// The Timings plot (timings_plot.h), drawn with ImGui's draw list: ImGui 1.86's PlotLines has no
// axes, and its label takes the plot's width.
#include "timings_plot.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace gs::app {
namespace {

constexpr ImU32 kKernelColour = IM_COL32(240, 170, 40, 255);
constexpr ImU32 kTransferColour = IM_COL32(90, 170, 255, 255);

// A round step (1, 2 or 5 times a power of ten) that splits [0, top] into at most `parts` parts.
double round_step(double top, int parts) {
  const double raw = top / std::max(1, parts);
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double multiple : {1.0, 2.0, 5.0})
    if (multiple * power >= raw) return multiple * power;
  return 10.0 * power;
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// Draws text at `at` and keeps how far any of it passed `bounds`.
class Labels {
 public:
  Labels(ImDrawList* draw, ImVec2 min, ImVec2 max) : draw_(draw), min_(min), max_(max) {}
  void add(ImVec2 at, const std::string& text, ImU32 colour) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    overflow_ = std::max(
        {overflow_, min_.x - at.x, min_.y - at.y, at.x + size.x - max_.x, at.y + size.y - max_.y});
    draw_->AddText(at, colour, text.c_str());
  }
  float overflow() const { return std::max(0.0f, overflow_); }

 private:
  ImDrawList* draw_;
  ImVec2 min_, max_;
  float overflow_ = 0.0f;
};

}  // namespace

float timings_plot_height(float text_px, float display_height) {
  return std::min(10.0f * text_px, 0.4f * display_height);
}

DrawnPlot draw_timings_plot(const std::deque<FrameTiming>& history, std::size_t capacity) {
  const float font = ImGui::GetFontSize();
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = timings_plot_height(font, ImGui::GetIO().DisplaySize.y);
  const ImVec2 end(origin.x + width, origin.y + height);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  Labels labels(draw, origin, end);
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.5f);

  // The y axis's top: the slowest frame shown, to a round tick.
  double slowest = 0.0;
  for (const FrameTiming& frame : history)
    slowest = std::max({slowest, frame.kernel_ms, frame.transfer_ms});
  // Room for the ticks' labels at the left; the plot's top leaves half a line for the top tick's
  // label over the legend's line, its bottom two lines for the frames' ticks and title.
  const float top = origin.y + 1.5f * font + spacing.y;
  const float bottom = end.y - 2.0f * font - 2.0f * spacing.y;
  const int y_parts = std::clamp(int((bottom - top) / (1.5f * font)), 1, 4);
  const double y_step = round_step(slowest > 0.0 ? slowest : 1.0, y_parts);
  const double y_top = y_step * std::max(1.0, std::ceil(slowest / y_step - 1e-9));
  float axis_width = 0.0f;
  for (double value = 0.0; value <= y_top + 0.5 * y_step; value += y_step)
    axis_width = std::max(axis_width, ImGui::CalcTextSize(number(value).c_str()).x);
  const float left = origin.x + axis_width + spacing.x;
  const float right = end.x - 1.0f;
  const auto y_of = [&](double ms) { return bottom - float(ms / y_top) * (bottom - top); };

  // The legend's line: the y axis's unit over its ticks, then each line's colour and name.
  labels.add(origin, "ms", text);
  float legend_x = left;
  for (const auto& [name, colour] :
       {std::pair{"kernel", kKernelColour}, std::pair{"transfer", kTransferColour}}) {
    const float mid = origin.y + 0.5f * font;
    draw->AddLine(ImVec2(legend_x, mid), ImVec2(legend_x + font, mid), colour, 2.0f);
    labels.add(ImVec2(legend_x + font + 0.5f * spacing.x, origin.y), name, text);
    legend_x += font + 0.5f * spacing.x + ImGui::CalcTextSize(name).x + 2.0f * spacing.x;
  }

  // The ms ticks: a line across the plot each, its number right-aligned beside it.
  for (double value = 0.0; value <= y_top + 0.5 * y_step; value += y_step) {
    const float y = y_of(value);
    draw->AddLine(ImVec2(left, y), ImVec2(right, y), grid);
    const std::string label = number(value);
    labels.add(ImVec2(left - spacing.x - ImGui::CalcTextSize(label.c_str()).x, y - 0.5f * font),
               label, text);
  }

  // The frames' ticks: round counts of frames ago, as many as their labels leave room for.
  const float frames_width = std::max(1.0f, right - left);
  const float span = float(std::max<std::size_t>(capacity, 1));  // the left edge: `capacity` ago
  const float x_label_room = ImGui::CalcTextSize(number(double(capacity)).c_str()).x + 2.0f * font;
  const double x_step = round_step(span, std::max(1, int(frames_width / x_label_room)));
  const float ticks_y = bottom + spacing.y;
  for (double ago = 0.0; ago <= span * (1.0 + 1e-9); ago += x_step) {
    const float x = right - float(ago / span) * frames_width;
    draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), grid);
    const std::string label = number(ago);
    const float label_width = ImGui::CalcTextSize(label.c_str()).x;
    // Centred on the tick, but the end ticks' labels stay above the plot's ends.
    const float label_x = std::clamp(x - 0.5f * label_width, left, right - label_width);
    labels.add(ImVec2(label_x, ticks_y), label, text);
  }
  const char* title = "frames ago";
  labels.add(ImVec2(left + 0.5f * (frames_width - ImGui::CalcTextSize(title).x),
                    ticks_y + font + spacing.y),
             title, text);
  draw->AddRect(ImVec2(left, top), ImVec2(right, bottom), grid);

  // The lines, the newest frame at the right edge.
  const float thickness = std::max(1.0f, font / 10.0f);
  std::vector<ImVec2> kernel, transfer;
  const std::size_t count = std::min(history.size(), capacity);
  for (std::size_t i = history.size() - count; i < history.size(); ++i) {
    const float x = right - float(history.size() - 1 - i) / span * frames_width;
    kernel.emplace_back(x, y_of(history[i].kernel_ms));
    transfer.emplace_back(x, y_of(history[i].transfer_ms));
  }
  draw->AddPolyline(transfer.data(), int(transfer.size()), kTransferColour, 0, thickness);
  draw->AddPolyline(kernel.data(), int(kernel.size()), kKernelColour, 0, thickness);

  ImGui::Dummy(ImVec2(width, height));  // the layout (and the clip check) see its whole size
  return {ScreenRect{origin.x, origin.y, width, height}, labels.overflow()};
}

}  // namespace gs::app
