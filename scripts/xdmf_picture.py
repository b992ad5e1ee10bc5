"""Makes docs/images/paraview-frames.png: a frames file written by grayscott-batch, opened through
its XDMF description with ParaView's own reader ("XDMF Reader") and rendered offscreen by
ParaView's Python, three frames of the time series side by side with their simulated times.

Run from the repository root, with a built grayscott-batch (Debian's python3-paraview gives
pvpython; xvfb-run gives it a display):
    xvfb-run -a pvpython scripts/xdmf_picture.py build/bin/grayscott-batch docs/images/paraview-frames.png
"""

import os
import subprocess
import sys
import tempfile

from paraview import simple

batch, picture = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
folder = tempfile.mkdtemp(prefix="gs-xdmf-picture-")
# pvpython starts as an MPI job of its own: grayscott-batch runs outside it.
env = {k: v for k, v in os.environ.items() if not k.startswith(("OMPI_", "PMIX_"))}
subprocess.run([batch, "--backend", "cpu", "--preset", "pearson-gamma", "--width", "256",
                "--height", "256", "--frames", "12", "--steps-per-frame", "1000",
                "--frames-output", os.path.join(folder, "frames.h5")], check=True, env=env,
               stdout=subprocess.DEVNULL)

reader = simple.XDMFReader(registrationName="frames.xmf",
                           FileNames=[os.path.join(folder, "frames.xmf")])
reader.UpdatePipelineInformation()
times = list(reader.TimestepValues)
layout = simple.CreateLayout("frames")
layout.SplitHorizontal(0, 1.0 / 3.0)  # cells 1 | 2, then 2 into 5 | 6
layout.SplitHorizontal(2, 0.5)
cells = [1, 5, 6]
shown = [times[1], times[5], times[-1]]
views = []
for i, t in enumerate(shown):
    view = simple.CreateView("RenderView")
    view.ViewSize = [400, 400]
    view.OrientationAxesVisibility = 0
    view.Background = [1, 1, 1]
    try:  # ParaView 5.10+: the background comes from the palette unless told otherwise
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    view.ViewTime = t
    display = simple.Show(reader, view)
    simple.ColorBy(display, ("POINTS", "v"))
    lut = simple.GetColorTransferFunction("v")
    lut.ApplyPreset("Viridis (matplotlib)", True)
    lut.RescaleTransferFunction(0.0, 0.45)
    label = simple.Text(Text=f"v at t = {t:g}")
    label_display = simple.Show(label, view)
    label_display.Color = [0, 0, 0]
    label_display.FontSize = 12
    label_display.WindowLocation = "Upper Center"
    view.CameraPosition = [127.5, 115, 700]
    view.CameraFocalPoint = [127.5, 115, 0]  # room above the field for the label
    view.CameraViewUp = [0, -1, 0]  # row 0 at the top, as the app shows it
    view.CameraParallelProjection = 1
    view.CameraParallelScale = 145
    simple.AssignViewToLayout(view=view, layout=layout, hint=cells[i])
    views.append(view)
simple.SaveScreenshot(picture, layout, ImageResolution=[960, 320])
print("wrote", picture)
