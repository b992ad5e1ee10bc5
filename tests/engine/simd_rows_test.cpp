// The fast twin's SIMD row (cpu_twin/simd_row_update.h) against the reference row
// (cpu_twin/row_update.h), row by row: the same bits for every width, Laplacian, boundary,
// source of the cells' parameters (uniform, the parameter map, a style map) and store. Built twice:
// in engine_tests for the instruction set of the build, and as simd_avx2_rows_tests with AVX-512
// switched off, so the AVX2 vectors are checked on an AVX-512 machine too.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cpu_twin/row_update.h"
#include "cpu_twin/simd_row_update.h"
#include "gs/fields.h"

namespace gs::twin {
namespace {

#if GS_TWIN_SIMD

// Three rows of u and three of v, uniform in [0, 1) and [0, 0.5), each on its own cache line
// (as the twin's grids and ring rows start) or one float past it.
struct RowSet {
  RowSet(int width, unsigned seed, int offset) : values(6 * stride(width) + 16) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    for (float& value : values) value = uniform(random);
    for (int r = 0; r < 6; ++r) row[r] = values.data() + r * stride(width) + offset;
    for (int r = 3; r < 6; ++r)
      for (int x = 0; x < width; ++x) row[r][x] *= 0.5f;
  }
  static int stride(int width) { return (width + 15) / 16 * 16 + 16; }
  NeighbourRows neighbours() const { return {row[0], row[1], row[2], row[3], row[4], row[5]}; }

  FieldData values;
  float* row[6];
};

// A style row holding every byte value, in an order that differs from row to row.
std::vector<std::uint8_t> style_row(int width) {
  std::vector<std::uint8_t> style(std::size_t(width) + 16);
  for (std::size_t x = 0; x < style.size(); ++x) style[x] = std::uint8_t((x * 37 + width) % 256);
  return style;
}

template <Laplacian L, CellSource S>
void expect_same_rows(const Params& p, RowStore store) {
  for (int width = 1; width <= 200; width += (width < 70 ? 1 : 7))
    for (int offset : {0, 1}) {
      const RowSet rows(width, unsigned(width), offset);
      FieldData simd_out(2 * RowSet::stride(width)), reference_out(simd_out.size());
      const std::vector<std::uint8_t> style = style_row(width);
      RowSource source;
      if (S == CellSource::Mapped) source.F_row = map_F(p, 3, 10);
      if (S == CellSource::Styled) source.style = style.data() + offset;
      float* const simd_u = simd_out.data() + offset;
      float* const simd_v = simd_u + RowSet::stride(width);
      float* const reference_u = reference_out.data() + offset;
      float* const reference_v = reference_u + RowSet::stride(width);
      update_row_simd<L, S>(rows.neighbours(), simd_u, simd_v, width, source, p, store);
      simd::store_fence();
      update_row<L, S>(rows.neighbours(), reference_u, reference_v, width, source, p);
      for (int x = 0; x < width; ++x) {
        ASSERT_EQ(simd_u[x], reference_u[x]) << "u at " << x << " of " << width;
        ASSERT_EQ(simd_v[x], reference_v[x]) << "v at " << x << " of " << width;
      }
    }
}

template <Laplacian L>
void expect_same_rows_for(Boundary boundary) {
  Params p;
  p.laplacian = L;
  p.boundary = boundary;
  p.F = 0.037f;
  p.k = 0.06f;
  p.dt = L == Laplacian::Course ? 1.0f : 0.9f;  // a dt other than 1 too
  for (RowStore store : {RowStore::Cached, RowStore::Streamed}) {
    expect_same_rows<L, CellSource::Uniform>(p, store);
    p.map.enabled = true;
    expect_same_rows<L, CellSource::Mapped>(p, store);
    p.map.enabled = false;
    // Each way a row mixes (style_vectors.h): set B differs in every parameter (its Du is 0);
    // shares the diffusion rates, or F; and sets whose F or k mixes from 0 to a small rate fall
    // below the floor in some cells, with and without the diffusion rates mixed.
    struct Sets {
      float F_A, k_A;
      StyleMix b;
      StyleMixing mixing;
    };
    const float F_A = p.F, k_A = p.k;
    const float Dv_B = L == Laplacian::NinePoint ? 0.5f : 0.08f;
    const float low = 3 * kParameterFloor;  // a mix of it and 0 is below the floor up to s = 1/3
    const Sets sets[] = {{F_A, k_A, {true, 0.062f, 0.061f, 0.0f, Dv_B}, {true, false, true}},
                         {F_A, k_A, {true, 0.062f, 0.061f, p.Du, p.Dv}, {false, false, true}},
                         {F_A, k_A, {true, F_A, 0.061f, 0.0f, Dv_B}, {true, false, false}},
                         {F_A, 0.0f, {true, 0.062f, low, 0.0f, Dv_B}, {true, true, true}},
                         {0.0f, k_A, {true, low, 0.061f, p.Du, p.Dv}, {false, true, true}}};
    for (const Sets& sets_case : sets) {
      p.F = sets_case.F_A;
      p.k = sets_case.k_A;
      p.style = sets_case.b;
      ASSERT_EQ(style_mixing(p).diffusion, sets_case.mixing.diffusion);
      ASSERT_EQ(style_mixing(p).floored, sets_case.mixing.floored);
      ASSERT_EQ(style_mixing(p).all_differ, sets_case.mixing.all_differ);
      expect_same_rows<L, CellSource::Styled>(p, store);
    }
    p.F = F_A;
    p.k = k_A;
    p.style.enabled = false;
  }
}

TEST(SimdRows, EqualTheReferenceRowToTheBit) {
#if defined(GS_EXPECT_SIMD_WIDTH)
  ASSERT_EQ(simd::kSimdWidth, GS_EXPECT_SIMD_WIDTH) << "built for another instruction set";
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
    GTEST_SKIP() << "this CPU has no AVX2 and FMA";
#endif
  for (Boundary boundary : {Boundary::Periodic, Boundary::Neumann}) {
    expect_same_rows_for<Laplacian::FivePoint>(boundary);
    expect_same_rows_for<Laplacian::NinePoint>(boundary);
    expect_same_rows_for<Laplacian::Course>(boundary);
  }
}

#else
TEST(SimdRows, EqualTheReferenceRowToTheBit) {
  GTEST_SKIP() << "built without AVX2 or AVX-512: the twin has no SIMD rows here";
}
#endif

}  // namespace
}  // namespace gs::twin
