"""ParaView shows a state the way the app shows it: a mark painted near the top-left corner in the
app is near the top-left corner of ParaView's render of the state's XDMF description, through
both of its XDMF readers. HDF5 row 0 is the top of the app's picture while ParaView's y grows
upward; before the descriptions said so, ParaView showed every field upside down.

Usage: xdmf_orientation_test.py APP. Run by python3, it runs itself again under pvpython on an
X server of its own (xvfb-run); without pvpython or xvfb-run it skips (exit 77), saying so.
"""

import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

if os.environ.get("GS_ORIENTATION_RENDERING") != "1":
    pvpython, xvfb_run = shutil.which("pvpython"), shutil.which("xvfb-run")
    if pvpython is None or xvfb_run is None:
        print("SKIP: needs pvpython (Debian's python3-paraview) and xvfb-run to render")
        sys.exit(SKIP)
    # A display number of its own, from this process's id and apart from the app tests' (100 on),
    # so that servers started at once or just ended do not collide (xvfb-run -a starts at 99).
    display = str(30000 + os.getpid() % 2000 * 3)
    sys.exit(subprocess.call(
        # -noreset: Xvfb otherwise resets when its last client leaves, under a render to come.
        [xvfb_run, "-a", "-n", display, "-s", "-screen 0 640x480x24 -noreset", pvpython,
         os.path.abspath(__file__)] + sys.argv[1:],
        env=dict(os.environ, GS_ORIENTATION_RENDERING="1")))

try:
    from paraview import simple
    from vtkmodules.util import numpy_support
    from vtkmodules.vtkIOImage import vtkPNGReader
except ImportError:
    print("SKIP: needs pvpython (Debian's python3-paraview) to render the descriptions")
    sys.exit(SKIP)
import numpy  # noqa: E402

APP = sys.argv[1]
WIDTH, HEIGHT = 48, 32
MARK = (8, 6)  # the painted disc's centre, in cells from the top-left corner


def picture(path):
    """A PNG as rows of RGB, the first row the picture's top."""
    reader = vtkPNGReader()
    reader.SetFileName(path)
    reader.Update()
    image = reader.GetOutput()
    width, height, _ = image.GetDimensions()
    pixels = numpy_support.vtk_to_numpy(image.GetPointData().GetScalars())
    rgb = pixels.reshape(height, width, -1)[:, :, :3].astype(float)
    return rgb[::-1]  # VTK's first row is the bottom one


def mark_position(rgb, field):
    """Where the brightest pixels of the field's box sit in it, as fractions of its sides from
    its top-left corner; `field` picks the box's pixels."""
    rows, columns = numpy.nonzero(field)
    top, bottom, left, right = rows.min(), rows.max(), columns.min(), columns.max()
    box = rgb[top:bottom + 1, left:right + 1].sum(axis=2)
    y, x = numpy.nonzero(box >= box.max() * 0.9)
    return x.mean() / box.shape[1], y.mean() / box.shape[0]


def main():
    folder = tempfile.mkdtemp(prefix="gs-orientation-")
    failures = []
    try:
        os.chdir(folder)
        # No reaction and no diffusion: the painted disc stays where it was painted.
        with open("mark.gs", "w") as script:
            script.write(f"backend cpu\nsize {WIDTH} {HEIGHT}\npause\nset F 0\nset k 0\n"
                         f"set Du 0\nset Dv 0\nerase 24 16 100\npaint {MARK[0]} {MARK[1]} 4 0.5\n"
                         "set colormap grayscale\nscreenshot app.png\nsave state.h5\nquit\n")
        # Headless, as the app's own tests run it: no X display for it to take.
        env = {key: value for key, value in os.environ.items()
               if key not in ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY")}
        env["ASAN_OPTIONS"] = "detect_leaks=0"
        subprocess.run([APP, "--headless", "--script", "mark.gs"], check=True, env=env,
                       timeout=120)
        app = picture("app.png")
        expected = mark_position(app, numpy.ones(app.shape[:2], bool))
        print("the app's mark at", expected)
        for reader in ("XDMFReader", "Xdmf3ReaderS"):
            source = (simple.XDMFReader(FileNames=[os.path.abspath("state.xmf")])
                      if reader == "XDMFReader"
                      else simple.Xdmf3ReaderS(FileName=[os.path.abspath("state.xmf")]))
            view = simple.CreateRenderView()
            view.ViewSize = [480, 360]
            view.OrientationAxesVisibility = 0
            view.Background = [0.0, 0.0, 1.0]  # blue: no grey of the field's
            shown = simple.Show(source, view)
            simple.ColorBy(shown, ("POINTS", "v"))
            colours = simple.GetColorTransferFunction("v")
            colours.ApplyPreset("Grayscale", True)
            colours.RescaleTransferFunction(0.0, 0.5)
            # ParaView's default: looking down -z with +y up, the whole grid in view.
            view.CameraPosition = [0, 0, 1]
            view.CameraFocalPoint = [0, 0, 0]
            view.CameraViewUp = [0, 1, 0]
            view.CameraParallelProjection = 1
            view.ResetCamera()
            simple.SaveScreenshot(f"{reader}.png", view, ImageResolution=[480, 360])
            rendered = picture(f"{reader}.png")
            grey = (numpy.abs(rendered[:, :, 0] - rendered[:, :, 2]) < 8)
            got = mark_position(rendered, grey)
            print(reader, "renders the mark at", got)
            if abs(got[0] - expected[0]) > 0.1 or abs(got[1] - expected[1]) > 0.1:
                failures.append(f"{reader}: the mark at {got}, where the app has it at {expected}")
            simple.Delete(shown)
            simple.Delete(view)
            simple.Delete(source)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for failure in failures:
        print("FAIL:", failure)
    if not failures:
        print("ParaView shows the state as the app does")
    # Out at once: ParaView's own teardown after a render under Xvfb aborts now and then (SIGABRT
    # once the checks are done, about one run in four here), which is no verdict on the files.
    sys.stdout.flush()
    os._exit(1 if failures else 0)


main()
