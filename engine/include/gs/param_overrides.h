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

// The layers both programs stack, lowest first; each names only what it sets.
struct ParamLayers {
  ParamOverrides file;             // a state file's attributes
  ParamOverrides preset;           // a named preset (presets never choose the boundary)
  ParamOverrides explicit_values;  // what the user named: command-line options, the app's choices
};

// The one precedence of both programs: base (the defaults unless given) < file < preset <
// explicit values. Not validated: the caller says which program's input was wrong.
inline Params layer_params(const ParamLayers& layers, Params base = Params{}) {
  layers.file.apply_to(base);
  layers.preset.apply_to(base);
  layers.explicit_values.apply_to(base);
  return base;
}

}  // namespace gs
