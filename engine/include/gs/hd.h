// GS_HD marks functions that run on both machines: __host__ __device__ under nvcc, plain inline
// C++ otherwise. Everything the CPU twin and the CUDA kernels share is marked with it.
#pragma once

#if defined(__CUDACC__)
#define GS_HD __host__ __device__ __forceinline__
#else
#define GS_HD inline
#endif

// Marks pointers whose memory no other pointer of the same call reaches; GCC, Clang and nvcc
// all spell it __restrict__.
#define GS_RESTRICT __restrict__
