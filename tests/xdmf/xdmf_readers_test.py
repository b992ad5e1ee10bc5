"""The XDMF descriptions (NAME.xmf) of grayscott-batch's and the app's HDF5 files, opened by the
readers ParaView itself uses (VTK's XDMF readers, from Debian's python3-paraview), each checked
against the HDF5 data read by h5py: the grid's dimensions, spacing and origin, each array's range,
the frames' times (step * dt), the atlas's grids named by (F, k).

Usage: xdmf_readers_test.py BATCH [APP|none [MPIEXEC|none]]. Run by python3, it runs itself again under
pvpython (the readers live in ParaView's VTK); without pvpython it skips (exit 77), saying so.
"""

import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


def under_pvpython():
    try:
        from vtkmodules.vtkIOXdmf2 import vtkXdmfReader  # noqa: F401
        return True
    except ImportError:
        return False


if not under_pvpython():
    pvpython = shutil.which("pvpython")
    if pvpython is None:
        print("SKIP: pvpython not found: install Debian's python3-paraview "
              "(scripts/bootstrap.sh --tests) to open the XDMF files with ParaView's readers")
        sys.exit(SKIP)
    sys.exit(subprocess.call([pvpython, os.path.abspath(__file__)] + sys.argv[1:]))

import h5py  # noqa: E402
import numpy  # noqa: E402
from vtkmodules.numpy_interface import dataset_adapter  # noqa: E402
from vtkmodules.vtkCommonExecutionModel import vtkStreamingDemandDrivenPipeline  # noqa: E402
from vtkmodules.vtkIOXdmf2 import vtkXdmfReader  # noqa: E402
from vtkmodules.vtkIOXdmf3 import vtkXdmf3Reader  # noqa: E402

BATCH = sys.argv[1]
# "none" where there is no app or no MPI (pvpython takes no empty argument).
APP = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "none" else None
MPIEXEC = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "none" else None
failures = []
# The readers stay alive: the Xdmf3 reader's arrays are memory it frees when it goes.
readers = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(args, extra_env=None):
    # pvpython starts as an MPI job of its own (Open MPI's singleton): the programs run outside it.
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("OMPI_", "PMIX_"))}
    env.update(extra_env or {})
    result = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({result.returncode}): {result.stderr}{result.stdout}")


def open_xdmf(path, reader_class=vtkXdmfReader, time=None):
    reader = reader_class()
    readers.append(reader)
    reader.SetFileName(os.path.abspath(path))  # as ParaView passes it
    reader.UpdateInformation()
    info = reader.GetOutputInformation(0)
    key = vtkStreamingDemandDrivenPipeline.TIME_STEPS()
    times = list(info.Get(key)) if info.Has(key) else []
    if time is None:
        reader.Update()
    else:
        reader.UpdateTimeStep(time)
    return reader.GetOutputDataObject(0), times


def check_grid(grid, label, width, height, corner=(0.0, 0.0)):
    """A uniform grid in the box from `corner` (x, y) to (x + width - 1, y + height - 1), its row 0
    (the app's top row) at the box's top: y falls by 1 a row, as ParaView's y grows upward."""
    check(grid is not None and grid.IsA("vtkImageData"), f"{label}: a uniform grid")
    check(grid.GetDimensions() == (width, height, 1),
          f"{label}: dimensions {grid.GetDimensions()} == {(width, height, 1)}")
    check(grid.GetSpacing() == (1.0, -1.0, 1.0), f"{label}: spacing {grid.GetSpacing()}")
    origin = (corner[0], corner[1] + height - 1, 0.0)
    check(grid.GetOrigin() == origin, f"{label}: origin {grid.GetOrigin()} == {origin}")
    bounds = grid.GetBounds()
    check(grid.GetPoint(0)[1] == bounds[3], f"{label}: row 0 at the top (y {bounds[3]})")


