#!/usr/bin/env bash
# The preset gallery: runs every shipped preset with grayscott-batch from its recommended start
# for its recommended steps (the figures presets.json states, for a 128x128 grid, seed 1, on the
# CPU twin so the pictures are the same on every machine), then draws the final v fields through
# the app's colormaps with grayscott-sheet: one labelled contact sheet, one thumbnail per preset
# (the app's preset selector shows these; the build makes them), or both.
#   scripts/preset-gallery.sh [--size N] [--output PNG] [--thumbnails DIR] [--bin DIR]
#                             [--jobs N] [-- GRAYSCOTT-SHEET-OPTIONS...]
# --size: the grid's side (default 128); --output: the contact sheet (default, when neither it
# nor --thumbnails is given, docs/images/preset-gallery.png); --thumbnails: a folder that ends up
# holding exactly one <preset>.png per preset; --bin: where grayscott-batch and grayscott-sheet
# are (default build/bin); --jobs: presets run side by side (default: the cores).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
size=128 output="" thumbnails="" bin="$repo/build/bin" jobs="$(nproc)"
sheet_options=()
fail() {
  echo "preset-gallery.sh: $*" >&2
  exit 1
}
whole_number() {
  case "$2" in '' | *[!0-9]* | 0*) fail "$1 must be a positive whole number, not '$2'" ;; esac
}
while [ $# -gt 0 ]; do
  case "$1" in
    --size | --output | --thumbnails | --bin | --jobs)
      [ $# -ge 2 ] || fail "$1 needs a value"
      case "$1" in
        --size) whole_number "$1" "$2"; size="$2" ;;
        --output) output="$2" ;;
        --thumbnails) thumbnails="$2" ;;
        --bin) bin="$2" ;;
        --jobs) whole_number "$1" "$2"; jobs="$2" ;;
      esac
      shift 2 ;;
    --) shift; sheet_options=("$@"); break ;;
    *) fail "unknown option '$1' (known: --size, --output, --thumbnails, --bin, --jobs, -- SHEET-OPTIONS)" ;;
  esac
done
[ -z "$output" ] && [ -z "$thumbnails" ] && output="$repo/docs/images/preset-gallery.png"
batch="$bin/grayscott-batch" sheet="$bin/grayscott-sheet"
for program in "$batch" "$sheet"; do
  [ -x "$program" ] || fail "no $program: build first (cmake --build build), or name its folder with --bin"
done

work="$(mktemp -d "${TMPDIR:-/tmp}/gs-preset-gallery-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# One row per preset: name F k start steps ... (the first five words have no spaces).
"$batch" --list-presets >"$work/presets.txt" || fail "grayscott-batch --list-presets failed"
names=() starts=() steps=()
while read -r name _ _ start count _; do
  names+=("$name") starts+=("$start") steps+=("$count")
done < <(tail -n +2 "$work/presets.txt")
[ ${#names[@]} -gt 0 ] || fail "grayscott-batch listed no presets"

# Each preset alone on one thread, $jobs at a time; a failure names its preset.
run_preset() {
  local i="$1"
  "$batch" --backend cpu --threads 1 --preset "${names[i]}" --init "${starts[i]}" \
    --steps "${steps[i]}" --width "$size" --height "$size" --output "$work/${names[i]}.h5" \
    >/dev/null 2>"$work/${names[i]}.err" ||
    { echo "preset ${names[i]}: $(tail -n 1 "$work/${names[i]}.err")" >"$work/${names[i]}.failed"; }
}
running=0
for i in "${!names[@]}"; do
  run_preset "$i" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
if compgen -G "$work/*.failed" >/dev/null; then
  fail "$(cat "$work"/*.failed | head -n 1)"
fi

states=()
for name in "${names[@]}"; do states+=("$work/$name.h5"); done
args=(--title "Gray-Scott Live presets: each from its recommended start and steps (${size}x${size}, seed 1)")
[ -n "$output" ] && args+=(--output "$output")
[ -n "$thumbnails" ] && args+=(--thumbnails "$work/thumbnails")
"$sheet" "${args[@]}" "${sheet_options[@]}" "${states[@]}" || fail "grayscott-sheet failed"
if [ -n "$thumbnails" ]; then
  # Replaced whole, so a preset removed from presets.json leaves no thumbnail behind.
  mkdir -p "$(dirname "$thumbnails")"
  rm -rf "$thumbnails.old"
  [ -e "$thumbnails" ] && mv "$thumbnails" "$thumbnails.old"
  mv "$work/thumbnails" "$thumbnails"
  rm -rf "$thumbnails.old"
fi
