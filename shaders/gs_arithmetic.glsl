// The per-cell arithmetic of engine/include/gs/cell_update.h in GLSL: the same operations in the
// same order, each result `precise` so the compiler fuses, reorders or contracts nothing, and
// every fused multiply-add rounded once (gs_fma). The backend puts #version and its defines in
// front (gl_compute_programs.cpp):
//   GS_FMA_ROUNDS_ONCE   1 where its probe found the driver's fma() rounding once, else 0: then
//                        gs_fma rounds to odd in double and once to float, which is one rounding
//   GS_STATE_FLOOR, GS_PARAMETER_FLOOR   gs/value_floors.h's floors, as bit patterns

#if GS_FMA_ROUNDS_ONCE
float gs_fma(float a, float b, float c) {
  precise float result = fma(a, b, c);
  return result;
}
#else
// a * b is exact in double (48 bits of 53); the sum is rounded to odd there (the nearest double,
// moved to its odd neighbour toward the exact sum where it is inexact and even), so the one
// rounding to float that follows gives what a single rounding of the exact a * b + c gives.
float gs_fma(float a, float b, float c) {
  precise double product = double(a) * double(b);
  precise double addend = double(c);
  precise double sum = product + addend;
  // The sum's rounding error, exactly (Knuth's two-sum).
  precise double addend_part = sum - product;
  precise double error = (product - (sum - addend_part)) + (addend - addend_part);
  uvec2 bits = unpackDouble2x32(sum);
  const bool finite = (bits.y & 0x7ff00000u) != 0x7ff00000u;
  if (finite && error != 0.0 && (bits.x & 1u) == 0u) {
    // The exact sum lies beyond `sum` (farther from zero) where both have one sign.
    const bool away_from_zero = (sum > 0.0) == (error > 0.0);
    uint carry;
    if (away_from_zero) {
      bits.x = uaddCarry(bits.x, 1u, carry);
      bits.y += carry;
    } else {
      bits.x = usubBorrow(bits.x, 1u, carry);
      bits.y -= carry;
    }
  }
  precise double odd = packDouble2x32(bits);
  return float(odd);
}
#endif

// a / b rounded once: GLSL's division may be 2.5 ulp off. The quotient's neighbours are tried,
// and the one nearest a / b is kept, by the exact remainder a - q b (gs_fma gives it exactly
// for a q this close).
float gs_divide(float a, float b) {
  precise float q = a / b;
  if (q == 0.0 || isinf(q) || isnan(q)) return q;
  for (int i = 0; i < 4; ++i) {
    const float up = uintBitsToFloat(floatBitsToUint(q) + 1u);
    const float down = uintBitsToFloat(floatBitsToUint(q) - 1u);
    precise float r = abs(gs_fma(-q, b, a));
    precise float r_up = abs(gs_fma(-up, b, a));
    precise float r_down = abs(gs_fma(-down, b, a));
    if (r_up < r && r_up <= r_down) {
      q = up;
    } else if (r_down < r) {
      q = down;
    } else {
      break;
    }
  }
  return q;
}

// x, or +0 where |x| < floor; NaN stays NaN (the divergence check must still see it).
float gs_zero_below(float x, float floor_value) {
  return x < floor_value && x > -floor_value ? 0.0 : x;
}

// Whether x is NaN or an infinity, from its bits (a driver may assume isnan() false).
bool gs_not_finite(float x) {
  return (floatBitsToUint(x) & 0x7f800000u) == 0x7f800000u;
}

// i mod n for any i >= -n * 2^20 (GLSL leaves % of a negative number undefined).
int gs_wrap(int i, int n) {
  return i < 0 ? (i + n * ((n - 1 - i) / n)) % n : i % n;
}