def check_array(grid, label, name, expected):
    """The array's values, in the grid's point order, against the HDF5 rows [height, width]."""
    values = dataset_adapter.WrapDataObject(grid).PointData[name]
    check(not isinstance(values, dataset_adapter.VTKNoneArray), f"{label}: has array '{name}'")
    if isinstance(values, dataset_adapter.VTKNoneArray):
        return
    values = numpy.asarray(values).reshape(expected.shape)
    check(numpy.array_equal(values, expected), f"{label}: '{name}' equals the HDF5 data "
          f"(range {values.min()}..{values.max()} vs {expected.min()}..{expected.max()})")
    check(values.min() < values.max(), f"{label}: '{name}' is not constant")


def check_state(path, label, with_style=False, with_map_rates=False):
    print("checking", label)
    with h5py.File(path, "r") as f:
        u, v = f["u"][()], f["v"][()]
        style = f["style"][()] if "style" in f else None
        rates = (f["F"][()], f["k"][()]) if "F" in f else None
        time = float(f.attrs["step"]) * float(f.attrs["dt"])
    height, width = u.shape
    check((style is not None) == with_style, f"{label}: the HDF5 file has a style map: {with_style}")
    xmf = os.path.splitext(path)[0] + ".xmf"
    # The state is the one kind that ParaView's Xdmf3 readers read as well.
    for reader_class in (vtkXdmfReader, vtkXdmf3Reader):
        name = f"{label} ({reader_class.__name__})"
        grid, times = open_xdmf(xmf, reader_class)
        check_grid(grid, name, width, height)
        check_array(grid, name, "u", u)
        check_array(grid, name, "v", v)
        if with_style:
            check_array(grid, name, "style", style)
        check((rates is not None) == with_map_rates, f"{name}: each cell's F and k saved")
        if with_map_rates and rates is not None:
            check_array(grid, name, "F", rates[0])
            check_array(grid, name, "k", rates[1])
    _, times = open_xdmf(xmf)
    check(times == [time], f"{label}: time {times} == [step * dt] = [{time}]")


