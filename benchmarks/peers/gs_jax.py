#!/usr/bin/env python3
"""The course's Gray-Scott as a jax.jit program, a peer for grayscott-batch's benchmark.

    gs_jax.py --init init.h5 [--frames 100 --steps-per-frame 32 --repeats 2]
              [--check-steps 100 --check-output jax.h5] [--allow-cpu]

Written as a JAX course would: jnp.roll for the Laplacian, one frame's steps as a
lax.fori_loop inside jax.jit (XLA fuses the stencil and the reaction), the frame loop in
Python. Timed after a compiling warm-up with block_until_ready; prints one JSON line
(common.py). Refuses to time on a CPU unless --allow-cpu.
"""
import functools
import time

import numpy as np

from common import arguments, float32_params, load_initial_state, report, save_state, unavailable


def make_advance(jax, jnp, params):
    F, k, Du, Dv, dt = float32_params(params)

    def laplacian(a):
        # The eight neighbours minus eight times the centre; roll wraps: periodic edges.
        return (jnp.roll(a, 1, 0) + jnp.roll(a, -1, 0) + jnp.roll(a, 1, 1) + jnp.roll(a, -1, 1)
                + jnp.roll(a, (1, 1), (0, 1)) + jnp.roll(a, (1, -1), (0, 1))
                + jnp.roll(a, (-1, 1), (0, 1)) + jnp.roll(a, (-1, -1), (0, 1)) - 8 * a)

    def step(_, state):
        u, v = state
        uvv = u * v * v
        return (u + dt * (Du * laplacian(u) - uvv + F * (1 - u)),
                v + dt * (Dv * laplacian(v) + uvv - (F + k) * v))

    @functools.partial(jax.jit, static_argnums=2)
    def advance(u, v, steps):
        return jax.lax.fori_loop(0, steps, step, (u, v))

    return advance


def main():
    args = arguments(__doc__.splitlines()[0], lambda p: p.add_argument(
        "--allow-cpu", action="store_true", help="time on JAX's CPU backend too"))
    try:
        import jax
        import jax.numpy as jnp
    except ImportError as error:
        unavailable("gs_jax", f"JAX does not import ({error})")
    backend = jax.default_backend()
    if backend == "cpu" and not args.allow_cpu:
        unavailable("gs_jax", "JAX runs on the CPU here (no GPU backend); --allow-cpu to time it anyway")
    device = jax.devices()[0].device_kind
    u0, v0, params = load_initial_state(args.init)
    advance = make_advance(jax, jnp, params)
    u0, v0 = jnp.asarray(u0), jnp.asarray(v0)

    if args.check_steps:
        u, v = advance(u0, v0, args.check_steps)
        save_state(args.check_output, np.asarray(u), np.asarray(v), args.check_steps)

    u, v = advance(u0, v0, args.steps_per_frame)  # warm-up: compiles the frame
    u.block_until_ready()
    seconds = []
    for _ in range(args.repeats):
        u, v = u0, v0
        start = time.perf_counter()
        for _ in range(args.frames):
            u, v = advance(u, v, args.steps_per_frame)
        u.block_until_ready()
        v.block_until_ready()
        seconds.append(time.perf_counter() - start)
    report("jax", backend, device, args, u0.shape, seconds)


if __name__ == "__main__":
    main()
