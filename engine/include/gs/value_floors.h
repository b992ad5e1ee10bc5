// The floors that keep the per-cell arithmetic far from the smallest normal float (docs/model.md,
// "Far from the smallest float"): a u or v of magnitude below kStateFloor is 0, and a nonzero
// rate, diffusion rate or time step is at least kParameterFloor. Then no intermediate of the
// update comes within 2^26 of FLT_MIN, where the GPU (tiny before rounding) and x86 (tiny after
// rounding) flush subnormals differently, and every machine gives the same bits.
#pragma once

#include "gs/hd.h"

namespace gs {

// 2^-26, about 1.5e-8: half an ulp of u at rest (u = 1) is 2^-25.
inline constexpr float kStateFloor = 0x1p-26f;
// 2^-22, about 2.4e-7: far below any rate, diffusion or time step in use (docs/presets.md).
inline constexpr float kParameterFloor = 0x1p-22f;

// x, or +0 where |x| < floor. NaN stays NaN (the divergence check must still see it).
GS_HD float zero_below(float x, float floor) {
  return x < floor && x > -floor ? 0.0f : x;
}

// A state value as the update leaves it: 0 below kStateFloor, itself otherwise.
GS_HD float floored_state_value(float x) {
  return zero_below(x, kStateFloor);
}

}  // namespace gs
