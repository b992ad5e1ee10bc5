# The device check's report (sourced by check-lib.sh): the targets each stage measures, and the
# tables that end the output (the device returns its last 12,000 characters).
# shellcheck shell=bash

# The targets, in the table's order: KEY|what|the stage that measures it.
TARGETS="step-kernel|step kernel >= 85% of copy, 4096x4096|bench
course|course benchmark compute < 0.5 s|bench
frames|course+h5 wall <= 1.5x a plain write|bench
interop|interop >= 10x cheaper than host, 1920x1080|app
cupy|ours >= 10x CuPy as first written (cupy.roll)|peers
cupy-raw|ours against a CuPy RawKernel (no target: the same stencil)|peers
jax|ours >= 3x JAX|peers
numba|ours against Numba-CUDA (no target)|peers
gl|gl compute >= 70% of CUDA's Mcells/s, 4096x4096|gl"

# A stage records a target it measured: target KEY MEASURED VERDICT (PASS, MISS or info).
target() {
  mkdir -p "$GS_WORK/targets"
  printf '%s|%s\n' "$2" "$3" >"$GS_WORK/targets/$1"
}
# PASS when the awk condition on a value holds, else MISS: verdict VALUE CONDITION (e.g. ">= 70").
verdict() { awk -v x="$1" "BEGIN { exit !(x $2) }" && echo PASS || echo MISS; }

# Every target with its measured value and verdict; one not measured names its stage's status.
print_targets() {
  local key what stage measured result status
  echo "== targets"
  printf '  %-46s %-52s %s\n' target measured verdict
  while IFS='|' read -r key what stage; do
    if [ -s "$GS_WORK/targets/$key" ]; then
      IFS='|' read -r measured result <"$GS_WORK/targets/$key"
    else
      status=$(cat "$GS_WORK/status/$stage" 2>/dev/null || echo "not run")
      [ "$GS_MODE" = dry ] && status+=", dry run: needs a GPU"
      measured="not measured ($stage: $status)" result=-
    fi
    printf '  %-46s %-52s %s\n' "$what" "$measured" "$result"
  done <<<"$TARGETS"
}

# The short tables at the end of the run: the summary (stages, then targets), the benchmark's
# rows, the block sweep, the peers, the app and ncu.
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
