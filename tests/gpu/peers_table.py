#!/usr/bin/env python3
"""The peers' table of the device check: our course benchmark against each peer's, and the
targets: ours >= 10x CuPy as a CuPy user writes it first (cupy.roll, array operations), >= 3x
JAX; the CuPy RawKernel (the same one-kernel stencil as ours, so no target can ask 10x of it)
and Numba-CUDA ratios are reported as figures.

    peers_table.py --ours OURS.json... --peer NAME=PEER.json... [--targets FILE]

OURS.json: grayscott-batch --json of our course benchmark (the median compute of the files
counts). PEER.json: a peer's JSON line (benchmarks/peers/common.py), or a file holding
{"unavailable": "why"} or {"failed": "why"}. Our rate is set against each peer's Mcells/s, which
does not depend on how many frames the peer timed; the table shows the frames each measured and
the seconds scaled to the course's 1000. --targets writes KEY|measured|verdict lines.
"""
import argparse
import json
import statistics

# The frameworks and their targets: (key, peers, ours / best peer at least; None: reported only).
FRAMEWORKS = (("cupy", ("cupy-roll",), 10), ("cupy-raw", ("cupy-raw",), None),
              ("jax", ("jax",), 3), ("numba", ("numba-cuda",), None))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", nargs="+", required=True)
    parser.add_argument("--peer", action="append", default=[], metavar="NAME=FILE")
    parser.add_argument("--targets")
    parser.add_argument("--no-verdicts", action="store_true",
                        help="ratios only (the dry run's CPU figures are no target's)")
    args = parser.parse_args()

    ours = [json.load(open(f)) for f in args.ours]
    compute = statistics.median(o["seconds"]["compute"] for o in ours)
    first = ours[0]
    mine = first["width"] * first["height"] * first["steps"] / compute / 1e6
    frames = first["frames"]
    print(f"  ours: {frames} frames of {first['steps'] // max(1, frames)} steps on "
          f"{first['width']}x{first['height']}, median of {len(ours)}; peers: the frames they "
          "timed (median of their runs), scaled to the course's")
    print(f"  {'program':<12}{'frames':>7}{'measured s':>12}{'course s':>10}{'Mcells/s':>10}"
          f"{'ours/it':>11}")
    print(f"  {'ours':<12}{frames:>7}{compute:>12.3f}{compute * 1000 / frames:>10.3f}{mine:>10.0f}")

    peers = {}
    for item in args.peer:
        name, path = item.split("=", 1)
        peers[name] = json.load(open(path))
        p = peers[name]
        if "mcells_per_s" not in p:
            why = p.get("unavailable") or p.get("failed") or "no result"
            print(f"  {name:<12}  {'unavailable' if 'unavailable' in p else 'FAILED'}: {why}")
            continue
        print(f"  {name:<12}{p['frames']:>7}{p['seconds']:>12.3f}{p['course_seconds']:>10.3f}"
              f"{p['mcells_per_s']:>10.0f}{mine / p['mcells_per_s']:>10.1f}x")

    lines = []
    for key, names, target in FRAMEWORKS:
        measured = [(peers[n]["mcells_per_s"], n) for n in names if "mcells_per_s" in peers.get(n, {})]
        if not measured:
            continue
        rate, best = max(measured)
        ratio = mine / rate
        verdict = "info" if target is None else ("PASS" if ratio >= target else "MISS")
        goal = "reported" if target is None else f">= {target}x: {verdict}"
        if args.no_verdicts:
            goal = "no verdict: not the GPU's figures"
        print(f"  ours against {key} ({best}, {rate:.0f} Mcells/s): {ratio:.1f}x ({goal})")
        lines.append(f"{key}|{ratio:.1f}x against {best} ({rate:.0f} Mcells/s)|{verdict}")
    if args.targets:
        with open(args.targets, "w") as f:
            f.write("".join(line + "\n" for line in lines))


if __name__ == "__main__":
    main()
