preset coral
run-frames 2
quit
