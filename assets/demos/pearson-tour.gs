# Pearson's classes: a tour of the patterns
# Pearson's classes of Gray-Scott patterns (Science, 1993), one after another on his 256x256 grid,
# each from the same random spots at the same pace (200 steps a frame), with what to look for.
# Zeta is left out: at its preset's (F, k) every start here dies out within seconds.
# The tour needs no GPU: on the CPU twin each class runs fewer steps (about 10,000 to 45,000 on
# two busy cores, against some 78,000 at 60 frames/s), and every pattern named still shows.
set presentation on
size 256 256
set init spots
# Each class from these same spots, not from its preset's own start.
set reseed-on-preset off
steps-per-frame 200
preset pearson-alpha
reset
run
if gpu
caption Pearson's classes: each (F, k) grows its own kind of pattern from the same random spots
end
if gl
caption Pearson's classes, on this GPU's OpenGL compute: each (F, k) grows its own kind of pattern
end
if no-gpu
caption No GPU needed here: the CPU twin grows each (F, k)'s own kind of pattern from the same spots
end
wait 5
caption alpha (F 0.010, k 0.047): waves break into short-lived spiral fragments; nothing settles
wait 6.5
preset pearson-beta
reset
caption beta (F 0.014, k 0.039): chaotic waves; holes open in the sea of v and fill in again
wait 6.5
preset pearson-gamma
reset
caption gamma (F 0.022, k 0.051): stripes that wander and branch and never come to rest
wait 6.5
preset pearson-delta
reset
caption delta (F 0.030, k 0.055): a hexagonal lattice of holes, dark spots in a bright field
wait 6.5
preset pearson-epsilon
reset
caption epsilon (F 0.018, k 0.055): spots and rings split, collide and die, over and over
wait 6.5
preset pearson-eta
reset
caption eta (F 0.034, k 0.063): spots and short worms that slowly settle into a lattice
wait 6.5
preset pearson-theta
reset
caption theta (F 0.030, k 0.057): spots grow into rings, rings into a maze of branching stripes
wait 6.5
preset pearson-iota
reset
caption iota (F 0.046, k 0.0594): negatons, dark spots in a bright field that push each other apart
wait 6.5
preset pearson-kappa
reset
caption kappa (F 0.050, k 0.063): stripes meander and branch into a hedgerow maze
wait 6.5
preset pearson-lambda
reset
caption lambda (F 0.026, k 0.061): spots divide like cells until they tile the plane
wait 6.5
preset pearson-mu
reset
caption mu (F 0.046, k 0.065): worms grow from their ends and line up as parallel stripes
wait 6.5
caption Small changes of F and k, very different worlds: the parameter map demo shows them all at once
