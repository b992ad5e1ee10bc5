#!/usr/bin/env bash
# Remakes the README's two window screenshots of the app: the panel at UI scale 1, and
# presentation mode as a lecture hall sees it. Runs the app headless (EGL, no window system), so
# it works on a server or in CI.
#   scripts/readme-screenshots.sh [BUILD_DIR [OUT_DIR]]   (defaults: build, docs/images)
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

cat > "$scratch/panel.gs" <<SCRIPT
preset coral
reset spots 7
set ui-scale 1
wait 6
window-screenshot $scratch/panel.png
quit
SCRIPT
"$app" --headless --backend cpu --width 512 --height 512 --window-size 1400x900 \
  --script "$scratch/panel.gs"

cat > "$scratch/presentation.gs" <<SCRIPT
preset pearson-epsilon
reset spots 3
set presentation on
set ui-scale 1.5
caption Pearson's class epsilon: spots grow, split in two and fill the plane
wait 6
window-screenshot $scratch/presentation.png
quit
SCRIPT
"$app" --headless --backend cpu --width 512 --height 512 --window-size 1600x900 \
  --script "$scratch/presentation.gs"

mv "$scratch/panel.png" "$out/app-panel.png"
mv "$scratch/presentation.png" "$out/app-presentation.png"
echo "readme-screenshots.sh: wrote $out/app-panel.png and $out/app-presentation.png"
