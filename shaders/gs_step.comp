// One step of the Gray-Scott update, a cell an invocation: the CUDA kernels' and the CPU twin's
// arithmetic (gs_arithmetic.glsl, engine/include/gs/cell_update.h), bit for bit. The backend
// compiles one program per stencil, boundary and parameter source:
//   GS_LAPLACIAN   0 five-point, 1 nine-point, 2 the course's
//   GS_PERIODIC    1 periodic, 0 Neumann (the edge cell mirrored)
//   GS_SOURCE      0 uniform rates, 1 the parameter map (F by row, k by column, from tables the
//                  host fills with the twin's own functions), 2 the style map
// The last step of a frame also writes the display field into the texture the renderer samples.

layout(local_size_x = 32, local_size_y = 8) in;

layout(std430, binding = 0) readonly buffer UIn { float u_in[]; };
layout(std430, binding = 1) readonly buffer VIn { float v_in[]; };
layout(std430, binding = 2) writeonly buffer UOut { float u_out[]; };
layout(std430, binding = 3) writeonly buffer VOut { float v_out[]; };
#if GS_SOURCE == 1
layout(std430, binding = 4) readonly buffer MapF { float F_of_row[]; };
layout(std430, binding = 5) readonly buffer MapK { float k_of_column[]; };
#elif GS_SOURCE == 2
layout(std430, binding = 4) readonly buffer Style { uint style[]; };
#endif
layout(r32f, binding = 0) uniform writeonly image2D display;

uniform ivec2 grid;
uniform float F;   // uniform rates (set A in style mode)
uniform float k;
uniform float Du;  // as factors of the stencil sums (diffusion_rate_per_sum); set A's raw
uniform float Dv;  // rates in style mode
uniform float dt;
// Style mode: each parameter's (a, a_part, b_part) (StyleMixFactors) and 1/255.
uniform vec3 style_F;
uniform vec3 style_k;
uniform vec3 style_Du;
uniform vec3 style_Dv;
uniform float one_255th;
// -1: no display; 0: write u; 1: write v.
uniform int display_field;

int neighbour(int i, int n) {
#if GS_PERIODIC
  return i < 0 ? i + n : (i >= n ? i - n : i);
#else
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
#endif
}

float diffusion_per_sum(float D) {
#if GS_LAPLACIAN == 1
  precise float per_sum = D * 0.05;
  return per_sum;
#else
  return D;
#endif
}

// style_mix: s B + (A - s A) in two fused steps, then the parameter floor.
float style_mix(vec3 m, float s) {
  precise float rest_of_a = gs_fma(-s, m.y, m.x);
  precise float mixed = gs_fma(s, m.z, rest_of_a);
  return gs_zero_below(mixed, GS_PARAMETER_FLOOR);
}

float u_at(int row, int x) { return u_in[row + x]; }
float v_at(int row, int x) { return v_in[row + x]; }

// laplacian_at of cell_update.h for one field; `u_field` picks u or v.
float laplacian(bool u_field, int above, int row, int below, int xl, int x, int xr) {
#define GS_AT(r, c) (u_field ? u_at(r, c) : v_at(r, c))
  precise float centre = GS_AT(row, x);
  precise float vertical = GS_AT(above, x) + GS_AT(below, x);
#if GS_LAPLACIAN == 2
  precise float column_left = (GS_AT(above, xl) + GS_AT(below, xl)) + GS_AT(row, xl);
  precise float column = vertical + centre;
  precise float column_right = (GS_AT(above, xr) + GS_AT(below, xr)) + GS_AT(row, xr);
  precise float box = (column_left + column) + column_right;
  return gs_fma(-9.0, centre, box);
#else
  precise float edges = vertical + (GS_AT(row, xl) + GS_AT(row, xr));
#if GS_LAPLACIAN == 0
  return gs_fma(-4.0, centre, edges);
#else
  precise float vertical_left = GS_AT(above, xl) + GS_AT(below, xl);
  precise float vertical_right = GS_AT(above, xr) + GS_AT(below, xr);
  precise float corners = vertical_left + vertical_right;
  return gs_fma(-20.0, centre, gs_fma(4.0, edges, corners));
#endif
#endif
#undef GS_AT
}

void main() {
  const int x = int(gl_GlobalInvocationID.x);
  const int y = int(gl_GlobalInvocationID.y);
  if (x >= grid.x || y >= grid.y) return;
  const int width = grid.x;
  const int above = neighbour(y - 1, grid.y) * width;
  const int row = y * width;
  const int below = neighbour(y + 1, grid.y) * width;
  const int xl = neighbour(x - 1, width);
  const int xr = neighbour(x + 1, width);

  precise float cell_F, cell_k, cell_Du, cell_Dv;
#if GS_SOURCE == 0
  cell_F = F;
  cell_k = k;
  cell_Du = Du;
  cell_Dv = Dv;
#elif GS_SOURCE == 1
  cell_F = F_of_row[y];
  cell_k = k_of_column[x];
  cell_Du = Du;
  cell_Dv = Dv;
#else
  precise float s = float(style[row + x]) * one_255th;
  cell_F = style_mix(style_F, s);
  cell_k = style_mix(style_k, s);
  cell_Du = diffusion_per_sum(style_mix(style_Du, s));
  cell_Dv = diffusion_per_sum(style_mix(style_Dv, s));
#endif

  precise float lap_u = laplacian(true, above, row, below, xl, x, xr);
  precise float lap_v = laplacian(false, above, row, below, xl, x, xr);
  precise float u = u_in[row + x];
  precise float v = v_in[row + x];
  // react_diffuse
  precise float uvv = u * v * v;
  precise float du = gs_fma(cell_Du, lap_u, gs_fma(cell_F, 1.0 - u, -uvv));
  precise float dv = gs_fma(cell_Dv, lap_v, gs_fma(-(cell_F + cell_k), v, uvv));
  precise float u_next = gs_zero_below(gs_fma(dt, du, u), GS_STATE_FLOOR);
  precise float v_next = gs_zero_below(gs_fma(dt, dv, v), GS_STATE_FLOOR);
  u_out[row + x] = u_next;
  v_out[row + x] = v_next;
  if (display_field >= 0)
    imageStore(display, ivec2(x, y), vec4(display_field == 0 ? u_next : v_next, 0.0, 0.0, 1.0));
}
