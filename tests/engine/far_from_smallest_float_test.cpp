// The per-cell update never computes anything from a number near the smallest normal float, where
// the GPU and x86 flush subnormals differently (docs/model.md, "Far from the smallest float"):
// the real templated update (gs/cell_update.h) runs on traced numbers (traced_number.h), from
// adversarial states and parameters at their floors and through long runs, and the smallest exact
// intermediate stays at or above 2^-100. The traced run gives the twin's bits, so what it watched
// is what the backends compute.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "gs/cell_update.h"
#include "gs/initial_conditions.h"
#include "reference_model.h"
#include "traced_number.h"

namespace gs::test {
namespace {

constexpr double kBound = 0x1p-100;  // the smallest exact intermediate the analysis allows

struct TracedFields {
  GridSize size;
  std::vector<Traced> u, v;
};

TracedFields traced(const Fields& f) {
  return {f.size, std::vector<Traced>(f.u.begin(), f.u.end()),
          std::vector<Traced>(f.v.begin(), f.v.end())};
}

Fields values_of(const TracedFields& f) {
  Fields out(f.size);
  for (std::size_t i = 0; i < f.u.size(); ++i) {
    out.u[i] = f.u[i].value();
    out.v[i] = f.v[i].value();
  }
  return out;
}

// One step of every cell through the engine's own functions (as next_cell_values_at calls them),
// on traced numbers.
template <Laplacian L>
void traced_step(TracedFields& f, const Params& p) {
  const int w = f.size.width, h = f.size.height;
  TracedFields next{f.size, std::vector<Traced>(f.u.size()), std::vector<Traced>(f.v.size())};
  for (int y = 0; y < h; ++y) {
    const long above = long(neighbour_index(y - 1, h, p.boundary)) * w;
    const long row = long(y) * w;
    const long below = long(neighbour_index(y + 1, h, p.boundary)) * w;
    const Traced F = p.map.enabled ? map_F_of_row(p, Traced(float(y)), float(h)) : Traced(p.F);
    for (int x = 0; x < w; ++x) {
      const int left = neighbour_index(x - 1, w, p.boundary);
      const int right = neighbour_index(x + 1, w, p.boundary);
      const Traced lap_u = laplacian_at<L>(&f.u[above], &f.u[row], &f.u[below], left, x, right);
      const Traced lap_v = laplacian_at<L>(&f.v[above], &f.v[row], &f.v[below], left, x, right);
      const Traced k = p.map.enabled ? map_k_of_column(p, Traced(float(x)), float(w)) : Traced(p.k);
      react_diffuse(f.u[row + x], f.v[row + x], lap_u, lap_v, rate_cell_params<L>(p, F, k), p.dt,
                    next.u[row + x], next.v[row + x]);
    }
  }
  f = std::move(next);
}

void traced_steps(TracedFields& f, const Params& p, int steps) {
  for (int s = 0; s < steps; ++s) {
    switch (p.laplacian) {
      case Laplacian::FivePoint:
        traced_step<Laplacian::FivePoint>(f, p);
        break;
      case Laplacian::NinePoint:
        traced_step<Laplacian::NinePoint>(f, p);
        break;
      case Laplacian::Course:
        traced_step<Laplacian::Course>(f, p);
        break;
    }
  }
}

// The smallest exact intermediate of `steps` traced steps from `start`, checking on the way that
// the traced run gives the twin's bits.
double smallest_intermediate(const Fields& start, const Params& p, int steps) {
  TraceLog::current().reset();
  TracedFields f = traced(start);
  traced_steps(f, p, steps);
  const Fields twin = run_twin(start, p, steps);
  const Fields got = values_of(f);
  EXPECT_TRUE(got.u == twin.u && got.v == twin.v) << "the traced run left the twin's arithmetic";
  EXPECT_GT(TraceLog::current().operands, 0);
  return TraceLog::current().smallest;
}

std::string log2_text(double x) {
  return "2^" + std::to_string(std::log2(x));
}

// Values in the safe set, chosen to hurt: at the floor and just above it, around 1 (where 1 - u
// is smallest), powers of two (exact cancellations) and logarithmically spread ones.
std::vector<float> adversarial_values(std::mt19937& engine) {
  const float T = kStateFloor;
  std::vector<float> values = {0.0f,
                               T,
                               std::nextafter(T, 1.0f),
                               -T,
                               -std::nextafter(T, 1.0f),
                               2 * T,
                               3 * T,
                               std::nextafter(1.0f, 0.0f),
                               1.0f,
                               std::nextafter(1.0f, 2.0f),
                               0.5f,
                               0.25f,
                               0x1p-13f};
  std::uniform_real_distribution<float> exponent(-26.0f, 0.0f);
  for (int i = 0; i < 12; ++i) values.push_back(std::exp2(exponent(engine)));
  return values;
}

Fields adversarial_state(GridSize size, std::uint32_t seed) {
  std::mt19937 engine(seed);
  const std::vector<float> values = adversarial_values(engine);
  std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
  Fields f(size);
  for (float& x : f.u) x = values[pick(engine)];
  for (float& x : f.v) x = values[pick(engine)];
  return f;
}

// Parameters at and near their floors, zero where allowed, large and mixed; each valid.
std::vector<Params> adversarial_params(Laplacian laplacian, Boundary boundary) {
  const float P = kParameterFloor, above = std::nextafter(P, 1.0f);
  std::vector<Params> all;
  const auto add = [&](float F, float k, float Du, float Dv, float dt) {
    Params p = stable_params(laplacian, boundary);
    p.F = F;
    p.k = k;
    p.Du = Du;
    p.Dv = Dv;
    p.dt = dt;
    all.push_back(p);
  };
  add(P, P, P, P, P);
  add(P, 0.0f, above, P, 1.0f);
  add(0.0f, 0.0f, 0.1f, 0.05f, 1.0f);
  add(0.1f, above, P, 0.0f, 1.0f);
  add(0.014f, 0.054f, P, P, 25.0f);  // near the reaction decay's limit: 25 * (F + k) = 1.7
  add(above, 0.07f, 0.1f, 0.05f, P);
  all.push_back(stable_params(laplacian, boundary));
  Params map = stable_params(laplacian, boundary);  // Pearson's map, F from 0
  map.map.enabled = true;
  all.push_back(map);
  map.map = {true, 0.0f, 1.5f * P, P, 2 * P};  // rates at their floor, and cut to 0 below it
  all.push_back(map);
  return all;
}

class FarFromTheSmallestFloat : public ::testing::TestWithParam<StencilCase> {};

TEST_P(FarFromTheSmallestFloat, FromAdversarialStatesWithParametersAtTheirFloors) {
  const auto [laplacian, boundary] = GetParam();
  double smallest = 1.0;
  for (const Params& p : adversarial_params(laplacian, boundary)) {
    ASSERT_TRUE(validate(p)) << validate(p).message();
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
      const double found = smallest_intermediate(adversarial_state({9, 7}, seed), p, 3);
      EXPECT_GE(found, kBound) << "seed " << seed << ", F " << p.F << ", k " << p.k << ", Du "
                               << p.Du << ", dt " << p.dt << ": " << log2_text(found);
      smallest = std::min(smallest, found);
    }
  }
  RecordProperty("smallest_intermediate", log2_text(smallest));
  std::printf("smallest exact intermediate: %s\n", log2_text(smallest).c_str());
}

TEST_P(FarFromTheSmallestFloat, ThroughLongRunsOfGrowingSpotsAndThePearsonMap) {
  const auto [laplacian, boundary] = GetParam();
  Params p = stable_params(laplacian, boundary);
  Fields start = make_initial_fields({40, 32}, InitPattern::Spots, 3);
  floor_state_values(start);  // as a backend takes it in
  const double spots = smallest_intermediate(start, p, 1500);
  EXPECT_GE(spots, kBound) << log2_text(spots);
  p.map.enabled = true;
  const double map = smallest_intermediate(start, p, 600);
  EXPECT_GE(map, kBound) << log2_text(map);
  std::printf("smallest exact intermediate: %s (spots), %s (map)\n", log2_text(spots).c_str(),
              log2_text(map).c_str());
}

INSTANTIATE_TEST_SUITE_P(AllLaplaciansAndBoundaries, FarFromTheSmallestFloat, all_stencil_cases(),
                         stencil_case_name);

// The trace can fail: with v at 2^-60 (the floor first proposed), u v v is 2^-120 and the update
// computes from it.
TEST(FarFromTheSmallestFloatTrace, SeesAStateBelowTheFloor) {
  Fields start({5, 4});
  std::fill(start.u.begin(), start.u.end(), 1.0f);
  std::fill(start.v.begin(), start.v.end(), 0x1p-60f);
  TraceLog::current().reset();
  TracedFields f = traced(start);
  traced_steps(f, stable_params(Laplacian::Course, Boundary::Periodic), 1);
  EXPECT_LE(TraceLog::current().smallest, 0x1p-119) << log2_text(TraceLog::current().smallest);
  EXPECT_EQ(values_of(f).v, FieldData(20, 0.0f)) << "and the floor cuts the results";
}

}  // namespace
}  // namespace gs::test
