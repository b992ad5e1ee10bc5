#!/usr/bin/env python3
"""The course's Gray-Scott as a Numba-CUDA kernel, a peer for grayscott-batch's benchmark.

    gs_numba.py --init init.h5 [--frames 100 --steps-per-frame 32 --repeats 2]
                [--check-steps 100 --check-output numba.h5]

The course's own GPU tool: the step as one @cuda.jit kernel, one thread per cell, two pairs of
device arrays swapped each step, one launch a step from Python. Timed with CUDA events after a
warm-up frame (which compiles the kernel); prints one JSON line (common.py). Under Numba's CUDA
simulator (NUMBA_ENABLE_CUDASIM=1) the same kernel runs on the CPU, thread by thread: the device
check's dry run compares it there with the CPU twin on a tiny grid.
"""
import os
import time

import numpy as np

from common import arguments, float32_params, load_initial_state, report, save_state, unavailable

BLOCK = (32, 8)  # 256 threads, a warp along x: coalesced rows
# float32 constants: a Python float literal would make Numba compute in double.
ONE, EIGHT = np.float32(1), np.float32(8)


try:
    from numba import cuda
except ImportError as error:
    cuda, NUMBA_MISSING = None, error


# The kernel's body, compiled by Stepper with cuda.jit. It names `cuda` as a module global,
# which the simulator swaps for its own (a closure's would not be).
def gs_step(u, v, u_next, v_next, F, k, Du, Dv, dt):
    x, y = cuda.grid(2)
    height, width = u.shape
    if x >= width or y >= height:
        return
    # The neighbours' columns and rows, wrapped: periodic edges.
    left = width - 1 if x == 0 else x - 1
    right = 0 if x == width - 1 else x + 1
    above = height - 1 if y == 0 else y - 1
    below = 0 if y == height - 1 else y + 1
    uc, vc = u[y, x], v[y, x]
    lu = (u[above, left] + u[above, x] + u[above, right] + u[y, left] + u[y, right]
          + u[below, left] + u[below, x] + u[below, right] - EIGHT * uc)
    lv = (v[above, left] + v[above, x] + v[above, right] + v[y, left] + v[y, right]
          + v[below, left] + v[below, x] + v[below, right] - EIGHT * vc)
    uvv = uc * vc * vc
    u_next[y, x] = uc + dt * (Du * lu - uvv + F * (ONE - uc))
    v_next[y, x] = vc + dt * (Dv * lv + uvv - (F + k) * vc)


class Stepper:
    """Two pairs of device arrays, allocated once; each step reads one pair, writes the other."""

    def __init__(self, u0, v0, params):
        self.kernel = cuda.jit(gs_step)
        height, width = u0.shape
        self.grid = ((width + BLOCK[0] - 1) // BLOCK[0], (height + BLOCK[1] - 1) // BLOCK[1])
        self.scalars = float32_params(params)
        self.u0, self.v0 = cuda.to_device(u0), cuda.to_device(v0)
        self.u, self.v = cuda.to_device(u0), cuda.to_device(v0)
        self.u_next, self.v_next = cuda.device_array_like(u0), cuda.device_array_like(v0)

    def reset(self):
        self.u.copy_to_device(self.u0)
        self.v.copy_to_device(self.v0)

    def steps(self, count):
        for _ in range(count):
            self.kernel[self.grid, BLOCK](self.u, self.v, self.u_next, self.v_next, *self.scalars)
            self.u, self.v, self.u_next, self.v_next = self.u_next, self.v_next, self.u, self.v


def timed(simulated, work):
    """Seconds of work(): CUDA events on a GPU, the clock under the simulator."""
    if simulated:
        start = time.perf_counter()
        work()
        return time.perf_counter() - start
    start, end = cuda.event(), cuda.event()
    start.record()
    work()
    end.record()
    end.synchronize()
    return cuda.event_elapsed_time(start, end) / 1e3


def main():
    args = arguments(__doc__.splitlines()[0])
    simulated = os.environ.get("NUMBA_ENABLE_CUDASIM") == "1"
    if cuda is None:
        unavailable("gs_numba", f"Numba does not import ({NUMBA_MISSING})")
    if not cuda.is_available():
        unavailable("gs_numba", "numba.cuda finds no GPU (NUMBA_ENABLE_CUDASIM=1 simulates one)")
    device = "Numba CUDA simulator (CPU)"
    if not simulated:  # the simulator has no device to name
        name = cuda.get_current_device().name
        device = name.decode() if isinstance(name, bytes) else str(name)
    u0, v0, params = load_initial_state(args.init)
    stepper = Stepper(u0, v0, params)

    if args.check_steps:
        stepper.steps(args.check_steps)
        save_state(args.check_output, stepper.u.copy_to_host(), stepper.v.copy_to_host(),
                   args.check_steps)

    stepper.steps(args.steps_per_frame)  # warm-up: the kernel compiled and loaded
    seconds = []
    for _ in range(args.repeats):
        stepper.reset()
        seconds.append(timed(simulated, lambda: stepper.steps(args.frames * args.steps_per_frame)))
    report("numba-cuda", "numba-simulator" if simulated else "numba-cuda", device, args, u0.shape,
           seconds)


if __name__ == "__main__":
    main()
