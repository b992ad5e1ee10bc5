// Colormaps: named lists of colour stops, expanded into a 256-entry table that the renderer
// uploads as a 1-D texture (nearest filtering) and the screenshot applies on the CPU with the
// same arithmetic, so a screenshot matches the view.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gs::app {

using Rgb = std::array<std::uint8_t, 3>;

struct Colormap {
  std::string name;
  std::vector<Rgb> stops;  // evenly spaced from the low end to the high end
};

inline constexpr int kColormapSize = 256;

const std::vector<Colormap>& builtin_colormaps();
// A built-in map by name; "NAME_r" is the map reversed (matplotlib's convention).
std::optional<Colormap> find_colormap(std::string_view name);
// The built-in names for messages and help: "viridis, magma, ...; each also reversed as NAME_r".
std::string colormap_names();

// kColormapSize colours, linearly interpolated between the stops.
std::vector<Rgb> colormap_table(const Colormap& colormap);

// The narrowest span [low, high] the colours are spread over: a narrower one divides as this.
inline constexpr float kMinColourSpan = 1e-12f;

// The table entry for a value in [low, high], as the fragment shader picks it.
Rgb apply_colormap(const std::vector<Rgb>& table, float value, float low, float high);

}  // namespace gs::app
