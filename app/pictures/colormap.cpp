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
      // From matplotlib's tables (lib/matplotlib/_cm_listed.py, _cm.py), resampled evenly:
      // plasma (van der Walt and Smith), cividis (Nunez, Anderton and Renslow 2018) at 16 stops
      // of 256, twilight (Bastian Rieck; cyclic: it ends where it starts) at 32 of 510;
      // coolwarm, Kenneth Moreland's 33-point table ("Diverging Color Maps for Scientific
      // Visualization", CoolWarmFloat33); RdBu and Spectral, Cynthia Brewer's ColorBrewer
      // 11-class diverging schemes.
      {"plasma",
       {{13, 8, 135},
        {51, 5, 151},
        {80, 2, 162},
        {106, 0, 168},
        {132, 5, 167},
        {156, 23, 158},
        {177, 42, 144},
        {195, 61, 128},
        {211, 81, 113},
        {225, 100, 98},
        {237, 121, 83},
        {246, 143, 68},
        {252, 166, 54},
        {254, 192, 41},
        {249, 220, 36},
        {240, 249, 33}}},
      {"cividis",
       {{0, 34, 78},
        {0, 46, 108},
        {30, 58, 111},
        {53, 69, 108},
        {71, 81, 108},
        {87, 93, 109},
        {102, 105, 112},
        {117, 117, 117},
        {132, 130, 121},
        {148, 142, 119},
        {165, 156, 116},
        {183, 169, 110},
        {200, 184, 102},
        {219, 199, 90},
        {238, 214, 73},
        {254, 232, 56}}},
      {"twilight",
       {{226, 217, 226}, {214, 215, 220}, {193, 205, 211}, {168, 193, 203}, {145, 179, 198},
        {126, 164, 195}, {112, 148, 192}, {102, 131, 189}, {97, 113, 185},  {95, 94, 179},
        {94, 74, 169},   {92, 54, 155},   {87, 36, 135},   {77, 23, 108},   {63, 18, 81},
        {52, 17, 61},    {52, 18, 56},    {66, 18, 62},    {86, 21, 71},    {108, 27, 78},
        {129, 35, 80},   {147, 48, 80},   {162, 64, 80},   {175, 81, 81},   {185, 100, 86},
        {193, 120, 96},  {199, 140, 111}, {203, 160, 133}, {209, 180, 159}, {216, 197, 187},
        {222, 211, 212}, {226, 217, 226}}},
      {"coolwarm",
       {{59, 76, 192},   {68, 90, 204},   {77, 104, 215},  {87, 117, 225},  {98, 130, 234},
        {108, 142, 241}, {119, 154, 247}, {130, 165, 251}, {141, 176, 254}, {152, 185, 255},
        {163, 194, 255}, {174, 201, 253}, {184, 208, 249}, {194, 213, 244}, {204, 217, 238},
        {213, 219, 230}, {221, 221, 221}, {229, 216, 209}, {236, 211, 197}, {241, 204, 185},
        {245, 196, 173}, {247, 187, 160}, {247, 177, 148}, {247, 166, 135}, {244, 154, 123},
        {241, 141, 111}, {236, 127, 99},  {229, 112, 88},  {222, 96, 77},   {213, 80, 66},
        {203, 62, 56},   {192, 40, 47},   {180, 4, 38}}},
      {"RdBu",
       {{103, 0, 31},
        {178, 24, 43},
        {214, 96, 77},
        {244, 165, 130},
        {253, 219, 199},
        {247, 247, 247},
        {209, 229, 240},
        {146, 197, 222},
        {67, 147, 195},
        {33, 102, 172},
        {5, 48, 97}}},
      {"Spectral",
       {{158, 1, 66},
        {213, 62, 79},
        {244, 109, 67},
        {253, 174, 97},
        {254, 224, 139},
        {255, 255, 191},
        {230, 245, 152},
        {171, 221, 164},
        {102, 194, 165},
        {50, 136, 189},
        {94, 79, 162}}},
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

std::string colormap_names() {
  std::string names;
  for (const Colormap& map : builtin_colormaps()) names += (names.empty() ? "" : ", ") + map.name;
  return names + "; each also reversed as NAME_r";
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
  const float t = std::clamp((value - low) / std::max(high - low, kMinColourSpan), 0.0f, 1.0f);
  if (std::isnan(t)) return table.front();
  const int index = std::min(int(table.size()) - 1, int(t * float(table.size())));
  return table[index];
}

}  // namespace gs::app
