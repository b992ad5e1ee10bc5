// The course's Gray-Scott step as one CUDA kernel, one thread per cell, as a competent CuPy user
// writes it for a cupy.RawKernel: benchmarks/peers/gs_cupy_raw.py compiles this file with NVRTC.
// Periodic edges, float32, the Laplacian as the eight neighbours minus eight times the centre.
// (The device check's dry run compiles it with nvcc -c, for its syntax.)
extern "C" __global__ void gs_step(const float* u, const float* v, float* u_next, float* v_next,
                                   int width, int height, float F, float k, float Du, float Dv,
                                   float dt) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  // The neighbours' columns and rows, wrapped.
  const int left = x == 0 ? width - 1 : x - 1;
  const int right = x == width - 1 ? 0 : x + 1;
  const int row = y * width;
  const int above = (y == 0 ? height - 1 : y - 1) * width;
  const int below = (y == height - 1 ? 0 : y + 1) * width;
  const int i = row + x;
  const float uc = u[i], vc = v[i];
  const float lu = u[above + left] + u[above + x] + u[above + right] + u[row + left] +
                   u[row + right] + u[below + left] + u[below + x] + u[below + right] - 8.0f * uc;
  const float lv = v[above + left] + v[above + x] + v[above + right] + v[row + left] +
                   v[row + right] + v[below + left] + v[below + x] + v[below + right] - 8.0f * vc;
  const float uvv = uc * vc * vc;
  u_next[i] = uc + dt * (Du * lu - uvv + F * (1.0f - uc));
  v_next[i] = vc + dt * (Dv * lv + uvv - (F + k) * vc);
}
