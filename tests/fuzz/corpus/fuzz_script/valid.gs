# every command, once
preset mitosis
set F 0.0367
set k 0.0649
set laplacian nine-point
set boundary neumann
set block 32x8
set seed 18446744073709551615
set colormap magma_r
set range-auto off
size 256 128
backend auto
transfer upload
steps-per-frame auto
steps-per-frame 16
run
run-frames 10
wait 0.5
pause
step
step 5
reset spots 7
paint 10 10 4 0.5
erase 12 12 2
paint 10 10 4 0.5 from 30 2.5
erase 12 12 2 from 1 1
pick 30.5 40
screenshot
screenshot shot.png
window-screenshot win.png
capture-folder captures
record start video.mp4 8 30
record stop
save state.h5
load state.h5
caption Gray-Scott: F = 0.0367
quit
