// An RGB8 picture in memory, rows top to bottom: what the contact sheet is composed into and what
// write_png takes.
#pragma once

#include <cstdint>
#include <vector>

#include "colormap.h"
#include "gs/fields.h"

namespace gs::sheet {

struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;

  RgbImage() = default;
  RgbImage(int w, int h, app::Rgb fill) : width(w), height(h), rgb(std::size_t(w) * h * 3) {
    for (std::size_t i = 0; i < rgb.size(); i += 3) {
      rgb[i] = fill[0];
      rgb[i + 1] = fill[1];
      rgb[i + 2] = fill[2];
    }
  }
  GridSize size() const { return {width, height}; }
  std::uint8_t* at(int x, int y) { return &rgb[(std::size_t(y) * width + x) * 3]; }
  const std::uint8_t* at(int x, int y) const { return &rgb[(std::size_t(y) * width + x) * 3]; }
  app::Rgb pixel(int x, int y) const {
    const std::uint8_t* p = at(x, y);
    return {p[0], p[1], p[2]};
  }
};

}  // namespace gs::sheet
