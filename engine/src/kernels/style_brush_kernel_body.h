// The brush on the style map (BrushStyle::TowardA or TowardB): each cell of the brush's disc or
// capsule moves its byte toward set A (0) or set B (255) by a weight that falls smoothly from 1
// at the stroke's centre line to 0 at the radius, so a stroke has a soft edge and a brush held
// still (painted again each frame) spreads its full effect outward. One GS_HD per-thread body
// over the brush's own box and launch shape: the CUDA backend paints on the device, the CPU twin
// runs the very same code, bit for bit (no fused multiply-add on either side).
#pragma once

#include <cstdint>

#include "kernels/brush_kernel_body.h"

namespace gs {

// The soft edge: (1 - q)^2 for q = (distance / radius)^2 below 1, else 0. Smooth at the radius
// (its slope is 0 there) and needs no square root.
GS_HD float style_brush_weight(float distance_squared, float radius) {
  const float q = distance_squared / (radius * radius);
  if (!(q < 1.0f)) return 0.0f;
  const float rest = 1.0f - q;
  return rest * rest;
}

// The byte `style` moved by `weight` toward `target` (0 or 255), rounded to the nearest byte.
GS_HD std::uint8_t style_toward(std::uint8_t style, float target, float weight) {
  const float s = float(style);
  const float moved = s + weight * (target - s);
  const int rounded = int(moved + 0.5f);
  return std::uint8_t(rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded));
}

// The cells the style brush visits: the brush's box, on a periodic grid at most one grid wide
// and high (each cell once: a byte moved toward a target must not be moved twice by two copies
// of it in one launch, which on the GPU would also race), past a Neumann edge cut at the edges.
GS_HD BrushBox style_brush_window(const Brush& brush, int width, int height, Boundary boundary) {
  BrushBox box = brush_box(brush);
  if (boundary == Boundary::Periodic) {
    box.width = box.width < width ? box.width : width;
    box.height = box.height < height ? box.height : height;
    return box;
  }
  const int x1 = box.x0 + box.width < width ? box.x0 + box.width : width;
  const int y1 = box.y0 + box.height < height ? box.y0 + box.height : height;
  box.x0 = box.x0 > 0 ? box.x0 : 0;
  box.y0 = box.y0 > 0 ? box.y0 : 0;
  box.width = x1 > box.x0 ? x1 - box.x0 : 0;
  box.height = y1 > box.y0 ? y1 - box.y0 : 0;
  return box;
}

// On a torus, the offset of a cell from `reference` (the stroke's middle) to its nearest copy:
// in [-extent / 2, extent / 2).
GS_HD float nearest_copy_offset(float offset, int extent) {
  const float size = float(extent);
  return offset - size * float(floor_to_int(offset / size + 0.5f));
}

// Paints one cell of the window on the style map. A brush without a style paints nothing here.
GS_HD void style_brush_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                                   const Brush& brush, std::uint8_t* style, int width, int height,
                                   Boundary boundary) {
  if (brush.style == BrushStyle::None) return;
  const BrushBox box = style_brush_window(brush, width, height, boundary);
  const int dx = int(block_index.x * block_dim.x + thread_index.x);
  const int dy = int(block_index.y * block_dim.y + thread_index.y);
  if (dx >= box.width || dy >= box.height) return;
  int x = box.x0 + dx, y = box.y0 + dy;
  const float centre_x = brush_coordinate(brush.x), centre_y = brush_coordinate(brush.y);
  const float segment_x = brush_segment(brush.from_dx), segment_y = brush_segment(brush.from_dy);
  float distance_x = float(x) + 0.5f - centre_x;
  float distance_y = float(y) + 0.5f - centre_y;
  if (boundary == Boundary::Periodic) {
    x = ((x % width) + width) % width;
    y = ((y % height) + height) % height;
    // The copy of the cell nearest the stroke's middle, as offsets from its centre.
    const float half_x = 0.5f * segment_x, half_y = 0.5f * segment_y;
    distance_x = nearest_copy_offset(distance_x - half_x, width) + half_x;
    distance_y = nearest_copy_offset(distance_y - half_y, height) + half_y;
  }
  const float weight = style_brush_weight(
      brush_distance_squared(distance_x, distance_y, segment_x, segment_y), brush.radius);
  if (!(weight > 0.0f)) return;
  const long i = long(y) * width + x;
  style[i] = style_toward(style[i], brush.style == BrushStyle::TowardB ? 255.0f : 0.0f, weight);
}

inline LaunchShape style_brush_launch_shape(const Brush& brush, int width, int height,
                                            Boundary boundary) {
  const BrushBox box = style_brush_window(brush, width, height, boundary);
  const unsigned w = box.width > 0 ? unsigned(box.width) : 0u;
  const unsigned h = box.height > 0 ? unsigned(box.height) : 0u;
  return {{(w + 15) / 16, (h + 15) / 16, 1}, {16, 16, 1}};
}

}  // namespace gs
