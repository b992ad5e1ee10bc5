# Coalescing: memory access order and block shape
# The coalesced step kernel (a warp's threads read neighbouring cells of one row) against the
# strided one (they walk down a column), then block shapes, at a fixed count of steps per frame
# so the kernel ms of the Timings compare; each caption about a new figure waits until the Timings
# describe the new launch (wait-timings). The lesson needs CUDA: on a GPU without it (the gl
# backend) the demo says what CUDA shows and how the shader reads. Without a GPU the demo says so,
# tells what a GPU shows, and gives the CPU twin's own memory lesson (its two loops) instead,
# without saying which wins: on two busy cores at 1920x1080 frames ran one or two steps, and the
# reference loop's kernel ms was the lower; the fast path gains where frames run many steps.
set presentation on
size 1920 1080
preset pearson-epsilon
reset grown-spots
steps-per-frame 16
if gpu
backend cuda
transfer interop
set kernel coalesced
set block 32x8
end
if gl
backend gl
transfer none
end
if no-gpu
backend cpu
end
run
caption Coalescing: the same kernel, two orders of reading memory. Watch kernel ms in the Timings
wait 7
if gpu
caption Coalesced, block 32x8: the 32 threads of a warp read 32 neighbouring floats of a row at once
wait 9
set kernel strided
wait-timings
caption Strided: the warp's threads walk down a column. 32 rows, 32 memory transactions per read
wait 9
caption Kernel ms climbs: the same arithmetic and the same result, many more memory transactions
wait 8
set kernel coalesced
wait-timings
caption Coalesced again. Now the block's shape: its width is what a warp reads along a row
wait 7
set block 16x16
wait-timings
caption Block 16x16: a warp spans two rows of 16 cells, two 64-byte pieces per read. Does kernel ms move?
wait 9
set block 8x32
wait-timings
caption Block 8x32: a warp spans four rows of 8 cells, four 32-byte pieces per read. Watch kernel ms
wait 9
set block 32x8
wait-timings
caption Back to 32x8, one 128-byte row piece per warp: the fastest thread index on the contiguous axis
wait 8
end
if gl
caption This lesson is CUDA's warps and blocks; this GPU runs OpenGL compute, with work groups of 32x8
wait 9
caption With CUDA, coalesced: the 32 threads of a warp read 32 neighbouring floats of a row at once
wait 9
caption With CUDA, strided: a warp walks down a column, 32 transactions per read, and kernel ms climbs
wait 9
caption The shader here is coalesced: x, the fastest invocation index, runs along the contiguous row
wait 9
caption A work group is 32x8 cells: like CUDA's block 32x8, one 128-byte row piece per read
wait 8
end
if no-gpu
caption This lesson needs a GPU, and there is none here: the CPU twin has no warps or blocks to change
wait 9
caption On a GPU, coalesced: the 32 threads of a warp read 32 neighbouring floats of a row at once
wait 9
caption On a GPU, strided: a warp walks down a column, 32 transactions per read, and kernel ms climbs
wait 9
caption On a GPU, the block's width is what a warp reads along a row: 32x8 reads one 128-byte piece
wait 9
set cpu-path reference
wait-timings
caption The twin's memory lesson: its reference loop reads and writes the whole grid once per step
wait 9
set cpu-path fast
wait-timings
caption The fast path reuses cached rows over several steps: it gains only when frames run many steps
wait 9
end
caption Coalescing: threads side by side should read memory side by side
