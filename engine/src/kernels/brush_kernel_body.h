// The brush: painting v (or erasing to the resting state u = 1, v = 0) in a disc, as a GS_HD
// per-thread body over the disc's bounding square, so the CUDA backend paints on the device
// without copying the field and the CPU twin runs the very same code.
#pragma once

#include "gs/backend_types.h"
#include "gs/hd.h"
#include "gs/launch_shape.h"
#include "gs/params.h"
#include "gs/status.h"
#include "gs/value_floors.h"

namespace gs {

// The square of cells the brush may touch, starting at (x0, y0); it may reach past the edges.
struct BrushBox {
  int x0, y0, side;
};

// The centre as the body uses it: clamped to +-2^24 cells (beyond a grid's 2^20 and where a float
// still holds whole cells), so converting it to int is defined; NaN becomes the low end.
GS_HD float brush_coordinate(float centre) {
  constexpr float limit = 16777216.0f;
  return !(centre >= -limit) ? -limit : (centre > limit ? limit : centre);
}

// floor() for the clamped range, without the maths library on either machine: int() truncates
// toward zero, which for a centre left of 0 would miss the column of cells at -1.
GS_HD int floor_to_int(float value) {
  const int truncated = int(value);
  return float(truncated) > value ? truncated - 1 : truncated;
}

GS_HD BrushBox brush_box(const Brush& brush) {
  // check_brush keeps the radius in (0, 4096]; the body stays defined even without it.
  const float radius =
      !(brush.radius > 0.0f) ? 0.0f : (brush.radius < 4096.0f ? brush.radius : 4096.0f);
  const int reach = int(radius) + 1;
  return {floor_to_int(brush_coordinate(brush.x)) - reach,
          floor_to_int(brush_coordinate(brush.y)) - reach, 2 * reach + 1};
}

// Paints one cell of the box: wrapped on a periodic grid, dropped past a Neumann edge.
GS_HD void brush_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                             const Brush& brush, float* u, float* v, int width, int height,
                             Boundary boundary) {
  const BrushBox box = brush_box(brush);
  const int dx = int(block_index.x * block_dim.x + thread_index.x);
  const int dy = int(block_index.y * block_dim.y + thread_index.y);
  if (dx >= box.side || dy >= box.side) return;
  int x = box.x0 + dx, y = box.y0 + dy;
  const float distance_x = float(x) + 0.5f - brush_coordinate(brush.x);
  const float distance_y = float(y) + 0.5f - brush_coordinate(brush.y);
  if (distance_x * distance_x + distance_y * distance_y > brush.radius * brush.radius) return;
  if (boundary == Boundary::Periodic) {
    x = ((x % width) + width) % width;
    y = ((y % height) + height) % height;
  } else if (x < 0 || y < 0 || x >= width || y >= height) {
    return;
  }
  const long i = long(y) * width + x;
  if (brush.erase) {
    u[i] = 1.0f;
    v[i] = 0.0f;
  } else {
    v[i] = floored_state_value(brush.value);  // a painted state is a state the update could leave
  }
}

// Rejects brushes no backend should paint: a radius that is not in (0, 4096] or a non-finite
// position or value.
inline Status check_brush(const Brush& brush) {
  if (!(brush.radius > 0.0f && brush.radius <= kMaxBrushRadius))
    return Error{"paint: the radius must be more than 0 and at most 4096 cells"};
  if (!(brush.x - brush.x == 0.0f) || !(brush.y - brush.y == 0.0f) ||
      !(brush.value - brush.value == 0.0f))
    return Error{"paint: the position and value must be finite numbers"};
  return Status::ok();
}

inline LaunchShape brush_launch_shape(const Brush& brush) {
  const unsigned side = unsigned(brush_box(brush).side);
  return {{(side + 15) / 16, (side + 15) / 16, 1}, {16, 16, 1}};
}

}  // namespace gs
