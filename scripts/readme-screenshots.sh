#!/usr/bin/env bash
# Remakes the README's two window screenshots of the app: the panel at UI scale 1, and
# presentation mode as a lecture hall sees it. Runs the app headless (EGL, no window system), so
# it works on a server or in CI.
#   scripts/readme-screenshots.sh [BUILD_DIR [OUT_DIR]]   (defaults: build, docs/images)
# STEPS=N (default 30000) sets how far the pattern grows before the picture (the suite's check of
# this script uses a few hundred).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
app="$build/bin/grayscott"
[ -x "$app" ] || { echo "readme-screenshots.sh: no $app (build the app first)" >&2; exit 1; }
out="${2:-docs/images}"
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The settings of whoever runs this stay out of it.
export XDG_CONFIG_HOME="$scratch/config"

steps="${STEPS:-30000}"
# shot NAME WINDOW_SIZE SCRIPT_LINES: the window as NAME.png after the lines, the steps (the same
# pattern on any machine) and 60 frames running (for the Timings).
shot() {
  printf '%s\npause\nstep %s\nrun\nrun-frames 60\nwindow-screenshot %s\nquit\n' "$3" "$steps" \
    "$scratch/$1.png" > "$scratch/$1.gs"
  "$app" --headless --backend cpu --width 512 --height 512 --window-size "$2" \
    --script "$scratch/$1.gs"
  mv "$scratch/$1.png" "$out/app-$1.png"
}

shot panel 1400x900 "preset coral
reset spots 7
set ui-scale 1"
shot presentation 1600x900 "preset pearson-epsilon
reset grown-spots 3
set presentation on
set ui-scale 1.5
caption Pearson's class epsilon: spots grow, split in two and fill the plane"
echo "readme-screenshots.sh: wrote $out/app-panel.png and $out/app-presentation.png"
