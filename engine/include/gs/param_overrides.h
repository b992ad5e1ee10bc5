// A partial set of parameters: the ones a state file's attributes, a preset or command-line
// options actually name. Layers are applied in order onto a full Params.
#pragma once

#include <optional>

#include "gs/params.h"

namespace gs {

struct ParamOverrides {
  std::optional<float> F, k, Du, Dv, dt;
  std::optional<Laplacian> laplacian;
  std::optional<Boundary> boundary;

  void apply_to(Params& params) const {
    if (F) params.F = *F;
    if (k) params.k = *k;
    if (Du) params.Du = *Du;
    if (Dv) params.Dv = *Dv;
    if (dt) params.dt = *dt;
    if (laplacian) params.laplacian = *laplacian;
    if (boundary) params.boundary = *boundary;
  }
};

}  // namespace gs
