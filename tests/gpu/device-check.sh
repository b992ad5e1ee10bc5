#!/usr/bin/env bash
# The GPU check in one command, for a lent GPU machine (one H200, 16 cores; nvcc, CMake, ninja,
# compute-sanitizer, ncu, Python 3.12 with numpy/h5py/CuPy/JAX/Numba; no package registry, no
# -dev packages, no gdb/strace/perf). Carry .deps/ (scripts/fetch-device-debs.sh) with the tree.
#
#   OUT=/some/folder tests/gpu/device-check.sh [--stages LIST] [--budget SECONDS]
#   tests/gpu/device-check.sh --dry-run      # here: every stage that needs no GPU, for real
#
# Two calls of the device `run` tool make one loan count (device time is 15 minutes in all, a
# machine start 1-2 minutes of it, one command at most 10):
#   call 1, timeout_s 390:  OUT=$OUT tests/gpu/device-check.sh --budget 330
#     the essential stages only (preflight, build, gpu-tests, app, bench: about 300 s).
#   call 2, timeout_s 390, at once (the machine stays warm 30 s; the build is then incremental):
#     OUT=$OUT tests/gpu/device-check.sh --budget 360 --stages rest
#     (--budget: 360, or less when `status` leaves less than 420 s of device time: that less 60)
#     what call 1 left undone (on a fresh machine: sanitizer, peers, sweep, gl, ncu), or after a fix
#     the stages it concerns, e.g. --stages gpu-tests,app (the build reruns with any stage).
#
# Stages, in this order; each runs in a session of its own under its own `timeout` (ended whole
# when the stage is over, so nothing it started keeps the GPU busy) and starts only when the time
# it needs is left of the budget, else it is SKIPped with "no time left" (never started to be
# killed). Its limit is its cap (the worst case), cut to what is left of the budget where that is
# less; stopped at a cut limit, it is undone (SKIP, rerun by --stages rest), not failed. Needs and
# caps on the GPU machine (16 cores, H200), estimated:
#   stage      need  cap   what takes the time
#   preflight   40    90   unpacking 63 debs, nvcc of a query and the EGL/interop probe, Python
#                          imports, tool probes; call 2 reuses call 1's results (a few seconds)
#   build      110   240   the project for sm_90 with -j16 (nvcc dominates)
#   gpu-tests   60   150   the emulated kernels; gpu_tests (the twin's side dominates)
#   app         45   150   4 headless runs of 1001 steps + 300 frames at 1920x1080, a recording
#   bench       60   120   the benchmark's grids and style rows, the course run twice, its 8.3 GB
#                          frames file in /dev/shm (memory) where it has room, else the disk,
#                          and a plain write of as many bytes there to set the run beside
#   sanitizer   60   150   memcheck then initcheck over the sanitizer set (SanitizerSet.*)
#   peers       60   150   ours 3x, CuPy roll/RawKernel, JAX, Numba-CUDA: 100 frames each
#   sweep       40   100   10 block shapes and the strided kernel at 4096x4096, 200 steps each
#   gl          25    90   the gl backend (GL compute, headless EGL) against cuda, 4096x4096
#   ncu         45   120   two profiled step kernels at 1920x1080 and 4096x4096
# The first five are essential (correctness and the targets), together about 300 s; a run that
# only skipped optional stages exits 0, one that skipped an essential stage for time exits 3.
# Preflight probes in seconds what the machine cannot do (a gVisor sandbox): compute-sanitizer
# and ncu each on one kernel; an EGL context and one GL buffer registered with CUDA
# (tests/gpu/egl_interop_probe.cpp). What needs it is SKIP with the probe's message, named in the
# summary as a limit of the machine, not a failure: EGL unusable skips the app stage; interop
# refused skips only the app's cuda-interop run, the interop target and the interop gtests.
# Preflight keeps its results with a fingerprint (this machine since boot, the session's
# folders, the packages, the check's preflight code); the next call on the same machine reuses
# them after the cheap checks (tools present, the GPU answers), so call 2 neither unpacks again
# nor imports CuPy, JAX and Numba again (each Python's modules are imported once a run).
# A line goes to $OUT/summary.txt as each stage ends; every log and artifact goes into one
# archive, $OUT/device-check-logs.tar.gz; the output ends with the stages and the targets
# (measured value, PASS/MISS).
#
# --dry-run runs inside a private mount namespace where this machine's own copies of every
# carried package (and every other -dev package) are hidden (tests/gpu/hide_system.py), so the
# build proves that the carried packages alone suffice (the EGL/interop probe too: its EGL half
# runs on Mesa, its CUDA half waits for a GPU); stages that need a GPU say SKIP. It also runs
# internal stages: budget-probe, which needs more than the whole budget, must be SKIPped "no time
# left" without starting (the budget skips instead of killing); cut-probe, started with 3 s left
# of its 60, must end undone, not failed; session-probe leaves a process in a process group of
# its own, which must end with the stage; interop-probe runs the app stage (quick) with interop
# refused, which must pass with cuda-interop and its target SKIP with the message and gpu_tests'
# filter without the interop gtests, and with EGL unusable, which must be SKIP with the message;
# preflight-again runs preflight as call 2 would, which must reuse the first's results.
# --stages LIST: comma-separated names, or `essential`, `optional`, or `rest` (what the last run
# here left undone: skipped for time or not asked for); preflight always runs, and the build
# when any later stage is asked for (it is incremental). Environment: OUT (default
# ./device-check-out), JOBS (build jobs), GS_SANITIZER_FILTER (a gtest filter), GS_PEER_FRAMES
# (the peers' timed frames, default 100, scaled to the course's 1000), GS_PREFLIGHT_FRESH=1 (a
# full preflight even where the last call's could be reused).
set -euo pipefail
GS_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$GS_ROOT"
ESSENTIAL=(preflight build gpu-tests app bench)
OPTIONAL=(sanitizer peers sweep gl ncu)