def main():
    folder = tempfile.mkdtemp(prefix="gs-xdmf-")
    try:
        os.chdir(folder)
        common = [BATCH, "--backend", "cpu", "--width", "40", "--height", "24"]

        # A state, written one step after the starting pattern.
        run(common + ["--steps", "200", "--dt", "0.5", "--output", "state.h5"])
        check_state("state.h5", "state")

        # A state with a style map: a styled input keeps it, and the description names it.
        with h5py.File("styled_in.h5", "w") as f:
            f["u"] = numpy.ones((24, 40), numpy.float32)
            v = numpy.zeros((24, 40), numpy.float32)
            v[8:16, 15:25] = 0.25
            f["v"] = v
            f["style"] = numpy.tile(numpy.linspace(0, 255, 40).astype(numpy.uint8), (24, 1))
            for name, value in (("style_F", 0.03), ("style_k", 0.06), ("style_Du", 0.1),
                                ("style_Dv", 0.05)):
                f.attrs[name] = value
        run([BATCH, "--backend", "cpu", "--input", "styled_in.h5", "--steps", "50",
             "--output", "styled.h5"])
        check_state("styled.h5", "styled state", with_style=True)

        # A frames file: a time series, frame f at (start + (f + 1) * steps_per_frame) * dt,
        # from a start at step 200 (--input state.h5).
        run([BATCH, "--backend", "cpu", "--input", "state.h5", "--frames", "4",
             "--steps-per-frame", "30", "--dt", "0.5", "--frames-output", "frames.h5"])
        with h5py.File("frames.h5", "r") as f:
            frames = f["frames"][()]
        print("checking the frames")
        expected_times = [(200 + (i + 1) * 30) * 0.5 for i in range(4)]
        _, times = open_xdmf("frames.xmf")
        check(times == expected_times, f"frames: times {times} == {expected_times}")
        for i, t in enumerate(expected_times):
            grid, _ = open_xdmf("frames.xmf", time=t)
            check_grid(grid, f"frame {i}", 40, 24)
            check_array(grid, f"frame {i} at time {t}", "v", frames[i])

        # A sweep's atlas: one grid per (F, k), named by them, laid out as the contact sheet.
        run(common + ["--steps", "40", "--sweep-F", "0.02:0.04:2", "--sweep-k", "0.05:0.06:3",
                      "--output", "atlas.h5"])
        with h5py.File("atlas.h5", "r") as f:
            atlas_v, F, k = f["v"][()], f["F"][()], f["k"][()]
        print("checking the atlas")
        blocks, _ = open_xdmf("atlas.xmf")
        check(blocks.IsA("vtkMultiBlockDataSet"), "atlas: a collection of grids")
        check(blocks.GetNumberOfBlocks() == len(F) * len(k),
              f"atlas: {blocks.GetNumberOfBlocks()} grids == {len(F) * len(k)}")
        gap = max(1, min(40, 24) // 8)
        for i in range(len(F)):
            for j in range(len(k)):
                b = i * len(k) + j
                name = blocks.GetMetaData(b).Get(blocks.NAME())
                check(name == f"F={F[i]!r} k={k[j]!r}", f"atlas grid {b}: name '{name}'")
                grid = blocks.GetBlock(b)
                check_grid(grid, name, 40, 24, (j * (40.0 + gap), i * (24.0 + gap)))
                check_array(grid, name, "v", atlas_v[i, j])

        # The app's `save`: the same description.
        if APP:
            with open("app.txt", "w") as script:
                script.write(f"step 30\nsave {folder}/app.h5\nquit\n")
            # Mesa leaks where LeakSanitizer cannot suppress it (as the app's own tests say).
            run([APP, "--headless", "--backend", "cpu", "--width", "40", "--height", "24",
                 "--script", "app.txt"], extra_env={"ASAN_OPTIONS": "detect_leaks=0"})
            check_state("app.h5", "the app's state")
            # In parameter-map mode: each cell's F and k as fields beside u and v.
            with open("map.txt", "w") as script:
                script.write(f"set mode map\nreset\nstep 30\nsave {folder}/map.h5\nquit\n")
            run([APP, "--headless", "--backend", "cpu", "--width", "40", "--height", "24",
                 "--script", "map.txt"], extra_env={"ASAN_OPTIONS": "detect_leaks=0"})
            check_state("map.h5", "the app's state in map mode", with_map_rates=True)

        # Over MPI ranks: rank 0 writes the description after the collective close, the same
        # description as one process writes.
        if MPIEXEC:
            # Open MPI keeps what it allocates: a sanitized build's leak check would fail it.
            env = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
                   "ASAN_OPTIONS": "detect_leaks=0"}
            os.mkdir("ranks")
            run([MPIEXEC, "--oversubscribe", "-np", "2"] + common +
                ["--frames", "4", "--steps-per-frame", "30", "--output", "ranks/state.h5",
                 "--frames-output", "ranks/frames.h5"], extra_env=env)
            run(common + ["--frames", "4", "--steps-per-frame", "30", "--output", "one.h5",
                          "--frames-output", "frames_one.h5"])
            check_state("ranks/state.h5", "state over ranks")
            with open("ranks/frames.xmf") as ranks, open("frames_one.xmf") as one:
                check(ranks.read() == one.read().replace("frames_one.h5", "frames.h5"),
                      "frames over ranks: the description one process writes")
            with h5py.File("ranks/frames.h5", "r") as f:
                frames = f["frames"][()]
            grid, times = open_xdmf("ranks/frames.xmf", time=120.0)
            check(times == [30.0, 60.0, 90.0, 120.0], f"frames over ranks: times {times}")
            check_array(grid, "frames over ranks, frame 3", "v", frames[3])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("every XDMF description opened as its HDF5 file holds")


main()
