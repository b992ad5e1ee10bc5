#include "reference_model.h"

#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "gs/cpu_twin_backend.h"
#include "gs/initial_conditions.h"
#include "gs/value_floors.h"

namespace gs::test {
namespace {

// Weights of the 3x3 stencil, row by row from the top-left corner.
struct Stencil {
  double w[3][3];
};

Stencil stencil_for(Laplacian laplacian) {
  switch (laplacian) {
    case Laplacian::FivePoint:
      return {{{0, 1, 0}, {1, -4, 1}, {0, 1, 0}}};
    case Laplacian::NinePoint:
      return {{{0.05, 0.2, 0.05}, {0.2, -1, 0.2}, {0.05, 0.2, 0.05}}};
    case Laplacian::Course:
      return {{{1, 1, 1}, {1, -8, 1}, {1, 1, 1}}};
  }
  return {};
}

int wrap(int i, int n, Boundary boundary) {
  if (boundary == Boundary::Periodic) return ((i % n) + n) % n;
  return std::clamp(i, 0, n - 1);
}

// The model's floor (docs/model.md): a u or v below kStateFloor is 0.
double floored(double x) {
  return std::abs(x) < double(kStateFloor) ? 0.0 : x;
}

}  // namespace

ReferenceFields to_reference(const Fields& fields) {
  return {fields.size.width, fields.size.height,
          std::vector<double>(fields.u.begin(), fields.u.end()),
          std::vector<double>(fields.v.begin(), fields.v.end()), fields.style};
}

void reference_step(ReferenceFields& f, const Params& p) {
  const Stencil s = stencil_for(p.laplacian);
  std::vector<double> u_next(f.u.size()), v_next(f.v.size());
  for (int y = 0; y < f.height; ++y)
    for (int x = 0; x < f.width; ++x) {
      double lap_u = 0, lap_v = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const std::size_t j = std::size_t(wrap(y + dy, f.height, p.boundary)) * f.width +
                                wrap(x + dx, f.width, p.boundary);
          lap_u += s.w[dy + 1][dx + 1] * f.u[j];
          lap_v += s.w[dy + 1][dx + 1] * f.v[j];
        }
      const std::size_t i = std::size_t(y) * f.width + x;
      const double u = f.u[i], v = f.v[i], uvv = u * v * v;
      // Parameter-map mode: F falls from F_high at the top row to F_low at the bottom one, k
      // rises from k_low at the left to k_high at the right (cell centres).
      double F = p.F, k = p.k, Du = p.Du, Dv = p.Dv;
      if (p.style.enabled) {  // each parameter A + s (B - A), s = style / 255
        const double t = f.style.empty() ? 0.0 : f.style[i] / 255.0;
        const auto mix = [&](double a, double b) {
          const double mixed = a + t * (b - a);
          return mixed < kParameterFloor ? 0.0 : mixed;
        };
        F = mix(p.F, p.style.F), k = mix(p.k, p.style.k);
        Du = mix(p.Du, p.style.Du), Dv = mix(p.Dv, p.style.Dv);
      }
      if (p.map.enabled) {
        F = p.map.F_high - (double(p.map.F_high) - p.map.F_low) * (y + 0.5) / f.height;
        k = p.map.k_low + (double(p.map.k_high) - p.map.k_low) * (x + 0.5) / f.width;
        if (F < kParameterFloor) F = 0;  // a rate below its floor is 0, as validate() allows
        if (k < kParameterFloor) k = 0;
      }
      u_next[i] = floored(u + double(p.dt) * (Du * lap_u - uvv + F * (1 - u)));
      v_next[i] = floored(v + double(p.dt) * (Dv * lap_v + uvv - (F + k) * v));
    }
  f.u = std::move(u_next);
  f.v = std::move(v_next);
}

Fields random_fields(GridSize size, std::uint64_t seed) {
  std::mt19937 engine(static_cast<std::uint32_t>(seed));
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  Fields f(size);
  for (float& x : f.u) x = unit(engine);
  for (float& x : f.v) x = 0.5f * unit(engine);
  return f;
}

StyleData random_style(GridSize size, std::uint64_t seed) {
  std::mt19937 engine(static_cast<std::uint32_t>(seed));
  std::uniform_int_distribution<int> byte(0, 255);
  StyleData style(size.cells());
  for (std::uint8_t& s : style) s = std::uint8_t(byte(engine));
  style.front() = 0;
  style.back() = 255;
  return style;
}

double relative_error(const Fields& actual, const ReferenceFields& expected) {
  double max_diff = 0, scale = 0;
  for (std::size_t i = 0; i < expected.u.size(); ++i) {
    max_diff = std::max(
        {max_diff, std::abs(actual.u[i] - expected.u[i]), std::abs(actual.v[i] - expected.v[i])});
    scale = std::max({scale, std::abs(expected.u[i]), std::abs(expected.v[i])});
  }
  return max_diff / scale;
}

double relative_error(const Fields& actual, const Fields& expected) {
  return relative_error(actual, to_reference(expected));
}