if [ "${1:-}" = --stage ]; then  # internal: run one stage (under the driver's timeout)
  # The session the driver ends once the stage is over: setsid made this process its leader.
  echo $$ >"$GS_WORK/status/$2.session"
  # shellcheck source=tests/gpu/check-lib.sh
  source tests/gpu/check-lib.sh
  stage_main "$2"
  exit $?
fi

mode=gpu stages=default budget="" inside=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) mode=dry ;;
    --stages) stages=$2; shift ;;
    --budget) budget=$2; shift ;;
    --inside-hidden) inside=1 ;;  # internal: already in the namespace that hides the system
    -h | --help) sed -n '2,/^set /{/^#/p}' "$0"; exit 0 ;;
    *) echo "device-check: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
# Call 1 on the GPU machine runs the essential stages only; the dry run, every stage.
[ "$stages" = default ] && { [ "$mode" = dry ] && stages=all || stages=essential; }
case $stages in
  essential) stages=$(IFS=,; echo "${ESSENTIAL[*]}") ;;
  optional) stages=$(IFS=,; echo "${OPTIONAL[*]}") ;;
esac
[[ "$budget" =~ ^[0-9]*$ ]] || { echo "device-check: --budget takes whole seconds, not '$budget'" >&2; exit 2; }

if [ "$mode" = dry ] && [ "$inside" = 0 ]; then
  # Enter the namespace that hides the system's copies, then run the same script in it.
  if [ -z "$(find .deps/debs -name '*.deb' 2>/dev/null | head -1)" ]; then
    echo "device-check: no carried packages in .deps/debs: run scripts/fetch-device-debs.sh first" >&2
    exit 1
  fi
  [ "$(id -u)" = 0 ] || { echo "device-check: --dry-run needs root (mount namespace, overlay)" >&2; exit 1; }
  args=(--dry-run --inside-hidden --stages "$stages")
  [ -n "$budget" ] && args+=(--budget "$budget")
  exec python3 tests/gpu/hide_system.py .deps/debs -- "$0" "${args[@]}"
fi

export GS_ROOT GS_MODE=$mode
export GS_OUT=${OUT:-$GS_ROOT/device-check-out}
if [ "$mode" = dry ]; then
  export GS_BUILD=$GS_ROOT/build-device-dry GS_JOBS=${JOBS:-2}
  budget=${budget:-2400}
else
  export GS_BUILD=$GS_ROOT/build-device GS_JOBS=${JOBS:-$(nproc)}
  budget=${budget:-330}
fi
export GS_DEPS=${GS_DEPS:-/tmp/gs-deps}
export GS_WORK=$GS_BUILD/check
export GS_LOGS=$GS_WORK/logs GS_ART=$GS_WORK/artifacts
# The stages the last run in this build folder left undone (skipped for time, or never asked
# for since); "all" before any run.
previous_undone=$(cat "$GS_WORK/undone" 2>/dev/null || echo all)
if [ "$stages" = rest ]; then
  stages=$previous_undone
  [ "$stages" = all ] && stages=$(IFS=,; echo "${OPTIONAL[*]}")
  [ -n "$stages" ] || { echo "device-check: the last run left no stage undone"; exit 0; }
  echo "device-check: the stages the last run left undone: $stages"
