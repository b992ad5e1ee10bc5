# The PCIe toll as slides, made headless (docs/lecture.md shows how to run it). A small 16:9 grid
# so it takes seconds on a laptop; a lecture hall would use 1920x1080.
set presentation on
# Field screenshots become slides: the field, its parameter line, colour bar, caption, Timings.
set export-overlays on
size 480 270
preset pearson-epsilon
reset grown-spots 3
steps-per-frame auto
run
if gpu
transfer interop
else
transfer upload
end
caption One simulation, and each frame on its way to the screen: watch the Timings
wait-timings
run-frames 30
screenshot slide-1.png
if gpu
transfer host
wait-timings
run-frames 30
caption host: down to pinned host memory and back up to OpenGL, two crossings a frame
screenshot slide-2.png
end
caption Keep the data where it is computed: every trip over PCIe is paid in every frame
run-frames 10
screenshot slide-3.png
quit
