// The brush: painting v (or erasing to the resting state u = 1, v = 0) in a disc, or in the
// capsule around a segment (a drag's path between two frames), as a GS_HD per-thread body over
// the shape's bounding box, so the CUDA backend paints on the device without copying the field
// and the CPU twin runs the very same code.
#pragma once

#include "gs/backend_types.h"
#include "gs/hd.h"
#include "gs/launch_shape.h"
#include "gs/params.h"
#include "gs/status.h"
#include "gs/value_floors.h"

namespace gs {

// The box of cells the brush may touch, starting at (x0, y0); it may reach past the edges.
struct BrushBox {
  int x0, y0, width, height;
};

// The centre as the body uses it: clamped to +-2^24 cells (beyond a grid's 2^20 and where a float
// still holds whole cells), so converting it to int is defined; NaN becomes the low end.
GS_HD float brush_coordinate(float centre) {
  constexpr float limit = 16777216.0f;
  return !(centre >= -limit) ? -limit : (centre > limit ? limit : centre);
}

// The segment's start relative to the centre, clamped to +-kMaxBrushSegment (NaN: 0), so the box
// stays bounded even for a brush check_brush would refuse. Less than 1/1024 of a cell counts as 0:
// then no product of the segment's arithmetic is subnormal, where the GPU's and the twin's
// flushes of tiny values differ.
GS_HD float brush_segment(float offset) {
  constexpr float limit = kMaxBrushSegment, tiny = 1.0f / 1024.0f;
  if (!(offset <= -tiny || offset >= tiny)) return 0.0f;  // NaN too
  return offset < -limit ? -limit : (offset > limit ? limit : offset);
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
  // Every point of the segment lies between its ends, so the boxes of the discs around the ends
  // span the boxes of all the discs between them.
  const int centre_x = floor_to_int(brush_coordinate(brush.x));
  const int centre_y = floor_to_int(brush_coordinate(brush.y));
  const int start_x = floor_to_int(brush_coordinate(brush.x) + brush_segment(brush.from_dx));
  const int start_y = floor_to_int(brush_coordinate(brush.y) + brush_segment(brush.from_dy));
  const int low_x = start_x < centre_x ? start_x : centre_x;
  const int low_y = start_y < centre_y ? start_y : centre_y;
  const int high_x = start_x < centre_x ? centre_x : start_x;
  const int high_y = start_y < centre_y ? centre_y : start_y;
  return {low_x - reach, low_y - reach, high_x - low_x + 2 * reach + 1,
          high_y - low_y + 2 * reach + 1};
}

// The squared distance from the cell whose centre lies (dx, dy) from the brush's centre to the
// segment from (sx, sy) to (0, 0).
GS_HD float brush_distance_squared(float dx, float dy, float sx, float sy) {
  const float length_squared = sx * sx + sy * sy;
  if (length_squared > 0.0f) {
    // The segment's point nearest the cell, as a share t of the way from the centre to the start.
    float t = (dx * sx + dy * sy) / length_squared;
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    dx -= t * sx;
    dy -= t * sy;
  }
  return dx * dx + dy * dy;
}

// Whether the cell whose centre lies (dx, dy) from the brush's centre is within the radius of
// the segment from (sx, sy) to (0, 0). A zero-length segment tests the disc with the very
// arithmetic a disc always used, so a press without movement paints the same cells.
GS_HD bool within_brush(float dx, float dy, float sx, float sy, float radius) {
  return brush_distance_squared(dx, dy, sx, sy) <= radius * radius;
}

// Paints one cell of the box: wrapped on a periodic grid, dropped past a Neumann edge.
GS_HD void brush_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim,
                             const Brush& brush, float* u, float* v, int width, int height,
                             Boundary boundary) {
  const BrushBox box = brush_box(brush);
  const int dx = int(block_index.x * block_dim.x + thread_index.x);
  const int dy = int(block_index.y * block_dim.y + thread_index.y);
  if (dx >= box.width || dy >= box.height) return;
  int x = box.x0 + dx, y = box.y0 + dy;
  const float distance_x = float(x) + 0.5f - brush_coordinate(brush.x);
  const float distance_y = float(y) + 0.5f - brush_coordinate(brush.y);
  if (!within_brush(distance_x, distance_y, brush_segment(brush.from_dx),
                    brush_segment(brush.from_dy), brush.radius))
    return;
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

// Rejects brushes no backend should paint: a radius that is not in (0, 4096], a non-finite
// position, value or segment start, or a segment longer than kMaxBrushSegment along an axis.
inline Status check_brush(const Brush& brush) {
  if (!(brush.radius > 0.0f && brush.radius <= kMaxBrushRadius))
    return Error{"paint: the radius must be more than 0 and at most 4096 cells"};
  if (!(brush.x - brush.x == 0.0f) || !(brush.y - brush.y == 0.0f) ||
      !(brush.value - brush.value == 0.0f))
    return Error{"paint: the position and value must be finite numbers"};
  if (!(brush.from_dx >= -kMaxBrushSegment && brush.from_dx <= kMaxBrushSegment &&
        brush.from_dy >= -kMaxBrushSegment && brush.from_dy <= kMaxBrushSegment))
    return Error{"paint: the segment's start must be within 16384 cells of its end on each axis"};
  return Status::ok();
}

inline LaunchShape brush_launch_shape(const Brush& brush) {
  const BrushBox box = brush_box(brush);
  return {{(unsigned(box.width) + 15) / 16, (unsigned(box.height) + 15) / 16, 1}, {16, 16, 1}};
}

}  // namespace gs
