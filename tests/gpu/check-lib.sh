# Helpers for tests/gpu/device-check.sh and its stages (sourced, not run). A stage is a function
# stage_NAME in stages-*.sh, run in its own process; it writes its log to stdout, its key figures
# with `figure`, returns 0 (ok), 77 (SKIP, with the reason as a figure) or anything else (FAIL).
# shellcheck shell=bash

# shellcheck source=tests/gpu/stages-setup.sh
source "$GS_ROOT/tests/gpu/stages-setup.sh"
# shellcheck source=tests/gpu/preflight-probes.sh
source "$GS_ROOT/tests/gpu/preflight-probes.sh"
# shellcheck source=tests/gpu/preflight-reuse.sh
source "$GS_ROOT/tests/gpu/preflight-reuse.sh"
# shellcheck source=tests/gpu/stages-gpu.sh
source "$GS_ROOT/tests/gpu/stages-gpu.sh"
# shellcheck source=tests/gpu/stages-compare.sh
source "$GS_ROOT/tests/gpu/stages-compare.sh"
# shellcheck source=tests/gpu/stages-peers.sh
source "$GS_ROOT/tests/gpu/stages-peers.sh"
# shellcheck source=tests/gpu/check-report.sh
source "$GS_ROOT/tests/gpu/check-report.sh"
# shellcheck source=tests/gpu/check-limits.sh
source "$GS_ROOT/tests/gpu/check-limits.sh"

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
  if [ "$1" != preflight ] && [ "$1" != preflight-again ]; then
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

# Ends every process left in a stage's session (its leader's pid `$1`), whatever process group
# it put itself in.
end_session() {
  local sid=$1 stat pid
  [ -n "$sid" ] || return 0
  for stat in /proc/[0-9]*/stat; do
    pid=${stat#/proc/} pid=${pid%/stat}
    # The fields after the command's closing parenthesis: state, ppid, pgrp, session.
    [ "$(sed -E 's/^.*\) //' "$stat" 2>/dev/null | cut -d' ' -f4)" = "$sid" ] && kill -KILL "$pid" 2>/dev/null
  done
  return 0
}

# The cut limit's proof: a stage that runs past the few seconds left of the budget is undone.
stage_cut_probe() {
  sleep 30
}
check_cut_probe() {
  local figures
  figures=$(cat "$GS_LOGS/cut-probe.figures" 2>/dev/null || true)
  if [ "$1" != SKIP ] || [[ "$figures" != "no time left to finish"* ]]; then
    echo "FAIL: the cut-probe stage, stopped at a limit cut by the budget, was $1 ($figures), not undone" | tee -a "$GS_OUT/summary.txt"
    return 1
  fi
  echo "budget: the stage stopped at its cut limit was undone, not failed: $figures" | tee -a "$GS_OUT/summary.txt"
}

# The session's proof: a stage that leaves a process in a process group of its own (as an inner
# `timeout` does) ends, and the driver ends that process with the stage's session.
stage_session_probe() {
  timeout 300 sleep 299 &
  echo $! >"$GS_WORK/session-probe.pid"
  sleep 0.2
}
check_session_probe() {
  local pid
  pid=$(cat "$GS_WORK/session-probe.pid" 2>/dev/null || true)
  # Alive: there, and no zombie (a container's first process may be slow to reap it).
  if [ -z "$pid" ] || { [ -e "/proc/$pid" ] && [ "$(sed -E 's/^.*\) //' "/proc/$pid/stat" 2>/dev/null | cut -c1)" != Z ]; }; then
    echo "FAIL: the session-probe stage's process ${pid:-(none started)} outlived its stage" | tee -a "$GS_OUT/summary.txt"
    return 1
  fi
  echo "sessions: the process a stage left in a process group of its own ended with the stage" | tee -a "$GS_OUT/summary.txt"
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