Fields run_steps(Backend& backend, const Fields& start, const Params& params, int steps) {
  const Status set = backend.set_params(params);
  EXPECT_TRUE(set) << (set ? "" : set.message());
  EXPECT_TRUE(backend.copy_in(start));
  const Status stepped = backend.step(steps);
  EXPECT_TRUE(stepped) << (stepped ? "" : stepped.message());
  Fields result;
  EXPECT_TRUE(backend.copy_out(result));
  return result;
}

void check_row_access(Backend& backend) {
  const Fields start = make_initial_fields({37, 29}, InitPattern::Spots, 5);
  const Fields stepped =
      run_steps(backend, start, stable_params(Laplacian::Course, Boundary::Periodic), 5);
  const long width = stepped.size.width;
  Fields rows;
  ASSERT_TRUE(backend.read_rows(3, 4, rows));
  ASSERT_EQ(rows.size, (GridSize{37, 4}));
  EXPECT_TRUE(std::equal(rows.u.begin(), rows.u.end(), stepped.u.begin() + 3 * width));
  EXPECT_TRUE(std::equal(rows.v.begin(), rows.v.end(), stepped.v.begin() + 3 * width));

  ASSERT_TRUE(backend.write_rows(20, rows));
  Fields after;
  ASSERT_TRUE(backend.copy_out(after));
  Fields expected = stepped;
  std::copy(rows.u.begin(), rows.u.end(), expected.u.begin() + 20 * width);
  std::copy(rows.v.begin(), rows.v.end(), expected.v.begin() + 20 * width);
  EXPECT_TRUE(after.u == expected.u && after.v == expected.v) << "rows 20-23 only";

  EXPECT_FALSE(backend.read_rows(27, 5, rows)) << "past the grid";
  EXPECT_FALSE(backend.read_rows(-1, 2, rows));
  EXPECT_FALSE(backend.write_rows(0, Fields({36, 2}))) << "another width";
}

void check_rows_between(Backend& source, Backend& target) {
  const Params params = stable_params(Laplacian::NinePoint, Boundary::Periodic);
  const Fields from = make_initial_fields({37, 29}, InitPattern::Spots, 5);
  const Fields to = random_fields({37, 11}, 8);
  for (Backend* backend : {&source, &target}) ASSERT_TRUE(backend->set_params(params));
  ASSERT_TRUE(source.copy_in(from));
  ASSERT_TRUE(target.copy_in(to));
  ASSERT_TRUE(source.step(7));
  ASSERT_TRUE(target.copy_rows_from(source, 3, 4, 6));
  ASSERT_TRUE(source.step(5));  // behind the copy: its rows are those after 7 steps
  Fields copied, kept;
  ASSERT_TRUE(target.copy_out(copied));
  ASSERT_TRUE(source.copy_out(kept));
  const Fields seven = run_twin(from, params, 7, 1);
  const long width = from.size.width;
  Fields expected = to;
  std::copy_n(seven.u.begin() + 3 * width, 4 * width, expected.u.begin() + 6 * width);
  std::copy_n(seven.v.begin() + 3 * width, 4 * width, expected.v.begin() + 6 * width);
  EXPECT_TRUE(copied.u == expected.u && copied.v == expected.v) << "rows 6-9 only, after 7 steps";
  const Fields twelve = run_twin(from, params, 12, 1);
  EXPECT_TRUE(kept.u == twelve.u && kept.v == twelve.v) << "the source stepped on from its state";

  EXPECT_FALSE(target.copy_rows_from(source, 27, 5, 0)) << "past the source";
  EXPECT_FALSE(target.copy_rows_from(source, 0, 4, 8)) << "past the target";
  EXPECT_FALSE(target.copy_rows_from(source, -1, 2, 0));
  EXPECT_FALSE(target.copy_rows_from(target, 0, 2, 4)) << "from itself";
  ASSERT_TRUE(source.copy_in(Fields({36, 29})));
  EXPECT_FALSE(target.copy_rows_from(source, 0, 2, 0)) << "another width";
  Fields unchanged;
  ASSERT_TRUE(target.copy_out(unchanged));
  EXPECT_TRUE(unchanged.u == copied.u && unchanged.v == copied.v) << "a refused copy wrote";
}

Fields run_twin(const Fields& start, const Params& params, int steps, int threads,
                CpuTwinPath path) {
  CpuTwinBackend twin(threads, path);
  return run_steps(twin, start, params, steps);
}

std::string case_name(Laplacian laplacian, Boundary boundary) {
  std::string name = std::string(to_string(laplacian)) + "_" + std::string(to_string(boundary));
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

std::string stencil_case_name(const ::testing::TestParamInfo<StencilCase>& info) {
  return case_name(std::get<0>(info.param), std::get<1>(info.param));
}

Params stable_params(Laplacian laplacian, Boundary boundary) {
  Params p;  // the course's defaults: stable for the course Laplacian
  const auto set = [&p](float F, float k, float Du, float Dv) {
    p.F = F;
    p.k = k;
    p.Du = Du;
    p.Dv = Dv;
  };
  if (laplacian == Laplacian::FivePoint) set(0.037f, 0.06f, 0.2097f, 0.105f);
  if (laplacian == Laplacian::NinePoint) set(0.055f, 0.062f, 1.0f, 0.5f);
  p.laplacian = laplacian;
  p.boundary = boundary;
  return p;
}

}  // namespace gs::test
