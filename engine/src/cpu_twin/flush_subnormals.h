// Flushes subnormal floats (below 1.2e-38) to zero on the calling thread while in scope.
// The front of a growing pattern is a band of cells whose v decays through the subnormal range,
// and x86 cores take a slow assist on every operation that meets one: on the course's run the
// twin lost more than a quarter of its speed to them. Both of the twin's loops step under this
// guard, so they still agree to the bit; the CUDA build flushes too (--ftz=true). The two decide
// differently what is tiny (after and before rounding), which the floors of gs/value_floors.h
// make moot: no operation of the update comes near the smallest normal float.
#pragma once

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace gs::twin {

class FlushSubnormals {
 public:
#if defined(__SSE2__)
  FlushSubnormals() : saved_(_mm_getcsr()) {
    _mm_setcsr(saved_ | kFlushToZero | kInputsAreZero);
  }
  ~FlushSubnormals() {
    _mm_setcsr(saved_);
  }
#else
  FlushSubnormals() = default;  // elsewhere the default floating-point mode stays
#endif
  FlushSubnormals(const FlushSubnormals&) = delete;
  FlushSubnormals& operator=(const FlushSubnormals&) = delete;

 private:
#if defined(__SSE2__)
  static constexpr unsigned kFlushToZero = 0x8000;    // MXCSR.FTZ: subnormal results become 0
  static constexpr unsigned kInputsAreZero = 0x0040;  // MXCSR.DAZ: subnormal inputs read as 0
  unsigned saved_;
#endif
};

}  // namespace gs::twin
