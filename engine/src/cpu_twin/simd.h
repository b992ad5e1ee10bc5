// The CPU twin's SIMD vector of floats: AVX-512 or AVX2 with FMA, whichever the build targets
// (GS_NATIVE compiles for this machine), behind the operators the shared per-cell arithmetic
// (gs/cell_update.h) uses, plus loads, stores and the lane shifts that let a row reuse its
// neighbour sums. Without either instruction set GS_TWIN_SIMD is 0 and the twin keeps the
// compiler-vectorised reference row. Each set lives in its own inline namespace, so code built
// for two sets in one program never shares a symbol.
#pragma once

#include <cstdint>

// 1 where the build targets an instruction set the twin has SIMD rows for.
#if defined(__AVX512F__) || (defined(__AVX2__) && defined(__FMA__))
#define GS_TWIN_SIMD 1
#include <immintrin.h>
#else
#define GS_TWIN_SIMD 0
#endif

namespace gs::simd {

#if defined(__AVX512F__)
inline namespace avx512 {

inline constexpr int kSimdWidth = 16;
inline constexpr const char* kInstructionSet = "AVX-512";

struct Vec {
  __m512 value;
  Vec(float x) : value(_mm512_set1_ps(x)) {}  // NOLINT: broadcasts, as a float operand would
  Vec(__m512 x) : value(x) {}                 // NOLINT
  // start, start + 1, ...: the column numbers of a vector's cells.
  static Vec iota(float start) {
    return _mm512_add_ps(_mm512_set1_ps(start),
                         _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
  }
};

inline Vec operator+(Vec a, Vec b) {
  return _mm512_add_ps(a.value, b.value);
}
inline Vec operator-(Vec a, Vec b) {
  return _mm512_sub_ps(a.value, b.value);
}
inline Vec operator*(Vec a, Vec b) {
  return _mm512_mul_ps(a.value, b.value);
}
inline Vec operator/(Vec a, Vec b) {
  return _mm512_div_ps(a.value, b.value);
}
inline Vec fused_multiply_add(Vec a, Vec b, Vec c) {
  return _mm512_fmadd_ps(a.value, b.value, c.value);
}
inline Vec fused_multiply_subtract(Vec a, Vec b, Vec c) {
  return _mm512_fmsub_ps(a.value, b.value, c.value);
}
inline Vec fused_negate_multiply_add(Vec a, Vec b, Vec c) {
  return _mm512_fnmadd_ps(a.value, b.value, c.value);
}
// x, or +0 in the lanes where |x| < floor (NaN stays): gs::zero_below lane by lane.
inline Vec zero_below(Vec x, float floor) {
  const __mmask16 keep =
      _mm512_cmp_ps_mask(_mm512_abs_ps(x.value), _mm512_set1_ps(floor), _CMP_NLT_UQ);
  return _mm512_maskz_mov_ps(keep, x.value);
}

inline Vec load(const float* p) {
  return _mm512_loadu_ps(p);
}
// Sixteen bytes (a style map's cells), each as a float 0 to 255.
inline Vec load_bytes(const std::uint8_t* p) {
  const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  // The zero-masked forms, all lanes on: the same instructions, without the undefined vector
  // that GCC 12 takes for an uninitialised read (-Wmaybe-uninitialized).
  const __mmask16 all = 0xFFFF;
  return _mm512_maskz_cvtepi32_ps(all, _mm512_maskz_cvtepu8_epi32(all, bytes));
}
inline void store(float* p, Vec v) {
  _mm512_storeu_ps(p, v.value);
}
// A store that bypasses the cache (p on a 64-byte boundary); store_fence() orders it.
inline void stream(float* p, Vec v) {
  _mm512_stream_ps(p, v.value);
}

// The zero-masked form of valignd with every lane kept: GCC 12's unmasked intrinsic trips
// -Wmaybe-uninitialized on its own placeholder operand.
inline constexpr __mmask16 kAllLanes = 0xFFFF;

// [prev's last lane, cur's lanes but the last]: the left neighbours of cur's cells.
inline Vec shift_in_left(Vec prev, Vec cur) {
  return _mm512_castsi512_ps(_mm512_maskz_alignr_epi32(kAllLanes, _mm512_castps_si512(cur.value),
                                                       _mm512_castps_si512(prev.value), 15));
}
// [cur's lanes but the first, next's first lane]: the right neighbours of cur's cells.
inline Vec shift_in_right(Vec cur, Vec next) {
  return _mm512_castsi512_ps(_mm512_maskz_alignr_epi32(kAllLanes, _mm512_castps_si512(next.value),
                                                       _mm512_castps_si512(cur.value), 1));
}

}  // namespace avx512
#elif defined(__AVX2__) && defined(__FMA__)
inline namespace avx2 {

inline constexpr int kSimdWidth = 8;
inline constexpr const char* kInstructionSet = "AVX2";

struct Vec {
  __m256 value;
  Vec(float x) : value(_mm256_set1_ps(x)) {}  // NOLINT: broadcasts, as a float operand would
  Vec(__m256 x) : value(x) {}                 // NOLINT
  static Vec iota(float start) {
    return _mm256_add_ps(_mm256_set1_ps(start), _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7));
  }
};

inline Vec operator+(Vec a, Vec b) {
  return _mm256_add_ps(a.value, b.value);
}
inline Vec operator-(Vec a, Vec b) {
  return _mm256_sub_ps(a.value, b.value);
}
inline Vec operator*(Vec a, Vec b) {
  return _mm256_mul_ps(a.value, b.value);
}
inline Vec operator/(Vec a, Vec b) {
  return _mm256_div_ps(a.value, b.value);
}
inline Vec fused_multiply_add(Vec a, Vec b, Vec c) {
  return _mm256_fmadd_ps(a.value, b.value, c.value);
}
inline Vec fused_multiply_subtract(Vec a, Vec b, Vec c) {
  return _mm256_fmsub_ps(a.value, b.value, c.value);
}
inline Vec fused_negate_multiply_add(Vec a, Vec b, Vec c) {
  return _mm256_fnmadd_ps(a.value, b.value, c.value);
}
inline Vec zero_below(Vec x, float floor) {
  const __m256 magnitude = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x.value);
  const __m256 keep = _mm256_cmp_ps(magnitude, _mm256_set1_ps(floor), _CMP_NLT_UQ);
  return _mm256_and_ps(x.value, keep);
}

inline Vec load(const float* p) {
  return _mm256_loadu_ps(p);
}
// Eight bytes (a style map's cells), each as a float 0 to 255.
inline Vec load_bytes(const std::uint8_t* p) {
  const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes));
}
inline void store(float* p, Vec v) {
  _mm256_storeu_ps(p, v.value);
}
inline void stream(float* p, Vec v) {
  _mm256_stream_ps(p, v.value);
}

