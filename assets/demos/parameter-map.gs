# The parameter map: every (F, k) in one picture
# Map mode gives each cell its own rates: k grows along x, F up along y, over Pearson's ranges,
# so one run shows where each kind of pattern lives. Then a pick takes one cell's (F, k) back to
# the whole domain, restarted from a few sparse spots at a slow, fixed pace so the audience sees
# them divide. Any GPU (CUDA, or OpenGL compute without it) runs 960x540; without a GPU the map is
# a quarter of the cells (480x270), so the CPU twin grows it
# in the time the captions give. 16:9, as projectors are: the field keeps over half of a 1280x720
# screen beside the axes, the bar and the caption. The lesson is the picture, not the times: the
# Timings overlay gives its room to the map (the demo gives it back when it ends).
set presentation on
set timings-overlay off
preset pearson-epsilon
if no-gpu
size 480 270
else
size 960 540
end
set init grown-spots
set map-F-low 0
set map-F-high 0.08
set map-k-low 0.03
set map-k-high 0.07
set mode map
reset
steps-per-frame auto
run
if gpu
caption The parameter map: every cell has its own feed F and kill k, so one run shows them all
end
if gl
caption The parameter map: each cell has its own feed F and kill k, on this GPU's OpenGL compute
end
if no-gpu
caption The parameter map: each cell has its own F and k. No GPU here, so the twin runs a smaller map
end
wait 8
caption k grows to the right (0.03 to 0.07), F grows upward (0 to 0.08): read them off the axes
wait 9
caption Top left, much feed and little kill: v fills everything. To the right, more kill: v dies out
wait 9
if no-gpu
caption Between them a diagonal band where patterns live: spots, worms, stripes
else
caption Between them a diagonal band where patterns live: spots, stripes, mazes, waves
end
wait 10
caption Along the band the pattern changes with (F, k): each region is one of Pearson's classes
wait 10
# The pick restarts the domain from sparse spots (not the grown ones the map began with, which
# tile at once), a few steps a frame, so the spots are seen dividing: on the twin, 8 a frame at
# its 15-30 frames/s showed the first divisions by the next caption (about 800 steps) and
# colonies still growing at the last (about 3,000); a GPU's 60 frames/s or more take 4 a frame.
set init spots
set reseed-on-pick on
if no-gpu
steps-per-frame 8
pick 371 182
else
steps-per-frame 4
pick 743 364
end
caption Picked F 0.026, k 0.061 (Pearson's lambda): the whole domain runs it, from a few spots
wait 6
caption Spots divide like cells until they tile the plane, as the map showed at that (F, k)
wait 12
caption Your turn: in map mode (Parameter map in the panel) a click on the field picks its (F, k)
