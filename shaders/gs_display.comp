// The display field into the texture the renderer samples, without a step (a frame with no
// steps, a new field or colour scale): the state stays where it is.

layout(local_size_x = 32, local_size_y = 8) in;

layout(std430, binding = 0) readonly buffer Field { float field[]; };
layout(r32f, binding = 0) uniform writeonly image2D display;

uniform ivec2 grid;

void main() {
  const ivec2 cell = ivec2(gl_GlobalInvocationID.xy);
  if (cell.x >= grid.x || cell.y >= grid.y) return;
  imageStore(display, cell, vec4(field[cell.y * grid.x + cell.x], 0.0, 0.0, 1.0));
}
