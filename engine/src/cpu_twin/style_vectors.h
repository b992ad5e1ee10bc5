// The parameters of a SIMD row's vectors in style-map mode, with only the work the two sets
// need: a parameter both sets share is the same in every cell (style_mix in gs/cell_update.h),
// so a row whose sets share Du and Dv mixes F and k alone, and the floor is left out where no
// mix can fall below it. Which of these a row runs is chosen once per row (StyleMixing), so the
// vector loop has no branch; every choice gives style_mix's bits.
#pragma once

#include <cstdint>

#include "cpu_twin/simd.h"
#include "gs/cell_update.h"

namespace gs::twin {

// Where every mix of a and b is 0 or clear of kParameterFloor, so the floor changes nothing:
// each of them 0 or at least 512 floors. Both nonzero, a mix is at least about the smaller; one
// of them 0, a mix of a style byte other than 0 or 255 is at least 1/255 of the other, still
// twice the floor. Negative or NaN values (which validate() refuses) keep the floor.
inline bool style_mix_clears_floor(float a, float b) {
  constexpr float kClear = 512.0f * kParameterFloor;
  return (a == 0.0f || a >= kClear) && (b == 0.0f || b >= kClear);
}

// What a row's vectors mix per cell: the diffusion rates too (where a set's differ), and
// whether through the floor; and whether each parameter it mixes differs between the sets (the
// usual case, which needs no zeros mixed in: two vectors a parameter rather than three, so the
// row's vectors fit in the registers). A row where one does not runs the general mix.
struct StyleMixing {
  bool diffusion;
  bool floored;
  bool all_differ;
};

inline StyleMixing style_mixing(const Params& p) {
  const bool diffusion = p.Du != p.style.Du || p.Dv != p.style.Dv;
  const bool clear =
      style_mix_clears_floor(p.F, p.style.F) && style_mix_clears_floor(p.k, p.style.k) &&
      (!diffusion ||
       (style_mix_clears_floor(p.Du, p.style.Du) && style_mix_clears_floor(p.Dv, p.style.Dv)));
  const bool all_differ = p.F != p.style.F && p.k != p.style.k &&
                          (!diffusion || (p.Du != p.style.Du && p.Dv != p.style.Dv));
  return {diffusion, !clear, all_differ};
}

#if GS_TWIN_SIMD

// The cells' parameters of the vector at x of a row of style bytes. AllDiffer: the mixed
// parameters' factors are (a, a, b), and the mix uses a for a_part.
template <Laplacian L, bool MixesDiffusion, bool Floored, bool AllDiffer>
class StyledVectors {
 public:
  using Vec = simd::Vec;

  StyledVectors(const Params& p, const std::uint8_t* style)
      : style_(style),
        F_(style_mix_factors(p.F, p.style.F)),
        k_(style_mix_factors(p.k, p.style.k)),
        Du_(style_mix_factors(p.Du, p.style.Du)),
        Dv_(style_mix_factors(p.Dv, p.style.Dv)),
        // Shared rates: their mix at any s, here s = 0.
        shared_Du_(diffusion_rate_per_sum<L>(Vec(style_mix(p.Du, p.style.Du, 0.0f)))),
        shared_Dv_(diffusion_rate_per_sum<L>(Vec(style_mix(p.Dv, p.style.Dv, 0.0f)))) {}

  CellParams<Vec> at(int x) const {
    const Vec s = style_fraction(simd::load_bytes(style_ + x));
    if constexpr (MixesDiffusion)
      return {mix(F_, s), mix(k_, s), diffusion_rate_per_sum<L>(mix(Du_, s)),
              diffusion_rate_per_sum<L>(mix(Dv_, s))};
    return {mix(F_, s), mix(k_, s), shared_Du_, shared_Dv_};
  }

 private:
  // style_mix_factors broadcast once per row.
  struct Factors {
    Factors(StyleMixFactors m) : a(m.a), a_part(m.a_part), b_part(m.b_part) {}  // NOLINT
    Vec a, a_part, b_part;
  };
  static Vec mix(const Factors& m, Vec s) {
    const Vec a_part = AllDiffer ? m.a : m.a_part;
    const Vec mixed = fused_multiply_add(s, m.b_part, fused_negate_multiply_add(s, a_part, m.a));
    if constexpr (Floored) return simd::zero_below(mixed, kParameterFloor);
    return mixed;
  }

  const std::uint8_t* style_;
  Factors F_, k_, Du_, Dv_;
  Vec shared_Du_, shared_Dv_;
};

#endif  // GS_TWIN_SIMD
}  // namespace gs::twin
