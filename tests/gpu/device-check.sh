#!/usr/bin/env bash
# The GPU check in one command, for a lent GPU machine (nvcc, CMake, ninja,
# compute-sanitizer, ncu, Python 3.12 with numpy/h5py/CuPy/JAX; no package registry and no -dev
# packages). Carry .deps/ (scripts/fetch-device-debs.sh) with the tree and run, there:
#
#   OUT=/some/folder tests/gpu/device-check.sh [--stages LIST] [--budget SECONDS]
#   tests/gpu/device-check.sh --dry-run      # here: every stage that needs no GPU, for real
#
# Nine stages, each in its own process under its own `timeout`, so a stage that
# fails or runs out of time costs only itself; a line goes to $OUT/summary.txt as each ends:
#   1 preflight  2 build  3 gpu-tests  4 sanitizer  5 app  6 bench  7 peers  8 sweep  9 ncu
# The whole run keeps to --budget (default 450 s: the device allows 10 minutes a command and 15
# in all, and a second run after a fix must fit); later stages are skipped when time runs out.
# Every log and artifact goes into one archive, $OUT/device-check-logs.tar.gz (the device
# returns at most 8 files of 16 MiB), and a short table ends the output.
#
# --dry-run runs inside a private mount namespace where this machine's own copies of every
# carried package (and every other -dev package) are hidden (tests/gpu/hide_system.py), so the
# build proves that the carried packages alone suffice; stages that need a GPU say SKIP.
# --stages LIST (comma-separated names, e.g. app,bench) reruns a part; preflight always runs,
# and the build when any later stage is asked for (it is incremental). Environment: OUT (default
# ./device-check-out), JOBS (build jobs), GS_SANITIZER_FILTER (a gtest filter), GS_PEER_FRAMES
# (fewer course frames for a short rerun of the peers).
set -euo pipefail
GS_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$GS_ROOT"
STAGES=(preflight build gpu-tests sanitizer app bench peers sweep ncu)

if [ "${1:-}" = --stage ]; then  # internal: run one stage (under the driver's timeout)
  # shellcheck source=tests/gpu/check-lib.sh
  source tests/gpu/check-lib.sh
  stage_main "$2"
  exit $?
fi

mode=gpu stages=all budget="" inside=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) mode=dry ;;
    --stages) stages=$2; shift ;;
    --budget) budget=$2; shift ;;
    --inside-hidden) inside=1 ;;  # internal: already in the namespace that hides the system
    -h | --help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "device-check: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

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
  budget=${budget:-450}
fi
export GS_DEPS=${GS_DEPS:-/tmp/gs-deps}
export GS_WORK=$GS_BUILD/check
export GS_LOGS=$GS_WORK/logs GS_ART=$GS_WORK/artifacts
start=$(date +%s)
export GS_DEADLINE=$((start + budget))
rm -rf "$GS_LOGS" "$GS_ART" "$GS_WORK/status"
mkdir -p "$GS_OUT" "$GS_LOGS" "$GS_ART" "$GS_WORK/status"
summary=$GS_OUT/summary.txt
{
  echo "# device check ($([ "$mode" = dry ] && echo "dry run, no GPU" || echo "GPU run")), $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+changes'), budget ${budget}s"
  printf '%-12s %-7s %5s  %s\n' stage status time figures
} | tee "$summary"

# Per stage: its longest run on the GPU machine (16 cores) and in the dry run (2 cores, CI).
declare -A max_gpu=([preflight]=90 [build]=300 [gpu-tests]=120 [sanitizer]=120 [app]=150
  [bench]=120 [peers]=150 [sweep]=100 [ncu]=120)
declare -A max_dry=([preflight]=180 [build]=1800 [gpu-tests]=600 [sanitizer]=60 [app]=600
  [bench]=300 [peers]=300 [sweep]=60 [ncu]=60)
selected() { [ "$stages" = all ] || [ "$1" = preflight ] || [[ ",$stages," == *",$1,"* ]] ||
  { [ "$1" = build ] && [ "$stages" != preflight ]; }; }
reserve=20  # seconds kept for the archive and the table

failed=0
for stage in "${STAGES[@]}"; do
  selected "$stage" || continue
  now=$(date +%s)
  left=$((GS_DEADLINE - now - reserve))
  if [ "$mode" = dry ]; then limit=${max_dry[$stage]}; else limit=${max_gpu[$stage]}; fi
  [ "$left" -lt "$limit" ] && limit=$left
  : >"$GS_LOGS/$stage.figures"
  if [ "$limit" -lt 15 ]; then
    status=SKIP
    echo "out of time (${left}s of the budget left)" >"$GS_LOGS/$stage.figures"
  else
    set +e
    GS_STAGE_LIMIT=$limit timeout -k 10 "$limit" "$0" --stage "$stage" >"$GS_LOGS/$stage.log" 2>&1
    rc=$?
    set -e
    case $rc in
      0) status=ok ;;
      77) status=SKIP ;;
      124 | 137) status=TIMEOUT; echo "(stopped after ${limit}s) $(cat "$GS_LOGS/$stage.figures")" >"$GS_LOGS/$stage.figures" ;;
      *) status=FAIL ;;
    esac
  fi
  echo "$status" >"$GS_WORK/status/$stage"
  line=$(printf '%-12s %-7s %4ss  %s' "$stage" "$status" "$(($(date +%s) - now))" "$(tr '\n' ' ' <"$GS_LOGS/$stage.figures" | sed 's/ *$//')")
  echo "$line" | tee -a "$summary"
  if [ "$status" = FAIL ] || [ "$status" = TIMEOUT ]; then
    failed=1
    tail -n 12 "$GS_LOGS/$stage.log" | sed 's/^/    | /' | cut -c1-200
  fi
done

# The archive: logs and artifacts (screenshots, stats, the recording), under 16 MiB.
cp "$summary" "$GS_LOGS/summary.txt"
archive=$GS_OUT/device-check-logs.tar.gz
tar -czf "$archive" --exclude="*.h5" -C "$GS_WORK" logs artifacts  # states are compared there, not carried back
if [ "$(stat -c %s "$archive")" -gt $((15 * 1048576)) ]; then
  tar -czf "$archive" -C "$GS_WORK" logs
  echo "archive over 15 MiB with the artifacts: logs only" | tee -a "$summary"
fi

echo
# shellcheck source=tests/gpu/check-lib.sh
source tests/gpu/check-lib.sh
print_tables
echo "total $(($(date +%s) - start))s; archive $archive ($(du -h "$archive" | cut -f1))"
if [ "$mode" = dry ]; then
  waiting=""
  for stage in "${STAGES[@]}"; do
    grep -qE 'needs? a GPU' "$GS_LOGS/$stage.figures" 2>/dev/null && waiting+=" $stage"
  done
  echo "waiting for a GPU:${waiting:- none}" | tee -a "$summary"
fi
exit "$failed"
