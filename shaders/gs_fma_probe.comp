// The probe: gs_fma (the driver's fma(), or the exact formulation) and gs_divide on the cases the
// host gives, whose once-rounded results it knows (gl_compute_probe.cpp).

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Cases { vec4 cases[]; };  // a, b, c, unused
layout(std430, binding = 1) writeonly buffer Results { vec2 results[]; };  // fma, a / b

uniform uint count;

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  const vec4 c = cases[i];
  results[i] = vec2(gs_fma(c.x, c.y, c.z), gs_divide(c.x, c.y));
}
