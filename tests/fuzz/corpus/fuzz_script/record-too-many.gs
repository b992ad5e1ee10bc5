record start a.mp4 1 2 3 4
