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
# shellcheck source=tests/gpu/stages-peers.sh
source "$GS_ROOT/tests/gpu/stages-peers.sh"
# shellcheck source=tests/gpu/check-report.sh
source "$GS_ROOT/tests/gpu/check-report.sh"

# The launch shapes the sweep measures at 4096x4096 (the default, 32x8, among them).
SWEEP_BLOCKS="32x4 32x8 32x16 64x4 64x8 128x2 128x4 128x8 256x1 16x16"

dry() { [ "$GS_MODE" = dry ]; }
figure() { echo "$*" >>"$GS_LOGS/$GS_STAGE.figures"; }
skip() { figure "$*"; exit 77; }
fail() { figure "$*"; echo "FAIL: $*"; exit 1; }
# Runs a command, logging it first (on stderr: stdout may be redirected to a result file).
run() { echo "+ $*" >&2; "$@"; }
# Our programs run with the carried libraries first; the tools (cmake, python) without them.
# Extended, never replaced: where the driver's libcuda.so.1 and libEGL_nvidia.so.0 are found
# through LD_LIBRARY_PATH (a read-only driver mount), replacing it would hide the GPU.
ours() { LD_LIBRARY_PATH=$GS_RUN_LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$@"; }
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

# The budget's proof in the dry run (device-check.sh): a stage that needs more than the whole
# budget. Were it started, it would leave its mark and hang until its timeout killed it.
stage_budget_probe() {
  touch "$GS_WORK/budget-probe-started"
  sleep 3600
}
check_budget_probe() {
  local status figures
  status=$(cat "$GS_WORK/status/budget-probe" 2>/dev/null || echo missing)
  figures=$(cat "$GS_LOGS/budget-probe.figures" 2>/dev/null || true)
  if [ "$status" != SKIP ] || [[ "$figures" != "no time left"* ]] || [ -e "$GS_WORK/budget-probe-started" ]; then
    echo "FAIL: the budget-probe stage, which needs more than the whole budget, was $status ($figures)$([ -e "$GS_WORK/budget-probe-started" ] && echo ', and it started')" | tee -a "$GS_OUT/summary.txt"
    return 1
  fi
  echo "budget: the stage that needs more than the budget was SKIPped without starting: $figures" | tee -a "$GS_OUT/summary.txt"
}

# The GPU machine has no gdb, strace or perf (the fuzz judge's gdb fallback is CI's). Two
# guards: nothing the check runs names one (static, in preflight), and stand-ins first on PATH
# record any call the programs make (checked at the end), so a dry run here fails as it would
# there instead of quietly using this machine's copies.
DEBUGGERS="gdb strace perf"  # names-debuggers
trap_debuggers() {
  local dir=$GS_WORK/no-debuggers tool
  mkdir -p "$dir"
  rm -f "$GS_WORK/debugger-calls"
  for tool in $DEBUGGERS; do  # names-debuggers: the stand-ins themselves
    printf '#!/bin/sh\necho "device-check: %s called ($*); the GPU machine has none" >&2\necho "%s $*" >>"%s"\nexit 127\n' \
      "$tool" "$tool" "$GS_WORK/debugger-calls" >"$dir/$tool"
    chmod +x "$dir/$tool"
  done
  export PATH=$dir:$PATH
}
check_debuggers_untouched() {
  [ -s "$GS_WORK/debugger-calls" ] || return 0
  echo "FAIL: the check called a tool the GPU machine lacks: $(tr '\n' ';' <"$GS_WORK/debugger-calls")" | tee -a "$GS_OUT/summary.txt"
  return 1
}
# Lines of the check's own scripts that would run gdb, strace or perf (comments left out; a line
# marked names-debuggers names them without running one).
debugger_calls_in_scripts() {
  local pattern
  pattern="(^|[;&|(\`[:space:]\"'])($(tr ' ' '|' <<<"$DEBUGGERS"))([[:space:]\"']|$)"
  grep -nHv 'names-debuggers' "$GS_ROOT"/tests/gpu/*.sh "$GS_ROOT"/tests/gpu/*.py "$GS_ROOT"/benchmarks/peers/*.py |
    sed -E 's/^([^:]*:[0-9]+:)[[:space:]]*#.*/\1/; s/[[:space:]]#[[:space:]].*$//' | grep -E "$pattern" || true
}
