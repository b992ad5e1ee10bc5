#include "gs/params.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "gs/value_floors.h"

namespace gs {

float laplacian_spectral_radius(Laplacian laplacian) {
  switch (laplacian) {
    case Laplacian::FivePoint:
      return 8.0f;
    case Laplacian::NinePoint:
      return 1.6f;
    case Laplacian::Course:
      return 12.0f;
  }
  return 0.0f;
}

namespace {

// A nonzero value below kParameterFloor would bring the update's intermediates near the smallest
// float (docs/model.md, "Far from the smallest float").
Status check_floor(const std::string& name, float value) {
  if (value == 0.0f || value >= kParameterFloor) return Status::ok();
  std::ostringstream message;
  message << std::setprecision(3) << name << " must be 0 or at least " << kParameterFloor
          << " (2^-22), not " << value;
  return Error{message.str()};
}

// F and k are fractions of a concentration fed or removed a unit of time: past 1 they are not the
// model's (Pearson's patterns lie below F 0.1 and k 0.07), only a way to make a run diverge.
Status check_rate(const std::string& name, float value) {
  if (value <= 1.0f) return Status::ok();
  std::ostringstream message;
  message << std::setprecision(9) << name << " " << value
          << " is not a Gray-Scott rate: F and k lie between 0 and 1 (Pearson's patterns have F "
             "below 0.1 and k below 0.07)";
  return Error{message.str()};
}

// The reaction removes v at the rate F + k: an explicit step of dt * (F + k) >= 2 overshoots
// zero by more than it started from, and the run grows without bound.
Status check_decay(const std::string& which, float dt, float F, float k) {
  const double decay = double(dt) * (double(F) + double(k));
  if (decay < 2.0) return Status::ok();
  std::ostringstream message;
  message << std::setprecision(9) << "unstable: dt * (F + k)" << which << " = " << decay
          << " reaches the explicit-Euler limit 2 of the reaction's decay (dt < "
          << 2.0 / (double(F) + double(k)) << " here)";
  return Error{message.str()};
}

}  // namespace

Status validate(const Params& p) {
  const std::pair<const char*, float> values[] = {
      {"F", p.F}, {"k", p.k}, {"Du", p.Du}, {"Dv", p.Dv}, {"dt", p.dt}};
  for (const auto& [name, value] : values) {
    if (!std::isfinite(value)) return Error{std::string(name) + " must be a finite number"};
    if (value < 0.0f) return Error{std::string(name) + " must not be negative"};
    GS_TRY(check_floor(name, value));
  }
  if (p.dt == 0.0f) return Error{"dt must be greater than zero"};
  GS_TRY(check_rate("F", p.F));
  GS_TRY(check_rate("k", p.k));
  if (p.map.enabled) {
    for (const auto& [name, value] :
         {std::pair{"map F low", p.map.F_low}, std::pair{"map F high", p.map.F_high},
          std::pair{"map k low", p.map.k_low}, std::pair{"map k high", p.map.k_high}}) {
      if (!std::isfinite(value) || value < 0.0f)
        return Error{std::string(name) + " must be a finite number, not negative"};
      GS_TRY(check_floor(name, value));
    }
    if (!(p.map.F_low < p.map.F_high) || !(p.map.k_low < p.map.k_high))
      return Error{"the parameter map's ranges must run from low to high"};
    GS_TRY(check_rate("map F high", p.map.F_high));
    GS_TRY(check_rate("map k high", p.map.k_high));
  }
  if (p.style.enabled) {
    if (p.map.enabled) return Error{"a style map and the parameter map cannot be used together"};
    for (const auto& [name, value] :
         {std::pair{"style B's F", p.style.F}, std::pair{"style B's k", p.style.k},
          std::pair{"style B's Du", p.style.Du}, std::pair{"style B's Dv", p.style.Dv}}) {
      if (!std::isfinite(value) || value < 0.0f)
        return Error{std::string(name) + " must be a finite number, not negative"};
      GS_TRY(check_floor(name, value));
    }
    GS_TRY(check_rate("style B's F", p.style.F));
    GS_TRY(check_rate("style B's k", p.style.k));
  }

  const double radius = laplacian_spectral_radius(p.laplacian);
  // Every cell's Du and Dv lie between set A's and set B's.
  const double diffusion =
      p.style.enabled ? std::max({p.Du, p.Dv, p.style.Du, p.style.Dv}) : std::max(p.Du, p.Dv);
  const double stability = double(p.dt) * diffusion * radius;
  // At exactly 2 the fastest mode neither grows nor decays and the reaction tips it over: the
  // limit itself is refused, as the message says.
  if (stability >= 2.0) {
    std::ostringstream message;
    message << std::setprecision(9) << "unstable: dt * max(Du, Dv"
            << (p.style.enabled ? " of both style sets" : "") << ") * " << radius << " = "
            << stability << " reaches the explicit-Euler limit 2 for the " << to_string(p.laplacian)
            << " Laplacian (dt < " << 2.0 / (diffusion * radius) << " here)";
    return Error{message.str()};
  }
  // The reaction's decay, once the diffusion is stable: set A, and every set a cell may take.
  GS_TRY(check_decay("", p.dt, p.F, p.k));
  if (p.map.enabled)
    GS_TRY(check_decay(" at the map's high corner", p.dt, p.map.F_high, p.map.k_high));
  if (p.style.enabled) GS_TRY(check_decay(" of style set B", p.dt, p.style.F, p.style.k));
  return Status::ok();
}

std::string describe_rates(const Params& p) {
  std::ostringstream text;
  text << "F " << p.F << ", k " << p.k << ", Du " << p.Du << ", Dv " << p.Dv << ", dt " << p.dt;
  if (p.style.enabled)
    text << "; style set B: F " << p.style.F << ", k " << p.style.k << ", Du " << p.style.Du
         << ", Dv " << p.style.Dv;
  return text.str();
}

}  // namespace gs
