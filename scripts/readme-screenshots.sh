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
# shot NAME WINDOW_SIZE GRID SCRIPT_LINES: the window as NAME.png after the lines, the steps (the
# same pattern on any machine) and 60 frames running (for the Timings). The script is a lecture
# (it has a caption), so the bar shows its controls under its name: `lecture`.
shot() {
  mkdir -p "$scratch/$1"
  printf '%s\npause\nstep %s\nrun\nrun-frames 60\nwindow-screenshot %s\nquit\n' "$4" "$steps" \
    "$scratch/$1.png" > "$scratch/$1/lecture.gs"
  "$app" --headless --backend cpu --width "${3%x*}" --height "${3#*x}" --window-size "$2" \
    --script "$scratch/$1/lecture.gs"
  mv "$scratch/$1.png" "$out/app-$1.png"
}

shot panel 1400x900 512x512 "preset coral
reset spots 7
set ui-scale 1"
# 16:9, as a projector: the bar across the top, the caption under the field.
shot presentation 1600x900 640x360 "preset pearson-epsilon
reset grown-spots 3
set presentation on
set ui-scale 1.5
caption Pearson's class epsilon: spots grow, split in two and fill the plane"
echo "readme-screenshots.sh: wrote $out/app-panel.png and $out/app-presentation.png"
