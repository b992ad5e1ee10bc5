// A figure's layout, axes and parameter lines (figure_layout.h).
#include "figure_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gs::app {
namespace {

// The field's short side at least this many pixels (a whole number of pixels per cell), its long
// side at most the other.
constexpr int kExportShortSide = 720;
constexpr int kExportLongestSide = 4096;
// Around the field, in text lines: a margin; the parameters' rows; the y axis's name, labels
// ("0.065", "1024") and ticks; the x axis's ticks, labels and name; the colour bar's strip, gap
// and labels; the caption strip (two lines of large type and padding).
constexpr float kMarginLines = 0.6f;
constexpr float kParameterLineLines = 1.5f;
constexpr float kYAxisLines = 6.0f;
constexpr float kXAxisLines = 3.2f;
constexpr float kColourStripLines = 1.2f;
constexpr float kColourColumnLines = 6.0f;
constexpr float kColourStripMostOfField = 0.7f;
constexpr float kCaptionLines = 2 * 2.0f * 1.25f + 1.0f;
// About this many ticks an axis.
constexpr int kTicks = 5;

// Ticks at round values (1, 2 or 5 times a power of ten) from `low` to `high`, placed along the
// axis from 0 (at `low`) to 1.
std::vector<AxisTick> round_ticks(double low, double high, bool whole) {
  std::vector<AxisTick> ticks;
  if (!(high > low)) return ticks;
  const double rough = (high - low) / kTicks;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  // The round step that gives the number of ticks nearest kTicks.
  double step = power;
  for (const double times : {1.0, 2.0, 5.0, 10.0})
    if (std::fabs((high - low) / (power * times) - kTicks) <
        std::fabs((high - low) / step - kTicks))
      step = power * times;
  if (whole) step = std::max(1.0, std::round(step));
  const int decimals = whole ? 0 : std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
  // Rates come as floats (0.08f is 0.0799999982): the ends count within a thousandth of a step.
  const double slack = 1e-3 * step;
  for (double value = std::ceil((low - slack) / step) * step; value <= high + slack;
       value += step) {
    char label[32];
    std::snprintf(label, sizeof label, "%.*f", decimals, std::fabs(value) < 1e-12 ? 0.0 : value);
    ticks.push_back({float(std::clamp((value - low) / (high - low), 0.0, 1.0)), label});
  }
  return ticks;
}

std::string number(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", double(value));
  return text;
}

std::string rates(float F, float k, float Du, float Dv) {
  return "F " + number(F) + ", k " + number(k) + ", Du " + number(Du) + ", Dv " + number(Dv);
}

}  // namespace

FigureAxes figure_axes(GridSize grid, const Params& params) {
  FigureAxes axes;
  if (params.map.enabled) {
    axes.x = {"k", round_ticks(params.map.k_low, params.map.k_high, false)};
    // F grows upward: the ticks' places from the top.
    axes.y = {"F", round_ticks(params.map.F_low, params.map.F_high, false)};
    for (AxisTick& tick : axes.y.ticks) tick.at = 1.0f - tick.at;
    axes.y_grows_up = true;
    return axes;
  }
  axes.x = {"x (cells)", round_ticks(0, grid.width, true)};
  axes.y = {"y", round_ticks(0, grid.height, true)};
  return axes;
}

std::vector<std::string> figure_parameters(const Params& params, const std::string& preset_label,
                                           long long step, GridSize grid) {
  char tail[160];
  std::snprintf(
      tail, sizeof tail, "dt %s, %s Laplacian, %s edges, step %lld, %s", number(params.dt).c_str(),
      std::string(name_in(kLaplacianNames, params.laplacian)).c_str(),
      std::string(name_in(kBoundaryNames, params.boundary)).c_str(), step, to_string(grid).c_str());
  if (params.map.enabled)
    return {"parameter map: F " + number(params.map.F_low) + " to " + number(params.map.F_high) +
                " (up), k " + number(params.map.k_low) + " to " + number(params.map.k_high) +
                " (right), Du " + number(params.Du) + ", Dv " + number(params.Dv),
            tail};
  if (params.style.enabled)
    return {"style map: set A " + rates(params.F, params.k, params.Du, params.Dv) + "; set B " +
                rates(params.style.F, params.style.k, params.style.Du, params.style.Dv),
            tail};
  return {preset_label + ": " + rates(params.F, params.k, params.Du, params.Dv) + ", " + tail};
}

ExportLayout layout_export(GridSize grid, bool caption_strip, int parameter_lines) {
  ExportLayout layout;
  if (grid.cells() == 0) return layout;
  const int short_side = std::min(grid.width, grid.height);
  const int long_side = std::max(grid.width, grid.height);
  layout.cell_pixels = std::max(1, std::min((kExportShortSide + short_side - 1) / short_side,
                                            kExportLongestSide / long_side));
  const float width = float(grid.width * layout.cell_pixels);
  const float height = float(grid.height * layout.cell_pixels);
  const float px = std::clamp(std::round(std::min(width, height) / 36.0f), 12.0f, 64.0f);
  layout.text_px = px;
  const float margin = std::round(kMarginLines * px);
  const float top =
      std::round((kParameterLineLines * float(std::max(parameter_lines, 1)) + 0.8f) * px);
  const float left = std::round(kYAxisLines * px);
  const float below = std::round(kXAxisLines * px);
  const float column = std::round(kColourColumnLines * px);
  const float caption = caption_strip ? std::round(kCaptionLines * px) : 0.0f;
  layout.field = ScreenRect{left, top, width, height};
  const auto even = [](float side) { return int(std::ceil(side / 2.0f)) * 2; };
  layout.canvas =
      GridSize{even(left + width + column), even(top + height + below + caption + margin)};
  layout.parameters = ScreenRect{margin, 0, float(layout.canvas.width) - 2 * margin, top};
  layout.y_axis = ScreenRect{0, top, left, height};
  layout.x_axis = ScreenRect{left, top + height, width, below};
  layout.caption = ScreenRect{0, top + height + below, float(layout.canvas.width), caption};
  layout.colour_bar = ScreenRect{layout.field.right() + 0.5f * margin,
                                 top + 0.5f * (1.0f - kColourStripMostOfField) * height,
                                 kColourStripLines * px, kColourStripMostOfField * height};
  return layout;
}

}  // namespace gs::app
