# The PCIe toll: one run on each transfer path
# The same run on the three ways a frame reaches the screen, presenting, so the Timings overlay
# shows what each costs: kernel ms and transfer ms per frame, MB over PCIe per frame, steps/s.
# On the GPU where there is one. On the CPU twin only upload runs: interop and host fall back to
# it, and the transfer list in the panel says why.
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
caption Watch the Timings: kernel and transfer ms per frame, MB over PCIe per frame, steps/s
wait 7
caption interop: the kernel writes the frame into OpenGL's own buffer on the GPU. Nothing crosses PCIe: 0 MB
wait 10
transfer host
caption host: the frame goes down to pinned host memory, then back up to OpenGL: two crossings
wait 10
caption Same kernel, same frame: compare transfer ms and steps/s with interop. The bus is the cost
wait 8
transfer upload
caption upload: the host writes OpenGL's buffer, one crossing (from CUDA two: the frame comes down first)
wait 10
caption No GPU? The CPU twin's field is in host memory: only upload runs, and the transfer list says why
wait 8
transfer interop
caption Keep the data where it is computed: every trip over PCIe is paid for in every frame
