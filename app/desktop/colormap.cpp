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
        {62, 74, 137},
        {49, 104, 142},
        {38, 130, 142},
        {31, 158, 137},
        {53, 183, 121},
        {109, 205, 89},
        {180, 222, 44},
        {253, 231, 37}}},
      {"magma",
       {{0, 0, 4},
        {28, 16, 68},
        {79, 18, 123},
        {129, 37, 129},
        {181, 54, 122},
        {229, 80, 100},
        {251, 135, 97},
        {254, 194, 135},
        {252, 253, 191}}},
      {"grayscale", {{0, 0, 0}, {255, 255, 255}}},
  };
  return maps;
}

const Colormap* find_colormap(std::string_view name) {
  for (const Colormap& map : builtin_colormaps())
    if (map.name == name) return &map;
  return nullptr;
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
