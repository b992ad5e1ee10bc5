#!/usr/bin/env python3
"""The course's Gray-Scott as one CuPy RawKernel, a peer for grayscott-batch's benchmark.

    gs_cupy_raw.py --init init.h5 [--frames 100 --steps-per-frame 32 --repeats 2]
                   [--check-steps 100 --check-output cupy-raw.h5]

What a competent CuPy user writes when the array program (gs_cupy.py) is too slow: the whole
step as one CUDA kernel (gs_step_kernel.cu, compiled by NVRTC through cupy.RawKernel), one
thread per cell, two pairs of buffers swapped each step, one launch a step from Python. Timed
with CUDA events after a warm-up frame; prints one JSON line (common.py).
"""
import os

import numpy as np

from common import arguments, float32_params, load_initial_state, report, save_state, unavailable

BLOCK = (32, 8)  # 256 threads, a warp along x: coalesced rows
KERNEL_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gs_step_kernel.cu")


class Stepper:
    """Two pairs of device buffers, allocated once; each step reads one pair, writes the other."""

    def __init__(self, cp, u0, v0, params):
        with open(KERNEL_SOURCE) as f:
            self.kernel = cp.RawKernel(f.read(), "gs_step")
        height, width = u0.shape
        self.grid = ((width + BLOCK[0] - 1) // BLOCK[0], (height + BLOCK[1] - 1) // BLOCK[1])
        self.scalars = (np.int32(width), np.int32(height)) + float32_params(params)
        self.u0, self.v0 = u0, v0
        self.u, self.v = u0.copy(), v0.copy()
        self.u_next, self.v_next = cp.empty_like(u0), cp.empty_like(v0)

    def reset(self):
        self.u[...] = self.u0
        self.v[...] = self.v0

    def steps(self, count):
        for _ in range(count):
            self.kernel(self.grid, BLOCK, (self.u, self.v, self.u_next, self.v_next) + self.scalars)
            self.u, self.v, self.u_next, self.v_next = self.u_next, self.v_next, self.u, self.v


def main():
    args = arguments(__doc__.splitlines()[0])
    try:
        import cupy as cp
    except ImportError as error:
        unavailable("gs_cupy_raw", f"CuPy does not import ({error})")
    device = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    u0, v0, params = load_initial_state(args.init)
    stepper = Stepper(cp, cp.asarray(u0), cp.asarray(v0), params)

    if args.check_steps:
        stepper.steps(args.check_steps)
        save_state(args.check_output, cp.asnumpy(stepper.u), cp.asnumpy(stepper.v), args.check_steps)

    stepper.steps(args.steps_per_frame)  # warm-up: the kernel compiled and loaded
    seconds = []
    for _ in range(args.repeats):
        stepper.reset()
        start, end = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        for _ in range(args.frames):
            stepper.steps(args.steps_per_frame)
        end.record()
        end.synchronize()
        seconds.append(cp.cuda.get_elapsed_time(start, end) / 1e3)
    report("cupy-raw", "cupy", device, args, u0.shape, seconds)


if __name__ == "__main__":
    main()
