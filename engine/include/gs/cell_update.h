// The Gray-Scott per-cell update, shared by the CPU twin and the CUDA kernels (GS_HD).
// One source for the arithmetic: Laplacians, reaction, boundary indexing and the update of one
// cell from its three neighbouring rows. Nothing here allocates, branches per cell in the
// interior path, or knows which machine it runs on.
#pragma once

#include <cstdint>

#include "gs/hd.h"
#include "gs/params.h"
#include "gs/value_floors.h"

namespace gs {

// Index of the neighbour at i (which may be -1 or n) along an axis of n cells.
// periodic wraps (a torus); neumann clamps, so the ghost cell mirrors the edge cell (zero flux).
GS_HD int neighbour_index(int i, int n, Boundary boundary) {
  if (boundary == Boundary::Periodic) return i < 0 ? i + n : (i >= n ? i - n : i);
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

// The three rows around a cell, for u and v. Row pointers are chosen once per row, so the
// boundary along y costs nothing per cell.
struct NeighbourRows {
  const float* u_above;
  const float* u_row;
  const float* u_below;
  const float* v_above;
  const float* v_row;
  const float* v_below;
};

// a * b + c, rounded once, in every build: the GPU's fma, the FMA instruction where the build
// targets one, and elsewhere the C library's fmaf, which rounds once in software. Every path of
// every build (the reference loop, the SIMD rows, a portable build, the GPU) rounds the same way,
// so they agree to the bit; the engine is compiled with -ffp-contract=off so the compiler fuses
// nothing else behind their backs.
GS_HD float fused_multiply_add(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
  return __fmaf_rn(a, b, c);
#else
  return __builtin_fmaf(a, b, c);
#endif
}
// a * b - c and c - a * b, as the SIMD types spell them (one instruction there, same bits).
GS_HD float fused_multiply_subtract(float a, float b, float c) {
  return fused_multiply_add(a, b, -c);
}
GS_HD float fused_negate_multiply_add(float a, float b, float c) {
  return fused_multiply_add(-a, b, c);
}

// The arithmetic below is written once for `Real` = float (the reference loop, the GPU) and
// for the twin's SIMD vectors (cpu_twin/simd.h), which take exactly the same steps lane by lane.

// The stencil sums of docs/model.md with whole weights, for the five- and nine-point stencils,
// from the four edge neighbours' sum, the four corners' sum and c: L(c) for the five-point
// stencil, and 20 L(c) = 4 edges + corners - 20 c for the nine-point one, whose 1/20 goes with
// the diffusion rate (diffusion_rate_per_sum). Whole weights keep every sum a multiple of the
// state's smallest ulp (docs/model.md, "Far from the smallest float"). (The course's stencil
// weighs all eight neighbours alike and goes through course_laplacian_from_columns below.)
template <Laplacian L, class Real>
GS_HD Real laplacian(Real edges, Real corners, Real centre) {
  static_assert(L != Laplacian::Course, "the course's stencil is a box sum of column sums");
  if constexpr (L == Laplacian::FivePoint) {
    (void)corners;
    return fused_multiply_add(Real(-4.0f), centre, edges);
  } else {
    return fused_multiply_add(Real(-20.0f), centre, fused_multiply_add(Real(4.0f), edges, corners));
  }
}

// The diffusion rate D as a factor of the stencil sum above: D / 20 for the nine-point stencil.
template <Laplacian L, class Real>
GS_HD Real diffusion_rate_per_sum(Real D) {
  if constexpr (L == Laplacian::NinePoint) return D * Real(0.05f);
  return D;
}

// The sums a row can share between neighbouring cells, at one column: `vertical` = above +
// below, and `column` = vertical + the cell itself. A SIMD row computes them once per column
// and shifts them into place for the columns left and right.
//
// Five- and nine-point: from the vertical sums left, at and right of the cell and the row's
// left and right cells.
template <Laplacian L, class Real>
GS_HD Real laplacian_from_sums(Real vertical_left, Real vertical, Real vertical_right, Real left,
                               Real right, Real centre) {
  const Real edges = vertical + (left + right);
  const Real corners = vertical_left + vertical_right;
  return laplacian<L>(edges, corners, centre);
}
// The course's stencil weighs all eight neighbours alike: the 3x3 box sum less nine centres,
// from the three column sums.
template <class Real>
GS_HD Real course_laplacian_from_columns(Real column_left, Real column, Real column_right,
                                         Real centre) {
  return fused_multiply_add(Real(-9.0f), centre, (column_left + column) + column_right);
}

// The stencil sum of the cell at x of `row`, with its left and right neighbours at x_left and
// x_right (rows of float, or of a test's traced numbers).
template <Laplacian L, class Real>
GS_HD Real laplacian_at(const Real* above, const Real* row, const Real* below, int x_left, int x,
                        int x_right) {
  const auto vertical = [&](int i) { return above[i] + below[i]; };
  if constexpr (L == Laplacian::Course) {
    return course_laplacian_from_columns(vertical(x_left) + row[x_left], vertical(x) + row[x],
                                         vertical(x_right) + row[x_right], row[x]);
  } else {
    const Real vertical_left = L == Laplacian::NinePoint ? vertical(x_left) : Real(0.0f);
    const Real vertical_right = L == Laplacian::NinePoint ? vertical(x_right) : Real(0.0f);
    return laplacian_from_sums<L>(vertical_left, vertical(x), vertical_right, row[x_left],
                                  row[x_right], row[x]);
  }
}

// The feed and kill rates a cell runs with.
struct Rates {
  float F;
  float k;
};

// In parameter-map mode: F of row y (rows count down from the top, F grows upward) and k of
// column x, at the cell's centre. A rate below kParameterFloor (the bottom rows of a tall map
// from F = 0) is 0, as validate() allows no other.
template <class Real>
GS_HD Real map_F_of_row(const Params& p, Real row, float height) {
  const Real F = Real(p.map.F_high) -
                 (Real(p.map.F_high) - Real(p.map.F_low)) * ((row + Real(0.5f)) / Real(height));
  return zero_below(F, kParameterFloor);
}
GS_HD float map_F(const Params& p, int y, int height) {
  return map_F_of_row(p, float(y), float(height));
}
template <class Real>
GS_HD Real map_k_of_column(const Params& p, Real column, float width) {
  const Real k = Real(p.map.k_low) +
                 (Real(p.map.k_high) - Real(p.map.k_low)) * ((column + Real(0.5f)) / Real(width));
  return zero_below(k, kParameterFloor);
}
GS_HD float map_k(const Params& p, int x, int width) {
  return map_k_of_column(p, float(x), float(width));
}
GS_HD Rates rates_at(const Params& p, int x, int y, int width, int height) {
  return p.map.enabled ? Rates{map_F(p, y, height), map_k(p, x, width)} : Rates{p.F, p.k};
}

// A cell's parameters: its feed and kill rates and its diffusion rates as factors of the
// stencil sums (diffusion_rate_per_sum).
template <class Real>
struct CellParams {
  Real F;
  Real k;
  Real Du;
  Real Dv;
};

// Uniform parameters, or the map's rates with the uniform diffusion.
template <Laplacian L, class Real>
GS_HD CellParams<Real> rate_cell_params(const Params& p, Real F, Real k) {
  return {F, k, diffusion_rate_per_sum<L>(Real(p.Du)), diffusion_rate_per_sum<L>(Real(p.Dv))};
}

// In style-map mode, one parameter of a cell whose style is s (the byte / 255): (1 - s) A + s B,
// as s B + (A - s A) in two fused steps, so a cell of style 0 runs exactly set A and one of style
// 255 exactly set B. A parameter both sets share mixes zeros, s 0 + (A - s 0), which is A to the
// bit for every s: the twin's rows then skip its mix (cpu_twin/style_vectors.h).
struct StyleMixFactors {
  float a;       // set A's value
  float a_part;  // the part of A that s takes away: A, or 0 where B == A
  float b_part;  // the part of B that s adds: B, or 0 where B == A
};
GS_HD StyleMixFactors style_mix_factors(float a, float b) {
  return a == b ? StyleMixFactors{a, 0.0f, 0.0f} : StyleMixFactors{a, a, b};
}
// The mix before the floor.
template <class Real>
GS_HD Real style_mix_unfloored(const StyleMixFactors& m, Real s) {
  const Real rest_of_a = fused_negate_multiply_add(s, Real(m.a_part), Real(m.a));
  return fused_multiply_add(s, Real(m.b_part), rest_of_a);
}
// A value below kParameterFloor (between a set's 0 and the other's small rate) is 0, as
// validate() allows no other.
template <class Real>
GS_HD Real style_mix(const StyleMixFactors& m, Real s) {
  return zero_below(style_mix_unfloored(m, s), kParameterFloor);
}
template <class Real>
GS_HD Real style_mix(float a, float b, Real s) {
  return style_mix(style_mix_factors(a, b), s);
}
// s of a style byte (0 to 255, as a Real).
template <class Real>
GS_HD Real style_fraction(Real style) {
  return style * Real(1.0f / 255.0f);
}
// The factors of all four parameters, which a row of cells takes once.
struct StyleSetFactors {
  StyleMixFactors F, k, Du, Dv;
};
GS_HD StyleSetFactors style_set_factors(const Params& p) {
  return {style_mix_factors(p.F, p.style.F), style_mix_factors(p.k, p.style.k),
          style_mix_factors(p.Du, p.style.Du), style_mix_factors(p.Dv, p.style.Dv)};
}
template <Laplacian L, class Real>
GS_HD CellParams<Real> styled_cell_params(const StyleSetFactors& m, Real style) {
  const Real s = style_fraction(style);
  return {style_mix(m.F, s), style_mix(m.k, s), diffusion_rate_per_sum<L>(style_mix(m.Du, s)),
          diffusion_rate_per_sum<L>(style_mix(m.Dv, s))};
}
template <Laplacian L, class Real>
GS_HD CellParams<Real> styled_cell_params(const Params& p, Real style) {
  return styled_cell_params<L>(style_set_factors(p), style);
}

// The parameters of cell (x, y) from their source: uniform, the parameter map, or the style map
// (`style`, a byte a cell, read only in style-map mode). The GPU's general path; the twin's rows
// take the same decision once per row (cpu_twin/row_update.h).
template <Laplacian L>
GS_HD CellParams<float> cell_params_at(const Params& p, const std::uint8_t* style, int x, int y,
                                       int width, int height) {
  if (p.style.enabled) return styled_cell_params<L>(p, float(style[long(y) * width + x]));
  const Rates r = rates_at(p, x, y, width, height);
  return rate_cell_params<L>(p, r.F, r.k);
}

// Explicit Euler step of the reaction-diffusion equations for one cell (or one vector of them),
// from the stencil sums of u and v. A result below kStateFloor is 0, so the next step's inputs
// are again 0 or at least the floor (docs/model.md, "Far from the smallest float").
template <class Real>
GS_HD void react_diffuse(Real u, Real v, Real lap_u, Real lap_v, const CellParams<Real>& c,
                         float dt, Real& u_next, Real& v_next) {
  const Real uvv = u * v * v;
  const Real du =
      fused_multiply_add(c.Du, lap_u, fused_multiply_subtract(c.F, Real(1.0f) - u, uvv));
  const Real dv = fused_multiply_add(c.Dv, lap_v, fused_negate_multiply_add(c.F + c.k, v, uvv));
  u_next = zero_below(fused_multiply_add(Real(dt), du, u), kStateFloor);
  v_next = zero_below(fused_multiply_add(Real(dt), dv, v), kStateFloor);
}

// Updates cell x of a row whose left and right neighbours are at x_left and x_right.
template <Laplacian L>
GS_HD void update_cell(const NeighbourRows& rows, int x_left, int x, int x_right,
                       const CellParams<float>& c, const Params& p, float* u_out_row,
                       float* v_out_row) {
  const float lap_u = laplacian_at<L>(rows.u_above, rows.u_row, rows.u_below, x_left, x, x_right);
  const float lap_v = laplacian_at<L>(rows.v_above, rows.v_row, rows.v_below, x_left, x, x_right);
  react_diffuse(rows.u_row[x], rows.v_row[x], lap_u, lap_v, c, p.dt, u_out_row[x], v_out_row[x]);
}

// The rows around row y of a width x height field pair, with the boundary applied along y.
GS_HD NeighbourRows neighbour_rows(const float* u, const float* v, int y, int width, int height,
                                   Boundary boundary) {
  const long above = long(neighbour_index(y - 1, height, boundary)) * width;
  const long row = long(y) * width;
  const long below = long(neighbour_index(y + 1, height, boundary)) * width;
  return {u + above, u + row, u + below, v + above, v + row, v + below};
}

// The next u and v of cell (x, y), with the boundary applied along both axes: the general path
// a GPU thread takes for its cell; it keeps the values to write the display field without
// reading them back.
struct CellValues {
  float u;
  float v;
};

template <Laplacian L>
GS_HD CellValues next_cell_values_at(const float* u, const float* v, const std::uint8_t* style,
                                     int x, int y, int width, int height, const Params& p) {
  const NeighbourRows rows = neighbour_rows(u, v, y, width, height, p.boundary);
  const int x_left = neighbour_index(x - 1, width, p.boundary);
  const int x_right = neighbour_index(x + 1, width, p.boundary);
  const float lap_u = laplacian_at<L>(rows.u_above, rows.u_row, rows.u_below, x_left, x, x_right);
  const float lap_v = laplacian_at<L>(rows.v_above, rows.v_row, rows.v_below, x_left, x, x_right);
  CellValues next;
  react_diffuse(rows.u_row[x], rows.v_row[x], lap_u, lap_v,
                cell_params_at<L>(p, style, x, y, width, height), p.dt, next.u, next.v);
  return next;
}

}  // namespace gs
