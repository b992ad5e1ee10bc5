#include "colormap.h"

#include <algorithm>
#include <cmath>

namespace gs::app {

const std::vector<Colormap>& builtin_colormaps() {
  // Stops sampled evenly from each map (viridis and magma as in matplotlib).
  static const std::vector<Colormap> maps = {
      {"viridis",
       {{68, 1, 84},
        {72, 40, 120},
        {62, 73, 137},
        {49, 104, 142},
        {38, 130, 142},
        {31, 158, 137},
        {53, 183, 121},
        {110, 206, 88},
        {181, 222, 43},
        {253, 231, 37}}},
      {"magma",
       {{0, 0, 4},
        {24, 15, 61},
        {68, 15, 118},
        {114, 31, 129},
        {158, 47, 127},
        {205, 64, 113},
        {241, 96, 93},
        {253, 150, 104},
        {254, 202, 141},
        {252, 253, 191}}},
      {"inferno",
       {{0, 0, 4},
        {27, 12, 65},
        {74, 12, 107},
        {120, 28, 109},
        {165, 44, 96},
        {207, 68, 70},
        {237, 105, 37},
        {251, 155, 6},
        {247, 209, 61},
        {252, 255, 164}}},
      {"turbo",
       {{48, 18, 59},
        {65, 69, 171},
        {70, 117, 237},
        {57, 162, 252},
        {27, 207, 212},
        {36, 236, 166},
        {97, 252, 108},
        {164, 252, 59},
        {209, 232, 52},
        {243, 198, 58},
        {254, 155, 45},
        {243, 99, 21},
        {217, 56, 6},
        {177, 25, 1},
        {122, 4, 2}}},
      {"grayscale", {{0, 0, 0}, {255, 255, 255}}},
      // The classic two-tone look of reaction-diffusion prints: ink on paper.
      {"two-tone", {{20, 24, 60}, {20, 24, 60}, {242, 232, 212}, {242, 232, 212}}},
  };
  return maps;
}

std::optional<Colormap> find_colormap(std::string_view name) {
  constexpr std::string_view kReversed = "_r";
  const bool reversed =
      name.size() > kReversed.size() && name.substr(name.size() - kReversed.size()) == kReversed;
  const std::string_view base = reversed ? name.substr(0, name.size() - kReversed.size()) : name;
  for (const Colormap& map : builtin_colormaps()) {
    if (map.name != base) continue;
    if (!reversed) return map;
    Colormap flipped{std::string(name), {map.stops.rbegin(), map.stops.rend()}};
    return flipped;
  }
  return std::nullopt;
}

std::vector<Rgb> colormap_table(const Colormap& colormap) {
  std::vector<Rgb> table(kColormapSize);
  const int last_stop = int(colormap.stops.size()) - 1;
  for (int i = 0; i < kColormapSize; ++i) {
    const float position = float(i) / float(kColormapSize - 1) * float(last_stop);
    const int below = std::min(int(position), std::max(0, last_stop - 1));
    const float t = last_stop == 0 ? 0.0f : position - float(below);
    for (int c = 0; c < 3; ++c) {
      const float a = colormap.stops[below][c];
      const float b = colormap.stops[std::min(below + 1, last_stop)][c];
      table[i][c] = std::uint8_t(std::lround(a + (b - a) * t));
    }
  }
  return table;
}

Rgb apply_colormap(const std::vector<Rgb>& table, float value, float low, float high) {
  const float t = std::clamp((value - low) / std::max(high - low, 1e-12f), 0.0f, 1.0f);
  if (std::isnan(t)) return table.front();
  const int index = std::min(int(table.size()) - 1, int(t * float(table.size())));
  return table[index];
}

}  // namespace gs::app
