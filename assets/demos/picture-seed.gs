# A picture as the starting pattern
# The project's name in block letters (assets/pictures/gray-scott.png, drawn by
# scripts/draw-name-picture.py) seeds the grid: v where the picture is dark, u = 1 - 2v, resampled
# onto the grid. Three (F, k) grow three kinds of pattern out of the same letters. The picture is
# found in the app's data folder wherever it is installed (a relative path that names no file
# from the working folder is looked for there). Without a GPU the grid is a quarter of the cells
# (a GPU without CUDA runs the gl backend on the full grid).
set presentation on
if no-gpu
size 384 240
else
size 768 480
end
set reseed-on-preset off
preset mitosis
seed-image assets/pictures/gray-scott.png
pause
if gpu
caption A picture as the start: the project's name, v where the picture is dark (seed-image)
end
if gl
caption A picture as the start: the project's name, v where it is dark, grown by OpenGL compute
end
if no-gpu
caption A picture as the start, v where it is dark; a small grid, so the CPU twin grows it in time
end
wait 5
steps-per-frame 40
run
caption Mitosis (F 0.0367, k 0.0649): the letters' strokes break into spots that divide
wait 12
preset fingerprints
seed-image assets/pictures/gray-scott.png threshold=0.5
caption Fingerprints (F 0.037, k 0.060), the same letters thresholded: stripes follow their edges
wait 12
preset coral
seed-image assets/pictures/gray-scott.png noise=0.02 seed=7
caption Coral (F 0.060, k 0.062), a little noise on top: branches grow out of every letter
wait 12
caption Your own picture: seed-image FILE, Seed from image... in the panel, or drop a PNG here
