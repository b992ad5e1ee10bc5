"""What the peers share: their options, the starting state from a grayscott-batch state file,
the check state they write, and the one JSON line they print.

The model is the course's: u' = u + dt (Du L(u) - u v^2 + F (1 - u)),
v' = v + dt (Dv L(v) + u v^2 - (F + k) v), L = the eight neighbours minus 8 times the centre,
periodic edges, float32; F, k, Du, Dv and dt come from the state file (the course's: 0.014,
0.054, 0.1, 0.05, 1 when it was written with --preset course).

Timing: the course benchmark is 1000 frames of 32 steps, but the slowest peers take minutes for
that on a GPU lent for minutes. Each peer times --frames frames (100 by default) after a
warm-up, --repeats times, and reports the median; the JSON line carries both the measured
seconds and the seconds scaled to --course-frames (1000). Every frame costs the same (the same
kernels on the same grid), so the rate, Mcells/s, is the same either way.
"""
import argparse
import json
import statistics
import sys

import h5py
import numpy as np

COURSE = {"F": 0.014, "k": 0.054, "Du": 0.1, "Dv": 0.05, "dt": 1.0}
# Exit status of a peer whose framework does not import here: the check reports it unavailable.
UNAVAILABLE = 3


def arguments(description, add_options=None):
    """The parsed options: the shared ones, and those add_options(parser) adds."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--init", required=True,
                        help="state file to start from, e.g. from grayscott-batch --preset course "
                             "--width 1920 --height 1080 --steps 0 --output init.h5")
    parser.add_argument("--frames", type=int, default=100,
                        help="timed frames (default 100; scaled to --course-frames in the report)")
    parser.add_argument("--course-frames", type=int, default=1000,
                        help="the frames the scaled figure stands for (default 1000, the course's)")
    parser.add_argument("--steps-per-frame", type=int, default=32, help="default 32")
    parser.add_argument("--repeats", type=int, default=2,
                        help="timed runs after the warm-up; the median is reported (default 2)")
    parser.add_argument("--check-steps", type=int, default=0,
                        help="before timing, run this many steps from the start and write them")
    parser.add_argument("--check-output", help="where the --check-steps state goes (HDF5 u, v)")
    if add_options:
        add_options(parser)
    args = parser.parse_args()
    for name in ("frames", "course_frames", "steps_per_frame", "repeats"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.check_steps and not args.check_output:
        parser.error("--check-steps needs --check-output")
    return args


def unavailable(peer, error):
    sys.stderr.write(f"{peer}: unavailable here: {error}\n")
    sys.exit(UNAVAILABLE)


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


def float32_params(params):
    """F, k, Du, Dv, dt as float32, so that no peer computes in double by accident."""
    return tuple(np.float32(params[name]) for name in ("F", "k", "Du", "Dv", "dt"))


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
        "course_frames": args.course_frames,
        "course_seconds": median * args.course_frames / args.frames,
        "mcells_per_s": width * height * steps / median / 1e6,
    }))
