# The parameter map: every (F, k) in one picture
# Map mode gives each cell its own rates: k grows along x, F up along y, over Pearson's ranges,
# so one run shows where each kind of pattern lives. Then a pick takes one cell's (F, k) back to
# the whole domain.
set presentation on
preset pearson-epsilon
size 960 640
set init grown-spots
set map-F-low 0
set map-F-high 0.08
set map-k-low 0.03
set map-k-high 0.07
set mode map
reset
steps-per-frame auto
run
caption The parameter map: every cell has its own feed F and kill k, so one run shows them all
wait 8
caption k grows to the right (0.03 to 0.07), F grows upward (0 to 0.08): read them off the axes
wait 9
caption Top left, much feed and little kill: v fills everything. To the right, more kill: v dies out
wait 9
caption Between them a diagonal band where patterns live: spots, stripes, mazes, waves
wait 10
caption Along the band the pattern changes with (F, k): each region is one of Pearson's classes
wait 10
set reseed-on-pick on
pick 743 431
caption Picked F 0.026, k 0.061 (Pearson's lambda): the whole domain now runs that cell's rates
wait 10
caption Spots divide like cells until they tile the plane, as the map showed at that (F, k)
wait 8
caption Your turn: in map mode (Parameter map in the panel) a click on the field picks its (F, k)
