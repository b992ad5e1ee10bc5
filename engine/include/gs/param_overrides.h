// A partial set of parameters: the ones a state file's attributes, a preset or command-line
// options actually name. Layers are applied in order onto a full Params.
#pragma once

#include <optional>

#include "gs/params.h"

namespace gs {

// A style map's set B (Params::style), as far as a layer names it.
struct StyleSetOverrides {
  std::optional<float> F, k, Du, Dv;
};

struct ParamOverrides {
  std::optional<float> F, k, Du, Dv, dt;
  std::optional<Laplacian> laplacian;
  std::optional<Boundary> boundary;
  // Uniform rates (enabled false) or the parameter map with its ranges: a state file says which
  // shaped it.
  std::optional<ParameterMap> map;
  StyleSetOverrides style;

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
// Set B of a style map follows the same precedence. What no layer names of it stays the base's
// where the base runs a style map, and is otherwise set A's, so a new style map with only B's F
// named varies F alone. (Whether a style map runs, Params::style's `enabled`, is the caller's:
// it has a style map or not.)
inline Params layer_params(const ParamLayers& layers, Params base = Params{}) {
  const Params given = base;
  layers.file.apply_to(base);
  layers.preset.apply_to(base);
  layers.explicit_values.apply_to(base);
  // A state's parameter map runs on unless a later layer names a rate of its own (a preset, --F,
  // --k): one rate for the whole grid replaces the map's.
  for (const ParamOverrides* layer : {&layers.file, &layers.preset, &layers.explicit_values}) {
    if (layer->map) base.map = *layer->map;
    if (layer != &layers.file && (layer->F || layer->k)) base.map.enabled = false;
  }
  const auto set_b = [&](std::optional<float> StyleSetOverrides::*value, float base_b, float a) {
    for (const ParamOverrides* layer : {&layers.explicit_values, &layers.preset, &layers.file})
      if (layer->style.*value) return *(layer->style.*value);
    return given.style.enabled ? base_b : a;
  };
  base.style.F = set_b(&StyleSetOverrides::F, given.style.F, base.F);
  base.style.k = set_b(&StyleSetOverrides::k, given.style.k, base.k);
  base.style.Du = set_b(&StyleSetOverrides::Du, given.style.Du, base.Du);
  base.style.Dv = set_b(&StyleSetOverrides::Dv, given.style.Dv, base.Dv);
  return base;
}

}  // namespace gs
