# Coalescing: memory access order and block shape
# The coalesced step kernel (a warp's threads read neighbouring cells of one row) against the
# strided one (they walk down a column), then block shapes, at a fixed count of steps per frame
# so the kernel ms of the Timings compare. On the CUDA backend; without a GPU the CPU twin stands
# in, and each launch line is left out with the reason in the caption strip.
set presentation on
backend cuda
size 1920 1080
preset pearson-epsilon
reset grown-spots
steps-per-frame 16
transfer interop
set kernel coalesced
set block 32x8
run
caption Coalescing: the same kernel, two orders of reading memory. Watch kernel ms in the Timings
wait 7
caption Coalesced, block 32x8: the 32 threads of a warp read 32 neighbouring floats of a row at once
wait 9
caption Strided: the warp's threads walk down a column. 32 rows, 32 memory transactions per read
set kernel strided
wait 9
caption Kernel ms climbs: the same arithmetic and the same result, many more memory transactions
wait 8
caption Coalesced again. Now the block's shape: its width is what a warp reads along a row
set kernel coalesced
wait 7
caption Block 16x16: a warp spans two rows of 16 cells, two 64-byte pieces per read. Does kernel ms move?
set block 16x16
wait 9
caption Block 8x32: a warp spans four rows of 8 cells, four 32-byte pieces per read. Watch kernel ms
set block 8x32
wait 9
caption Back to 32x8, one 128-byte row piece per warp: the fastest thread index on the contiguous axis
set block 32x8
wait 8
caption Coalescing: threads side by side should read memory side by side
