// The brush (engine/src/kernels/brush_kernel_body.h and style_brush_kernel_body.h), an
// invocation a cell of its box: paints v in a disc or a stroke's capsule (or erases to u = 1,
// v = 0), or, with GS_STYLE_BRUSH 1, moves the style map's bytes toward set A or B with a soft
// edge. The host computes the box and the clamped centre and segment with the twin's functions;
// the arithmetic per cell is the twin's, bit for bit (no fused operation, divisions rounded once).

layout(local_size_x = 16, local_size_y = 16) in;

layout(std430, binding = 0) buffer U { float u[]; };
layout(std430, binding = 1) buffer V { float v[]; };
layout(std430, binding = 4) buffer Style { uint style[]; };

uniform ivec2 grid;
uniform ivec4 box;      // x0, y0, width, height
uniform vec2 centre;    // brush_coordinate of x and y
uniform vec2 segment;   // brush_segment of from_dx and from_dy
uniform float radius;
uniform float value;    // floored_state_value of the brush's value
uniform int erase;
uniform int periodic;
uniform float style_target;  // 0 or 255

// brush_distance_squared
float distance_squared(float dx, float dy, float sx, float sy) {
  precise float length_squared = sx * sx + sy * sy;
  precise float x = dx, y = dy;
  if (length_squared > 0.0) {
    precise float along = dx * sx + dy * sy;
    precise float t = gs_divide(along, length_squared);
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    x = dx - t * sx;
    y = dy - t * sy;
  }
  precise float result = x * x + y * y;
  return result;
}

// floor_to_int of brush_kernel_body.h
int floor_to_int(float value_) {
  const int truncated = int(value_);
  return float(truncated) > value_ ? truncated - 1 : truncated;
}

// nearest_copy_offset of style_brush_kernel_body.h
float nearest_copy_offset(float offset, int extent) {
  precise float size = float(extent);
  precise float copies = float(floor_to_int(gs_divide(offset, size) + 0.5));
  precise float result = offset - size * copies;
  return result;
}

void main() {
  const int dx = int(gl_GlobalInvocationID.x);
  const int dy = int(gl_GlobalInvocationID.y);
  if (dx >= box.z || dy >= box.w) return;
  int x = box.x + dx, y = box.y + dy;
  precise float distance_x = float(x) + 0.5 - centre.x;
  precise float distance_y = float(y) + 0.5 - centre.y;
#if GS_STYLE_BRUSH
  if (periodic != 0) {
    x = gs_wrap(x, grid.x);
    y = gs_wrap(y, grid.y);
    precise float half_x = 0.5 * segment.x, half_y = 0.5 * segment.y;
    distance_x = nearest_copy_offset(distance_x - half_x, grid.x) + half_x;
    distance_y = nearest_copy_offset(distance_y - half_y, grid.y) + half_y;
  }
  // style_brush_weight
  precise float radius_squared = radius * radius;
  precise float q =
      gs_divide(distance_squared(distance_x, distance_y, segment.x, segment.y), radius_squared);
  if (!(q < 1.0)) return;
  precise float rest = 1.0 - q;
  precise float weight = rest * rest;
  if (!(weight > 0.0)) return;
  // style_toward
  const int i = y * grid.x + x;
  precise float s = float(style[i]);
  precise float moved = s + weight * (style_target - s);
  const int rounded = int(moved + 0.5);
  style[i] = uint(clamp(rounded, 0, 255));
#else
  if (!(distance_squared(distance_x, distance_y, segment.x, segment.y) <= radius * radius))
    return;
  if (periodic != 0) {
    x = gs_wrap(x, grid.x);
    y = gs_wrap(y, grid.y);
  } else if (x < 0 || y < 0 || x >= grid.x || y >= grid.y) {
    return;
  }
  const int i = y * grid.x + x;
  if (erase != 0) {
    u[i] = 1.0;
    v[i] = 0.0;
  } else {
    v[i] = value;
  }
#endif
}
