"""What the peers share: their options, the starting state from a grayscott-batch state file,
the check state they write, and the one JSON line they print.

The model is the course's: u' = u + dt (Du L(u) - u v^2 + F (1 - u)),
v' = v + dt (Dv L(v) + u v^2 - (F + k) v), L = the eight neighbours minus 8 times the centre,
periodic edges, float32; F, k, Du, Dv and dt come from the state file (the course's: 0.014,
0.054, 0.1, 0.05, 1 when it was written with --preset course).
"""
import argparse
import json
import statistics
import sys

import h5py
import numpy as np

COURSE = {"F": 0.014, "k": 0.054, "Du": 0.1, "Dv": 0.05, "dt": 1.0}


def arguments(description):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--init", required=True,
                        help="state file to start from, e.g. from grayscott-batch --preset course "
                             "--width 1920 --height 1080 --steps 0 --output init.h5")
    parser.add_argument("--frames", type=int, default=1000, help="timed frames (default 1000)")
    parser.add_argument("--steps-per-frame", type=int, default=32, help="default 32")
    parser.add_argument("--repeats", type=int, default=3,
                        help="timed runs after the warm-up; the median is reported (default 3)")
    parser.add_argument("--check-steps", type=int, default=0,
                        help="before timing, run this many steps from the start and write them")
    parser.add_argument("--check-output", help="where the --check-steps state goes (HDF5 u, v)")
    return parser


def text(value):
    return value.decode() if isinstance(value, bytes) else str(value)


def load_initial_state(path):
    """u, v (float32, [height, width]) and the parameters, from a state file."""
    with h5py.File(path, "r") as f:
        u = np.asarray(f["u"], dtype=np.float32)
        v = np.asarray(f["v"], dtype=np.float32)
        params = {name: float(f.attrs.get(name, default)) for name, default in COURSE.items()}
        laplacian = text(f.attrs.get("laplacian", "course"))
        boundary = text(f.attrs.get("boundary", "periodic"))
    if laplacian != "course" or boundary != "periodic":
        sys.exit(f"{path}: laplacian {laplacian}, boundary {boundary}: the peers implement the "
                 "course's Laplacian with periodic edges only")
    return u, v, params


def save_state(path, u, v, step):
    with h5py.File(path, "w") as f:
        f["u"] = np.asarray(u, dtype=np.float32)
        f["v"] = np.asarray(v, dtype=np.float32)
        f.attrs["step"] = np.int64(step)


def report(peer, backend, device, args, shape, seconds):
    height, width = shape
    median = statistics.median(seconds)
    steps = args.frames * args.steps_per_frame
    print(json.dumps({
        "peer": peer, "backend": backend, "device": device, "width": width, "height": height,
        "frames": args.frames, "steps_per_frame": args.steps_per_frame,
        "runs_s": [round(s, 6) for s in seconds], "seconds": median,
        "mcells_per_s": width * height * steps / median / 1e6,
    }))
