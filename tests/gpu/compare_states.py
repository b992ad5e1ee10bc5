#!/usr/bin/env python3
"""Compares the u and v fields of two state files (HDF5, as grayscott-batch and the app write
them, or as the peers in benchmarks/peers/ write them) and says how they differ.

    compare_states.py A.h5 B.h5 --exact [--expect-step N]
    compare_states.py A.h5 B.h5 --tolerance 1e-4

--exact: the same float32 bits in every cell (NaN payloads and signed zeros included).
--tolerance T: the largest |a - b| over both fields is at most T (for programs that round
differently, e.g. another summation order).
Either way the comparison fails when A's v field is uniform: two blank fields would otherwise
pass. Exit 0 when equal, 1 with a line saying where they differ most.
"""
import argparse
import sys

import h5py
import numpy as np


def load(path):
    with h5py.File(path, "r") as f:
        fields = {name: np.asarray(f[name], dtype=np.float32) for name in ("u", "v")}
        step = int(f.attrs["step"]) if "step" in f.attrs else None
    return fields, step


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--exact", action="store_true")
    mode.add_argument("--tolerance", type=float)
    parser.add_argument("--expect-step", type=int, help="both files' step attribute must be this")
    args = parser.parse_args()

    a, step_a = load(args.a)
    b, step_b = load(args.b)
    problems = []
    if args.expect_step is not None and (step_a, step_b) != (args.expect_step, args.expect_step):
        problems.append(f"steps {step_a} and {step_b}, expected {args.expect_step}")
    v = a["v"]
    if v.size == 0 or float(np.nanmax(v)) == float(np.nanmin(v)):
        problems.append(f"{args.a}: v is uniform, the comparison would prove nothing")
    worst = 0.0
    for name in ("u", "v"):
        x, y = a[name], b[name]
        if x.shape != y.shape:
            problems.append(f"{name}: shapes {x.shape} and {y.shape}")
            continue
        diff = np.abs(x.astype(np.float64) - y.astype(np.float64))
        diff[np.isnan(diff)] = np.inf
        where = np.unravel_index(int(np.argmax(diff)), diff.shape)
        worst = max(worst, float(diff[where]))
        if args.exact:
            unequal = int(np.count_nonzero(x.view(np.uint32) != y.view(np.uint32)))
            if unequal:
                problems.append(f"{name}: {unequal} cells differ in their bits, most at {where} "
                                f"({x[where]!r} against {y[where]!r})")
        elif not float(diff[where]) <= args.tolerance:
            problems.append(f"{name}: |difference| up to {diff[where]:.3g} at {where}, "
                            f"over the tolerance {args.tolerance:g}")
    shape = "x".join(str(n) for n in reversed(v.shape))
    if problems:
        print(f"DIFFER {shape}: " + "; ".join(problems))
        sys.exit(1)
    what = "bit-identical" if args.exact else f"max |difference| {worst:.3g} <= {args.tolerance:g}"
    print(f"EQUAL {shape}: {what} (v from {float(v.min()):.4f} to {float(v.max()):.4f})")


if __name__ == "__main__":
    main()
