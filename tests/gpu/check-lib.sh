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

# The launch shapes the sweep measures at 4096x4096 (the default, 32x8, among them).
SWEEP_BLOCKS="32x4 32x8 32x16 64x4 64x8 128x2 128x4 128x8 256x1 16x16"

dry() { [ "$GS_MODE" = dry ]; }
figure() { echo "$*" >>"$GS_LOGS/$GS_STAGE.figures"; }
skip() { figure "$*"; exit 77; }
fail() { figure "$*"; echo "FAIL: $*"; exit 1; }
# Runs a command, logging it first (on stderr: stdout may be redirected to a result file).
run() { echo "+ $*" >&2; "$@"; }
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
    for b in $SWEEP_BLOCKS strided; do
      [ "$b" = strided ] || b=block-$b
      [ -f "$GS_LOGS/$b.log" ] || continue
      printf '  %-12s %8s %5s\n' "$b" "$(bench_col "$GS_LOGS/$b.log" 4096x4096 Mcells/s)" \
        "$(bench_col "$GS_LOGS/$b.log" 4096x4096 %copy)"
    done
  fi
  [ -s "$GS_LOGS/peers.table" ] && { echo "== peers (the course benchmark)"; cat "$GS_LOGS/peers.table"; }
  [ -s "$GS_LOGS/app.table" ] && { echo "== app, headless 1920x1080"; cat "$GS_LOGS/app.table"; }
  [ -s "$GS_LOGS/ncu.table" ] && { echo "== ncu"; cat "$GS_LOGS/ncu.table"; }
  return 0
}