// AVX2 shifts bytes only within 128-bit halves: first gather the half that crosses over.
inline Vec shift_in_left(Vec prev, Vec cur) {
  const __m256 crossing = _mm256_permute2f128_ps(prev.value, cur.value, 0x21);
  return _mm256_castsi256_ps(
      _mm256_alignr_epi8(_mm256_castps_si256(cur.value), _mm256_castps_si256(crossing), 12));
}
inline Vec shift_in_right(Vec cur, Vec next) {
  const __m256 crossing = _mm256_permute2f128_ps(cur.value, next.value, 0x21);
  return _mm256_castsi256_ps(
      _mm256_alignr_epi8(_mm256_castps_si256(crossing), _mm256_castps_si256(cur.value), 4));
}

}  // namespace avx2
#else
inline constexpr int kSimdWidth = 0;
inline constexpr const char* kInstructionSet = "none";
#endif

// Orders streamed stores before what follows (the barrier that ends a pass).
inline void store_fence() {
#if GS_TWIN_SIMD
  _mm_sfence();
#endif
}

// Whether p may be streamed to: on a boundary of the vector's size.
inline bool stream_aligned(const float* p) {
  constexpr std::uintptr_t kVectorBytes = std::uintptr_t(kSimdWidth > 0 ? kSimdWidth : 1) * 4;
  return kSimdWidth > 0 && reinterpret_cast<std::uintptr_t>(p) % kVectorBytes == 0;
}

}  // namespace gs::simd
