// The display range (min and max of a field, for an automatic colormap range) as a GS_HD
// per-thread body: each thread folds a grid-stride share of the cells, then merges its result
// with two atomics on order-preserving integer encodings of the floats. On the host the
// "atomics" are plain min/max, so the CPU launch emulator gives the GPU's answer.
#pragma once

#include <climits>
#include <cstring>

#include "gs/hd.h"
#include "gs/launch_shape.h"

namespace gs {

// A float's bits as an int whose signed order is the float's order (NaN excepted).
GS_HD int ordered_bits(float value) {
#if defined(__CUDA_ARCH__)
  const int bits = __float_as_int(value);
#else
  int bits;
  std::memcpy(&bits, &value, sizeof bits);
#endif
  return bits >= 0 ? bits : bits ^ INT_MAX;
}

GS_HD float from_ordered_bits(int ordered) {
  const int bits = ordered >= 0 ? ordered : ordered ^ INT_MAX;
#if defined(__CUDA_ARCH__)
  return __int_as_float(bits);
#else
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
#endif
}

// slots[0] collects the minimum, slots[1] the maximum; start them at INT_MAX and INT_MIN. On the
// GPU a warp first folds its 32 results with shuffles, so one lane per warp takes the atomics
// instead of every thread hitting the same two addresses. Every thread of the launch must call
// it (the range body has no early exit); an empty share passes the neutral INT_MAX, INT_MIN.
GS_HD void merge_range(int* slots, int low, int high, unsigned thread_x) {
#if defined(__CUDA_ARCH__)
  for (int offset = 16; offset > 0; offset /= 2) {
    low = min(low, __shfl_down_sync(0xffffffffu, low, offset));
    high = max(high, __shfl_down_sync(0xffffffffu, high, offset));
  }
  if ((thread_x & 31u) != 0 || low > high) return;
  atomicMin(slots, low);
  atomicMax(slots + 1, high);
#else
  (void)thread_x;
  if (low > high) return;
  slots[0] = low < slots[0] ? low : slots[0];
  slots[1] = high > slots[1] ? high : slots[1];
#endif
}

// Non-finite cells are skipped: a diverged cell must not hide the rest of the field's range.
GS_HD void range_kernel_body(Dim3 block_index, Dim3 thread_index, Dim3 block_dim, Dim3 grid_dim,
                             const float* field, long count, int* slots) {
  const long first = long(block_index.x) * block_dim.x + thread_index.x;
  const long stride = long(grid_dim.x) * block_dim.x;
  int low = INT_MAX, high = INT_MIN;
  for (long i = first; i < count; i += stride) {
    const float value = field[i];
    if (!((value - value) == 0.0f)) continue;
    const int bits = ordered_bits(value);
    low = bits < low ? bits : low;
    high = bits > high ? bits : high;
  }
  merge_range(slots, low, high, thread_index.x);
}

// The range kernel's launch over `count` cells: blocks of 256 threads (whole warps, as
// merge_range's shuffles need), as many as the device keeps resident at once
// (`multiprocessors` x `threads_per_multiprocessor`, queried once per device) so every
// multiprocessor streams the field, but no more blocks than the cells fill. The body is correct
// for any grid: each thread folds a grid-stride share, empty or not.
inline LaunchShape range_launch_shape(long count, int multiprocessors,
                                      int threads_per_multiprocessor) {
  constexpr long kBlock = 256;
  const long per_multiprocessor = threads_per_multiprocessor / kBlock;
  const long resident = long(multiprocessors > 0 ? multiprocessors : 1) *
                        (per_multiprocessor > 0 ? per_multiprocessor : 1);
  const long needed = (count + kBlock - 1) / kBlock;
  const long blocks = needed < resident ? needed : resident;
  return {{unsigned(blocks > 0 ? blocks : 1), 1, 1}, {unsigned(kBlock), 1, 1}};
}

}  // namespace gs
