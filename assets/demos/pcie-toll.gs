# The PCIe toll: one run on each transfer path
# The same run on the three ways a frame reaches the screen, presenting, so the Timings overlay
# shows what each costs: kernel ms and transfer ms per frame, MB over PCIe per frame, steps/s.
# Where CUDA runs, the three paths one after another, each caption after the Timings describe the
# new path (wait-timings). On a GPU without CUDA the gl backend runs: none (its shader writes the
# texture) against upload. Without a GPU the CPU twin computes in host memory and only upload
# runs: its captions say what this machine shows (8.3 MB/frame) and what a GPU would show.
set presentation on
backend auto
size 1920 1080
preset pearson-epsilon
reset grown-spots
steps-per-frame auto
transfer interop
run
caption The PCIe toll: one simulation, three ways to get each frame onto the screen
wait 6
if gpu
caption Watch the Timings: kernel and transfer ms per frame, MB over PCIe per frame, steps/s
wait 7
caption interop: the kernel writes the frame into OpenGL's own buffer on the GPU. Nothing crosses PCIe: 0 MB
wait 10
transfer host
wait-timings
caption host: the frame goes down to pinned host memory, then back up to OpenGL: two crossings, 16.6 MB
wait 10
caption Same kernel, same frame: compare transfer ms and steps/s with interop. The bus is the cost
wait 8
transfer upload
wait-timings
caption upload: from CUDA the frame comes down, then the host writes OpenGL's buffer: two crossings
wait 10
caption Without a GPU the CPU twin's field is already in host memory: only upload runs, one crossing
wait 8
transfer interop
wait-timings
end
if gl
caption A GPU without CUDA: its OpenGL compute shader computes each frame. Watch the Timings
wait 7
caption none: the shader writes the frame into the very texture OpenGL draws. Nothing crosses PCIe: 0 MB
wait 10
transfer upload
wait-timings
caption upload: the frame comes down to host memory, then back up to OpenGL: two crossings, 16.6 MB/frame
wait 10
caption Same shader, same frame: compare transfer ms and steps/s with none. The bus is the cost
wait 8
caption With CUDA on an NVIDIA card, interop and host show the same lesson between CUDA and OpenGL
wait 8
transfer interop
wait-timings
end
if no-gpu
caption No GPU here: the CPU twin computes in host memory, so only upload runs. Watch the Timings
wait 7
caption upload: each frame the host hands OpenGL 1920 x 1080 floats, 8.3 MB/frame into its memory
wait 10
caption On a GPU, interop: the kernel writes OpenGL's buffer on the card, 0 MB/frame over PCIe
wait 10
caption On a GPU, host: the frame goes down to host memory and back up, 16.6 MB/frame
wait 10
caption Here the field starts in host memory: one crossing, 8.3 MB/frame, is the least a CPU can pay
wait 9
caption Transfer ms is that crossing, paid every frame: on a GPU, interop makes it nearly nothing
wait 8
end
caption Keep the data where it is computed: every trip over PCIe is paid for in every frame
