# A small study, run headless (docs/explore.md shows how): a preset, one rate changed by hand,
# a brush stroke, then a picture, the state and the setup saved for someone else.
size 256 256
preset coral
set F 0.058
reset spots 7
set colormap magma
paint 128 128 12 0.5 from 60 128
step 2000
screenshot coral-study.png
save coral-study.h5
save-setup coral-study-setup.gs
quit
