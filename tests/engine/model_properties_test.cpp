// Properties the simulated model must have whatever the implementation: shift invariance on a
// torus, conservation under pure diffusion with zero-flux walls, and the reaction ODE.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <numeric>

#include "gs/cpu_twin_backend.h"
#include "reference_model.h"

namespace gs::test {
namespace {

const Laplacian kLaplacians[] = {Laplacian::FivePoint, Laplacian::NinePoint, Laplacian::Course};

Fields shifted(const Fields& f, int dx, int dy) {
  Fields out(f.size);
  const int w = f.size.width, h = f.size.height;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t to = std::size_t((y + dy) % h) * w + (x + dx) % w;
      out.u[to] = f.u[std::size_t(y) * w + x];
      out.v[to] = f.v[std::size_t(y) * w + x];
    }
  return out;
}

TEST(ModelProperties, PeriodicGridIsShiftInvariant) {
  for (Laplacian laplacian : kLaplacians) {
    const Params p = stable_params(laplacian, Boundary::Periodic);
    const Fields start = random_fields({50, 37}, 21);
    const Fields then_shift = shifted(run_twin(start, p, 40), 17, 9);
    const Fields shift_first = run_twin(shifted(start, 17, 9), p, 40);
    EXPECT_LE(relative_error(shift_first, then_shift), 1e-6) << to_string(laplacian);
  }
}

TEST(ModelProperties, PureDiffusionWithNeumannWallsConservesMass) {
  for (Laplacian laplacian : kLaplacians) {
    Params p = stable_params(laplacian, Boundary::Neumann);
    p.F = 0.0f;
    p.k = 0.0f;
    Fields start = random_fields({61, 43}, 22);
    std::fill(start.v.begin(), start.v.end(), 0.0f);
    const Fields end = run_twin(start, p, 500);
    const double before = std::accumulate(start.u.begin(), start.u.end(), 0.0);
    const double after = std::accumulate(end.u.begin(), end.u.end(), 0.0);
    EXPECT_NEAR(after / before, 1.0, 1e-5) << to_string(laplacian);
    // And diffusion did act: the field flattened.
    const auto [lo, hi] = std::minmax_element(end.u.begin(), end.u.end());
    EXPECT_LT(*hi - *lo, 0.5f) << to_string(laplacian);
  }
}

// The reaction terms alone, integrated accurately (RK4 with a much smaller step).
std::array<double, 2> solve_reaction_ode(double u, double v, double F, double k, double t_end) {
  const auto rate = [&](double a, double b) {
    return std::array<double, 2>{-a * b * b + F * (1 - a), a * b * b - (F + k) * b};
  };
  const int n = 20000;
  const double h = t_end / n;
  for (int i = 0; i < n; ++i) {
    const auto k1 = rate(u, v);
    const auto k2 = rate(u + h / 2 * k1[0], v + h / 2 * k1[1]);
    const auto k3 = rate(u + h / 2 * k2[0], v + h / 2 * k2[1]);
    const auto k4 = rate(u + h * k3[0], v + h * k3[1]);
    u += h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
    v += h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]);
  }
  return {u, v};
}

TEST(ModelProperties, ReactionOnlyFollowsTheOde) {
  Params p;
  p.Du = 0.0f;
  p.Dv = 0.0f;
  p.F = 0.04f;
  p.k = 0.06f;
  p.dt = 0.01f;  // small, so explicit Euler's own error stays well below the tolerance
  const int steps = 2000;
  const Fields start = random_fields({16, 9}, 23);
  const Fields end = run_twin(start, p, steps);
  double worst = 0.0;
  for (std::size_t i = 0; i < start.u.size(); ++i) {
    const auto exact = solve_reaction_ode(start.u[i], start.v[i], p.F, p.k, double(p.dt) * steps);
    worst = std::max({worst, std::abs(end.u[i] - exact[0]), std::abs(end.v[i] - exact[1])});
  }
  EXPECT_LT(worst, 1e-3);
  // Without diffusion, cells do not interact: the same start value gives the same end value.
  EXPECT_GT(worst, 0.0) << "an exact match would mean the ODE was not integrated independently";
}

}  // namespace
}  // namespace gs::test
