#!/usr/bin/env python3
"""The course's Gray-Scott as a CuPy array program, a peer for grayscott-batch's benchmark.

    gs_cupy.py --init init.h5 [--frames 1000 --steps-per-frame 32 --repeats 3]
               [--check-steps 100 --check-output cupy.h5] [--numpy]

Written as an array course would: the Laplacian from eight rolled copies, the reaction as array
expressions, one new pair of arrays per step, the frame loop in Python. Timed with CUDA events
after a warm-up frame; prints one JSON line (seconds is the median of the runs). --numpy runs
the same code on NumPy instead (the device check's dry run compares it with the CPU twin).
"""
import sys
import time

import numpy as np

from common import arguments, load_initial_state, report, save_state


def make_step(xp, params):
    F, k, Du, Dv, dt = (xp.float32(params[name]) for name in ("F", "k", "Du", "Dv", "dt"))
    one, eight = xp.float32(1), xp.float32(8)

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


def main():
    parser = arguments(__doc__.splitlines()[0])
    parser.add_argument("--numpy", action="store_true", help="run on NumPy, not CuPy")
    args = parser.parse_args()
    if args.numpy:
        xp, device = np, "CPU (NumPy)"
    else:
        try:
            import cupy as xp
        except ImportError as error:
            sys.exit(f"gs_cupy: CuPy does not import ({error}); --numpy runs the same code on NumPy")
        device = xp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    u0, v0, params = load_initial_state(args.init)
    step = make_step(xp, params)
    u0, v0 = xp.asarray(u0), xp.asarray(v0)

    if args.check_steps:
        u, v = advance(step, u0, v0, 1, args.check_steps)
        save_state(args.check_output, xp.asnumpy(u) if xp is not np else u,
                   xp.asnumpy(v) if xp is not np else v, args.check_steps)

    advance(step, u0, v0, 1, args.steps_per_frame)  # warm-up: kernels compiled and cached
    seconds = []
    for _ in range(args.repeats):
        if xp is np:
            start = time.perf_counter()
            advance(step, u0, v0, args.frames, args.steps_per_frame)
            seconds.append(time.perf_counter() - start)
        else:
            start, end = xp.cuda.Event(), xp.cuda.Event()
            start.record()
            advance(step, u0, v0, args.frames, args.steps_per_frame)
            end.record()
            end.synchronize()
            seconds.append(xp.cuda.get_elapsed_time(start, end) / 1e3)
    report("cupy", "numpy" if xp is np else "cupy", device, args, u0.shape, seconds)


if __name__ == "__main__":
    main()
