// The model's parameters (docs/model.md): rates, diffusion, time step, Laplacian and boundary.
// Plain data, copied freely (also to the GPU); validate() says whether a set can be simulated.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gs/enum_names.h"
#include "gs/status.h"

namespace gs {

enum class Laplacian { FivePoint, NinePoint, Course };
enum class Boundary { Periodic, Neumann };

inline constexpr EnumNames<Laplacian, 3> kLaplacianNames{{{Laplacian::FivePoint, "five-point"},
                                                          {Laplacian::NinePoint, "nine-point"},
                                                          {Laplacian::Course, "course"}}};
constexpr const auto& enum_names(Laplacian) {
  return kLaplacianNames;
}
inline constexpr EnumNames<Boundary, 2> kBoundaryNames{
    {{Boundary::Periodic, "periodic"}, {Boundary::Neumann, "neumann"}}};
constexpr const auto& enum_names(Boundary) {
  return kBoundaryNames;
}

// Parameter-map mode (Pearson's figure): F varies along y (growing upward: F_low on the bottom
// row, F_high on the top one) and k along x (k_low at the left, k_high at the right).
struct ParameterMap {
  bool enabled = false;
  float F_low = 0.0f;
  float F_high = 0.1f;
  float k_low = 0.03f;
  float k_high = 0.07f;

  bool operator==(const ParameterMap& o) const {
    return enabled == o.enabled && F_low == o.F_low && F_high == o.F_high && k_low == o.k_low &&
           k_high == o.k_high;
  }
};

// Style-map mode: every cell mixes two parameter sets by its style s in [0, 1] (Fields::style):
// set A, the Params' own F, k, Du and Dv, where s = 0, and set B, these, where s = 1; in between
// each is A + s (B - A). The parameter map is the special case of a linear F(y) and k(x); the
// two are not used together.
struct StyleMix {
  bool enabled = false;
  float F = 0.0f;  // set B
  float k = 0.0f;
  float Du = 0.0f;
  float Dv = 0.0f;

  // Set B counts only where a style map runs: nothing reads it otherwise.
  bool operator==(const StyleMix& o) const {
    return enabled == o.enabled && (!enabled || (F == o.F && k == o.k && Du == o.Du && Dv == o.Dv));
  }
};

struct Params {
  // The course's defaults.
  float F = 0.014f;
  float k = 0.054f;
  float Du = 0.1f;
  float Dv = 0.05f;
  float dt = 1.0f;
  Laplacian laplacian = Laplacian::Course;
  Boundary boundary = Boundary::Periodic;
  ParameterMap map;
  StyleMix style;

  bool operator==(const Params& o) const {
    return F == o.F && k == o.k && Du == o.Du && Dv == o.Dv && dt == o.dt &&
           laplacian == o.laplacian && boundary == o.boundary && map == o.map && style == o.style;
  }
  bool operator!=(const Params& o) const { return !(*this == o); }
};

// Magnitude of the Laplacian's most negative eigenvalue: 8, 1.6 or 12.
float laplacian_spectral_radius(Laplacian laplacian);

// Rejects NaN, infinities, negative values, nonzero values below kParameterFloor
// (gs/value_floors.h), F or k past 1 (no Gray-Scott rate; with a style map or the parameter map,
// of every set and corner), and settings past the explicit-Euler limits: the diffusion's
// dt * max(Du, Dv) * |lambda_min| < 2 of the chosen Laplacian (with a style map, of both sets)
// and the reaction's decay dt * (F + k) < 2.
Status validate(const Params& params);

// The rates a run steps with, for a message: "F 0.014, k 0.054, Du 0.2, Dv 0.1, dt 1", and with
// a style map set B's too ("...; style set B: F 0.03, k 0.06, Du 0.2, Dv 0.1").
std::string describe_rates(const Params& params);

}  // namespace gs