fi
start=$(date +%s)
export GS_DEADLINE=$((start + budget))
rm -rf "$GS_LOGS" "$GS_ART" "$GS_WORK/status" "$GS_WORK/targets" "$GS_WORK/budget-probe-started" \
  "$GS_WORK/env.sh"  # a failed preflight must leave no older environment for the stages after it
mkdir -p "$GS_OUT" "$GS_LOGS" "$GS_ART" "$GS_WORK/status" "$GS_WORK/targets"
summary=$GS_OUT/summary.txt
# shellcheck source=tests/gpu/check-lib.sh
source tests/gpu/check-lib.sh
trap_debuggers  # gdb, strace and perf are not there: a call to one fails here too, and is named
{
  echo "# device check ($([ "$mode" = dry ] && echo "dry run, no GPU" || echo "GPU run")), $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+changes'), budget ${budget}s"
  printf '%-12s %-7s %5s %5s  %s\n' stage status need time figures
} | tee "$summary"

# need: seconds a stage must have left to start; cap: its timeout when more is left. The GPU
# machine's are the header's; the dry run's are for 2 cores (CI), where the build dominates.
declare -A need_gpu=([preflight]=40 [build]=110 [gpu-tests]=60 [app]=45 [bench]=60
  [sanitizer]=60 [peers]=60 [sweep]=40 [gl]=25 [ncu]=45)
declare -A cap_gpu=([preflight]=90 [build]=240 [gpu-tests]=150 [app]=150 [bench]=120
  [sanitizer]=150 [peers]=150 [sweep]=100 [gl]=90 [ncu]=120)
declare -A need_dry=([preflight]=60 [build]=600 [gpu-tests]=120 [app]=120 [bench]=30
  [sanitizer]=30 [peers]=60 [sweep]=10 [gl]=10 [ncu]=10)
declare -A cap_dry=([preflight]=180 [build]=1800 [gpu-tests]=600 [app]=600 [bench]=300
  [sanitizer]=120 [peers]=300 [sweep]=60 [gl]=60 [ncu]=60)
# The dry run's proofs of the budget: a stage that needs more than the whole budget, one whose
# limit is cut to a few seconds of its worst case, and one that leaves a process behind.
need_dry[budget-probe]=$((budget + 1)) cap_dry[budget-probe]=60
need_dry[cut-probe]=1 cap_dry[cut-probe]=60
need_dry[session-probe]=1 cap_dry[session-probe]=30
# ... and a forced interop refusal and EGL failure (the app stage, quick), and preflight again.
need_dry[interop-probe]=10 cap_dry[interop-probe]=300
need_dry[preflight-again]=1 cap_dry[preflight-again]=120
reserve=20  # seconds kept for the archive and the tables

selected() { [ "$stages" = all ] || [ "$1" = preflight ] || [[ ",$stages," == *",$1,"* ]] ||
  { [ "$1" = build ] && [ "$stages" != preflight ]; }; }
is_essential() { [[ " ${ESSENTIAL[*]} " == *" $1 "* ]]; }

# Runs one stage if its need fits in what is left; sets `status`. Its limit is its cap (its
# worst case), or what is left of the budget where that is less: a stage stopped at a cut limit
# ran out of budget, not of its own time, and is undone (--stages rest runs it again), not failed.
# Each stage runs in a session of its own, ended whole once the stage is over: GNU timeout puts
# itself in a process group of its own, so a stage's inner timeouts (a sanitizer, ncu, a peer)
# would outlive an outer kill and keep the GPU busy for the stages after it.
run_stage() {
  local stage=$1 now left need cap rc cut=0 start_ms
  now=$(date +%s) start_ms=$(date +%s%3N)
  left=$((GS_DEADLINE - now - reserve))
  if [ "$mode" = dry ]; then need=${need_dry[$stage]} cap=${cap_dry[$stage]}; else need=${need_gpu[$stage]} cap=${cap_gpu[$stage]}; fi
  : >"$GS_LOGS/$stage.figures"
  if [ "$left" -lt "$need" ]; then
    status=SKIP
    echo "no time left (needs ${need}s, ${left}s of the budget left)" >"$GS_LOGS/$stage.figures"
  else
    [ "$left" -lt "$cap" ] && { cut=$cap; cap=$left; }
    rm -f "$GS_WORK/status/$stage.session"
    set +e
    GS_STAGE_LIMIT=$cap timeout -k 10 "$cap" setsid "$0" --stage "$stage" >"$GS_LOGS/$stage.log" 2>&1
    rc=$?
    set -e
    end_session "$(cat "$GS_WORK/status/$stage.session" 2>/dev/null || true)"
    case $rc in
      0) status=ok ;;
      77) status=SKIP ;;
      124 | 137)
        if [ "$cut" -gt 0 ]; then
          status=SKIP
          echo "no time left to finish: stopped when the budget ran out (its limit cut to ${cap}s of ${cut}s); undone" >"$GS_LOGS/$stage.figures"
        else
          status=TIMEOUT
          echo "(stopped after ${cap}s) $(cat "$GS_LOGS/$stage.figures")" >"$GS_LOGS/$stage.figures"
        fi ;;
      *) status=FAIL ;;
    esac
  fi
  echo "$status" >"$GS_WORK/status/$stage"
  echo $(($(date +%s%3N) - start_ms)) >"$GS_WORK/status/$stage.ms"
  printf '%-12s %-7s %4ss %4ss  %s\n' "$stage" "$status" "$need" "$(($(date +%s) - now))" \
    "$(tr '\n' ' ' <"$GS_LOGS/$stage.figures" | sed 's/ *$//')" | tee -a "$summary"
}

