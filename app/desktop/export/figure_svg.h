// A figure as SVG, from the layout the PNG export draws (core/figure_layout.h): the field as the
// exact colours of a field screenshot (a PNG inside the file, drawn without smoothing, so each
// cell stays a square), and as vectors the frame, the axes' ticks, labels and names, the colour
// bar's bands, labels and name, the parameter lines and the caption, in DejaVu Sans. For papers:
// it scales without blur and its text can be edited. Written whole through a temporary name.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "colormap.h"
#include "figure_layout.h"
#include "gs/status.h"

namespace gs::app {

struct FigureContent {
  GridSize grid;
  std::vector<std::uint8_t> field_rgb;  // the field at grid resolution, rows top to bottom
  std::vector<Rgb> colormap;
  float low = 0, high = 1;
  std::vector<std::string> parameters;
  FigureAxes axes;
  std::string quantity;  // the colour bar's name
  std::string caption;   // "" for none
};

// The SVG document's text.
std::string figure_svg(const ExportLayout& layout, const FigureContent& content);

Status write_figure_svg(const std::filesystem::path& path, const ExportLayout& layout,
                        const FigureContent& content);

// Whether a capture's path asks for SVG (its extension, in any case).
bool is_svg_path(const std::filesystem::path& path);

}  // namespace gs::app
