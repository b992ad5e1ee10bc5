#!/usr/bin/env python3
"""The course's Gray-Scott as a CuPy array program, a peer for grayscott-batch's benchmark.

    gs_cupy.py --init init.h5 [--frames 100 --steps-per-frame 32 --repeats 2]
               [--check-steps 100 --check-output cupy.h5] [--numpy]

Written as an array course would: the Laplacian from eight rolled copies, the reaction as array
expressions, one new pair of arrays per step, the frame loop in Python (about 85 kernels a
step, launched from Python: the slowest style; gs_cupy_raw.py is the fastest). Timed with CUDA
events after a warm-up frame; prints one JSON line (common.py). --numpy runs the same code on
NumPy instead (the device check's dry run compares it with the CPU twin).
"""
import time

import numpy as np

from common import arguments, float32_params, load_initial_state, report, save_state, unavailable


def make_step(xp, params):
    F, k, Du, Dv, dt = float32_params(params)
    one, eight = np.float32(1), np.float32(8)

    def laplacian(a):
        # The eight neighbours minus eight times the centre; roll wraps: periodic edges.
        return (xp.roll(a, 1, 0) + xp.roll(a, -1, 0) + xp.roll(a, 1, 1) + xp.roll(a, -1, 1)
                + xp.roll(a, (1, 1), (0, 1)) + xp.roll(a, (1, -1), (0, 1))
                + xp.roll(a, (-1, 1), (0, 1)) + xp.roll(a, (-1, -1), (0, 1)) - eight * a)

    def step(u, v):
        uvv = u * v * v
        return (u + dt * (Du * laplacian(u) - uvv + F * (one - u)),
                v + dt * (Dv * laplacian(v) + uvv - (F + k) * v))

    return step


def advance(step, u, v, frames, steps_per_frame):
    for _ in range(frames):
        for _ in range(steps_per_frame):
            u, v = step(u, v)
    return u, v


def timed(xp, work):
    """Seconds of work(): CUDA events on CuPy (the GPU's time), the clock on NumPy."""
    if xp is np:
        start = time.perf_counter()
        work()
        return time.perf_counter() - start
    start, end = xp.cuda.Event(), xp.cuda.Event()
    start.record()
    work()
    end.record()
    end.synchronize()
    return xp.cuda.get_elapsed_time(start, end) / 1e3


def main():
    args = arguments(__doc__.splitlines()[0], lambda p: p.add_argument(
        "--numpy", action="store_true", help="run on NumPy, not CuPy"))
    if args.numpy:
        xp, device = np, "CPU (NumPy)"
    else:
        try:
            import cupy as xp
        except ImportError as error:
            unavailable("gs_cupy", f"CuPy does not import ({error}); --numpy runs the same code on NumPy")
        device = xp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    u0, v0, params = load_initial_state(args.init)
    step = make_step(xp, params)
    u0, v0 = xp.asarray(u0), xp.asarray(v0)
    host = (lambda a: a) if xp is np else xp.asnumpy

    if args.check_steps:
        u, v = advance(step, u0, v0, 1, args.check_steps)
        save_state(args.check_output, host(u), host(v), args.check_steps)

    advance(step, u0, v0, 1, args.steps_per_frame)  # warm-up: kernels compiled and cached
    seconds = [timed(xp, lambda: advance(step, u0, v0, args.frames, args.steps_per_frame))
               for _ in range(args.repeats)]
    report("cupy-roll", "numpy" if xp is np else "cupy", device, args, u0.shape, seconds)


if __name__ == "__main__":
    main()
