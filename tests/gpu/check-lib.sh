# Helpers for tests/gpu/device-check.sh and its stages (sourced, not run). A stage is a function
# stage_NAME in stages-*.sh, run in its own process; it writes its log to stdout, its key figures
# with `figure`, returns 0 (ok), 77 (SKIP, with the reason as a figure) or anything else (FAIL).
# shellcheck shell=bash

# shellcheck source=tests/gpu/stages-setup.sh
source "$GS_ROOT/tests/gpu/stages-setup.sh"
# shellcheck source=tests/gpu/stages-gpu.sh
source "$GS_ROOT/tests/gpu/stages-gpu.sh"
# shellcheck source=tests/gpu/stages-compare.sh
source "$GS_ROOT/tests/gpu/stages-compare.sh"

dry() { [ "$GS_MODE" = dry ]; }
figure() { echo "$*" >>"$GS_LOGS/$GS_STAGE.figures"; }
skip() { figure "$*"; exit 77; }
fail() { figure "$*"; echo "FAIL: $*"; exit 1; }
# Runs a command, logging it first, so the log reads as a transcript.
run() { echo "+ $*"; "$@"; }
# Our programs run with the carried libraries first; the tools (cmake, python) without them.
ours() { LD_LIBRARY_PATH=$GS_RUN_LD "$@"; }
# The stages after the build need its binaries: each says so instead of failing on its own.
need_build() {
  [ "$(cat "$GS_WORK/status/build" 2>/dev/null)" = ok ] || skip "no build (the build stage did not pass)"
}
seconds_left() { echo $((GS_DEADLINE - $(date +%s))); }

stage_main() {
  export GS_STAGE=$1
  if [ "$1" != preflight ]; then
    [ -f "$GS_WORK/env.sh" ] || skip "no preflight environment"
    # shellcheck source=/dev/null
    source "$GS_WORK/env.sh"
  fi
  "stage_${1//-/_}"
}

# A benchmark row's column, found by the header line's names (grid path steps ms/step ...).
# bench_col LOG GRID COLUMN [PATH]: the value in the first row for GRID (and that path).
bench_col() {
  awk -v grid="$2" -v col="$3" -v path="${4:-}" '
    $1 == "grid" && !idx { for (i = 1; i <= NF; i++) if ($i == col) idx = i; next }
    idx && $1 == grid && (path == "" || $2 == path) { print $idx; exit }' "$1"
}

# The short table at the end of the run (stdout; the device returns the last 12,000 characters).
print_tables() {
  local bench=$GS_LOGS/bench-cuda.log b
  echo "== summary ($GS_OUT/summary.txt)"
  cat "$GS_OUT/summary.txt"
  if [ -s "$bench" ]; then
    echo "== benchmark (grayscott-batch --bench --backend cuda): copy ceilings, rows, course, graphs"
    grep -E '^(copy|backend:)' "$bench" | cut -c1-160
    grep -E '^(grid |[0-9]+x[0-9]+ )' "$bench" | cut -c1-120
    grep -iE 'course|capture|graph|display field' "$bench" | grep -vE '^(grid |[0-9]+x[0-9]+ )' | cut -c1-200
  fi
  if ls "$GS_LOGS"/block-*.log >/dev/null 2>&1; then
    echo "== 4096x4096 by block shape: Mcells/s %copy"
    for b in "$GS_LOGS"/block-*.log "$GS_LOGS"/strided.log; do
      [ -f "$b" ] || continue
      b=${b##*/}
      printf '  %-10s %s %s\n' "${b%.log}" "$(bench_col "$GS_LOGS/$b" 4096x4096 Mcells/s)" \
        "$(bench_col "$GS_LOGS/$b" 4096x4096 %copy)"
    done
  fi
  [ -s "$GS_LOGS/peers.table" ] && { echo "== peers (course benchmark, 1000 frames x 32 steps, 1920x1080)"; cat "$GS_LOGS/peers.table"; }
  [ -s "$GS_LOGS/app.table" ] && { echo "== app, headless 1920x1080"; cat "$GS_LOGS/app.table"; }
  [ -s "$GS_LOGS/ncu.table" ] && { echo "== ncu"; cat "$GS_LOGS/ncu.table"; }
  return 0
}
