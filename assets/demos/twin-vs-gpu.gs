# The CPU twin against the GPU: one stencil, two machines
# The same run on the CPU twin, then on the CUDA backend (the state carried over), then back:
# the per-cell update is one code for both, and the kernel's thread indexing is tested on the
# CPU. Each caption about a new figure waits until the Timings describe the new backend
# (wait-timings). On a GPU without CUDA the gl backend takes the GPU's part. Without a GPU the
# twin stays, and the captions say what a GPU would show.
set presentation on
backend cpu
size 1920 1080
preset pearson-epsilon
reset grown-spots
steps-per-frame auto
transfer upload
run
caption The CPU twin: the simulation on the CPU's cores. Watch steps/s in the Timings
wait 8
caption One stencil, two machines: the twin and the CUDA kernel run the same per-cell update code
wait 9
caption Kernel threads find their cell as blockIdx * blockDim + threadIdx; the tests run that on the CPU
wait 9
caption ...over the real grid and block shape, and require the twin's result to the bit
wait 8
if gpu
backend cuda
transfer interop
wait-timings
caption Now the GPU: the same state, carried over, one thread per cell. Watch steps/s
wait 10
caption The stencil is bound by memory: the GPU's bandwidth and thousands of threads make the difference
wait 9
backend cpu
transfer upload
wait-timings
caption Back on the twin: the pattern goes on where the GPU left it, at the twin's steps/s again
wait 8
end
if gl
backend gl
transfer none
wait-timings
caption Now the GPU, through OpenGL compute shaders: the same state, carried over. Watch steps/s
wait 10
caption The same update in GLSL, each rounding the twin's: the GPU's result equals the twin's bit for bit
wait 9
backend cpu
transfer upload
wait-timings
caption Back on the twin: the pattern goes on where the GPU left it, at the twin's steps/s again
wait 8
end
if no-gpu
caption No GPU here, so the twin stays. On a GPU the same state carries over and steps/s jumps
wait 10
caption The stencil is bound by memory: a GPU's bandwidth and thousands of threads make that jump
wait 9
end
set cpu-path reference
wait-timings
caption The twin's reference loop: one sweep of the whole grid per step, the same bits. Compare steps/s
wait 8
set cpu-path fast
backend auto
caption Same update, same bits, two machines: the GPU's lead is its memory bandwidth and its threads