all_stages=("${ESSENTIAL[@]}" "${OPTIONAL[@]}")
[ "$mode" = dry ] && all_stages+=(budget-probe)
failed=0 essential_skipped="" undone=()
for stage in "${all_stages[@]}"; do
  if [ "$stage" != budget-probe ] && ! selected "$stage"; then
    [[ "$previous_undone" = all || ",$previous_undone," == *",$stage,"* ]] && undone+=("$stage")
    continue
  fi
  run_stage "$stage"
  if [ "$status" = FAIL ] || [ "$status" = TIMEOUT ]; then
    failed=1
    tail -n 12 "$GS_LOGS/$stage.log" | sed 's/^/    | /' | cut -c1-200
  fi
  # Undone: skipped for time, or for want of a build that was (--stages rest reruns them).
  if [ "$status" = SKIP ] && [ "$stage" != budget-probe ] && grep -qE '^no (time left|build)' "$GS_LOGS/$stage.figures"; then
    undone+=("$stage")
    is_essential "$stage" && essential_skipped+=" $stage"
  fi
done
(IFS=,; echo "${undone[*]}") >"$GS_WORK/undone"  # for --stages rest
if [ "$mode" = dry ]; then
  check_budget_probe || failed=1
  # The cut limit: 3 s of the probe's 60 s worst case left, as at the end of a budget.
  saved_deadline=$GS_DEADLINE
  GS_DEADLINE=$(($(date +%s) + reserve + 3)) run_stage cut-probe
  GS_DEADLINE=$saved_deadline
  check_cut_probe "$status" || failed=1
  run_stage session-probe
  check_session_probe || failed=1
  run_stage interop-probe
  check_interop_probe "$status" || failed=1
  run_stage preflight-again
  check_preflight_again "$status" || failed=1
fi
# What this machine cannot do (EGL, interop): skipped where needed, said here, not failed.
environment_limits "$GS_WORK/env.sh" | tee -a "$summary"
check_debuggers_untouched || failed=1

# The archive: logs and artifacts (screenshots, stats, the recording), under 16 MiB.
print_targets >"$GS_LOGS/targets.table"
cat "$GS_LOGS/targets.table" >>"$summary"
cp "$summary" "$GS_LOGS/summary.txt"
archive=$GS_OUT/device-check-logs.tar.gz
tar -czf "$archive" --exclude="*.h5" -C "$GS_WORK" logs artifacts  # states are compared there, not carried back
if [ "$(stat -c %s "$archive")" -gt $((15 * 1048576)) ]; then
  tar -czf "$archive" -C "$GS_WORK" logs
  echo "archive over 15 MiB with the artifacts: logs only" | tee -a "$summary"
fi

echo
print_tables
echo "total $(($(date +%s) - start))s; archive $archive ($(du -h "$archive" | cut -f1))"
if [ "$mode" = dry ]; then
  waiting=""
  for stage in "${all_stages[@]}"; do
    grep -qE 'needs? a GPU' "$GS_LOGS/$stage.figures" 2>/dev/null && waiting+=" $stage"
  done
  echo "waiting for a GPU:${waiting:- none}" | tee -a "$summary"
fi
[ "$failed" = 0 ] || exit 1
if [ -n "$essential_skipped" ]; then
  echo "essential stages skipped for time:$essential_skipped (raise --budget)" | tee -a "$summary"
  exit 3
fi
exit 0
