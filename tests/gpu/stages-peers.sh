# The peers stage of tests/gpu/device-check.sh (sourced by check-lib.sh): our course benchmark
# against the course's own tools on the same GPU, each in the style its users write: CuPy as an
# array program (cupy-roll) and as one RawKernel (cupy-raw), JAX (jax.jit), Numba-CUDA (@cuda.jit).
# shellcheck shell=bash

PEER_DIR=benchmarks/peers
# name:program, in the table's order.
PEERS="cupy-roll:gs_cupy.py cupy-raw:gs_cupy_raw.py jax:gs_jax.py numba-cuda:gs_numba.py"
PEER_TOLERANCE=1e-4  # they round differently (no explicit FMAs); NumPy against the twin: 3e-7

# Every peer and helper compiles (syntax only; the bytecode goes to the work folder, not into
# the tree), and the RawKernel's CUDA C compiles with nvcc.
compile_peers() {
  local p symbols
  for p in "$PEER_DIR"/*.py tests/gpu/*.py; do
    PYTHONPYCACHEPREFIX=$GS_WORK/pycache run python3 -m py_compile "$p" || fail "$p does not compile"
  done
  run nvcc -c -arch=sm_90 -o "$GS_WORK/gs_step_kernel.o" "$PEER_DIR/gs_step_kernel.cu" ||
    fail "the RawKernel's source does not compile with nvcc"
  symbols=$(nm "$GS_WORK/gs_step_kernel.o") || fail "nm cannot read the RawKernel's object"
  grep -qw gs_step <<<"$symbols" || fail "the RawKernel's object has no gs_step"
}

# A starting state (the course's parameters and spots) and ours after N steps on a backend:
# start_and_reference W H STEPS BACKEND writes $w/init.h5 and $w/ours-STEPS.h5.
start_and_reference() {
  run ours "$GS_BUILD/bin/grayscott-batch" --preset course --width "$1" --height "$2" --steps 0 \
    --output "$w/init.h5" || fail "grayscott-batch could not write the starting state"
  run ours "$GS_BUILD/bin/grayscott-batch" --backend "$4" --input "$w/init.h5" --steps "$3" \
    --output "$w/ours-$3.h5" || fail "grayscott-batch --backend $4 failed on $3 steps"
}

# One peer: run_peer NAME PROGRAM PYTHON CHECK_STEPS [OPTIONS...]. Its JSON goes to $w/NAME.json
# ({"unavailable": ...} or {"failed": ...} when it did not run) and its state after CHECK_STEPS
# steps is compared with ours; the comparison's line is appended to $w/checks.
run_peer() {
  local name=$1 program=$2 py=$3 steps=$4 rc same
  shift 4
  set +e
  run timeout 90 "$py" "$PEER_DIR/$program" --init "$w/init.h5" --check-steps "$steps" \
    --check-output "$w/$name-$steps.h5" "$@" >"$w/$name.out" 2>"$GS_LOGS/peer-$name.err"
  rc=$?
  set -e
  cat "$w/$name.out" "$GS_LOGS/peer-$name.err"
  if [ "$rc" -eq 3 ]; then  # its framework does not import here (benchmarks/peers/common.py)
    json_reason unavailable "$GS_LOGS/peer-$name.err" >"$w/$name.json"
    echo "$name: unavailable" >>"$w/checks"
    return 0
  fi
  if [ "$rc" -ne 0 ]; then
    json_reason failed "$GS_LOGS/peer-$name.err" >"$w/$name.json"
    echo "$name: FAILED (exit $rc, peer-$name.err)" >>"$w/checks"
    return 0
  fi
  tail -n 1 "$w/$name.out" >"$w/$name.json"
  same=$("$GS_PY" tests/gpu/compare_states.py "$w/ours-$steps.h5" "$w/$name-$steps.h5" \
    --tolerance "$PEER_TOLERANCE") || true
  echo "$name: $same" >>"$w/checks"
}
# {"KIND": "the last line of FILE"}, for the table.
json_reason() { python3 -c 'import json, sys; print(json.dumps({sys.argv[1]: sys.argv[2]}))' "$1" "$(tail -n 1 "$2" | cut -c1-160)"; }

# Here: the array program on NumPy with the reduced frames (100 of 32 steps, 2 repeats) against
# the twin, the Numba kernel under Numba's CUDA simulator (where Numba is installed) on a tiny
# grid, and the table built from them (no targets: the CPU's figures are not the GPU's).
peers_dry_run() {
  [ -n "$GS_PY" ] || skip "peers compile; no numpy and h5py here to run the NumPy fallback; the peers need a GPU"
  : >"$w/checks"
  start_and_reference 96 64 20 cpu
  run_peer cupy-roll gs_cupy.py "$GS_PY" 20 --numpy
  run ours "$GS_BUILD/bin/grayscott-batch" --backend cpu --input "$w/init.h5" --frames 10 \
    --steps-per-frame 32 --json >"$w/ours-1.json" || fail "our benchmark run failed"
  local table_peers=(--peer "cupy-roll=$w/cupy-roll.json") numba="Numba not installed here: its simulator run skipped"
  # Preflight imported numba.cuda in this Python already (GS_PY_MODULES): not again here.
  if [[ " ${GS_PY_MODULES:-} " == *" numba "* ]]; then
    start_and_reference 40 24 5 cpu
    NUMBA_ENABLE_CUDASIM=1 run_peer numba-cuda gs_numba.py "$GS_PY" 5 --frames 1 --steps-per-frame 1 --repeats 1
    table_peers+=(--peer "numba-cuda=$w/numba-cuda.json")
    numba=$(grep '^numba-cuda:' "$w/checks")
  fi
  cat "$w/checks"
  grep -qE 'FAILED|DIFFER' "$w/checks" && fail "a peer failed or differs from the twin: $(grep -E 'FAILED|DIFFER' "$w/checks" | tr '\n' ';')"
  run "$GS_PY" tests/gpu/peers_table.py --ours "$w/ours-1.json" "${table_peers[@]}" --no-verdicts \
    >"$GS_LOGS/peers.table" || fail "the peers' table could not be made"
  cat "$GS_LOGS/peers.table"
  rm -f "$w"/*.h5
  figure "peers and the RawKernel's CUDA C compile; $(sed -n 's/^cupy-roll: EQUAL /cupy-roll on NumPy after 20 steps on /p' "$w/checks")"
  figure "in $(python3 - "$w/cupy-roll.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
print(f"{j['frames']} frames x {j['steps_per_frame']} steps x {len(j['runs_s'])} runs, "
      f"{j['seconds']:.1f} s measured, {j['course_seconds']:.0f} s scaled to 1000 frames;")
EOF
)"
  figure "${numba/numba-cuda: EQUAL/Numba kernel under the CUDA simulator after 5 steps on}; the GPU peers need a GPU"
}

# There: ours three times on the whole course benchmark, each peer on GS_PEER_FRAMES frames
# (default 100, scaled), every peer's state after 100 steps within the tolerance of ours.
peers_on_gpu() {
  [ -n "$GS_PEER_PY" ] || fail "no python here imports CuPy, JAX or Numba together with h5py"
  [ -n "$GS_PY" ] || fail "no python here imports numpy and h5py to compare the states"
  : >"$w/checks"
  start_and_reference 1920 1080 100 cuda
  local runs=() s name program
  for s in 1 2 3; do  # ours, as the peers: the median of three, without the frames file
    run ours "$GS_BUILD/bin/grayscott-batch" --backend cuda --input "$w/init.h5" --frames 1000 \
      --steps-per-frame 32 --json >"$w/ours-$s.json" || fail "our course benchmark failed"
    runs+=("$w/ours-$s.json")
  done
  local table_peers=()
  for s in $PEERS; do
    name=${s%%:*} program=${s#*:}
    run_peer "$name" "$program" "$GS_PEER_PY" 100 --frames "${GS_PEER_FRAMES:-100}"
    table_peers+=(--peer "$name=$w/$name.json")
  done
  cat "$w/checks"
  run "$GS_PY" tests/gpu/peers_table.py --ours "${runs[@]}" "${table_peers[@]}" \
    --targets "$w/targets" >"$GS_LOGS/peers.table" || fail "the peers' table could not be made"
  sed 's/^/  /' "$w/checks" >>"$GS_LOGS/peers.table"
  cat "$GS_LOGS/peers.table"
  local key measured result
  while IFS='|' read -r key measured result; do target "$key" "$measured" "$result"; done <"$w/targets"
  rm -f "$w"/*.h5
  figure "$(grep '^  ours against' "$GS_LOGS/peers.table" | sed 's/^  ours against //' | tr '\n' ';')"
  # A peer that could not run (Numba without NVVM, a JAX built for another CUDA) is in the table
  # as FAILED with its reason; only a peer that ran and disagrees with ours fails the stage.
  if grep -qE 'DIFFER' "$w/checks"; then fail "a peer differs from ours after 100 steps: $(grep DIFFER "$w/checks" | tr '\n' ';')"; fi
  if grep -qE 'FAILED' "$w/checks"; then figure "could not run: $(grep FAILED "$w/checks" | cut -c1-120 | tr '\n' ';')"; fi
}

stage_peers() {
  need_build
  w=$GS_ART/peers
  mkdir -p "$w"
  compile_peers
  if dry; then peers_dry_run; else peers_on_gpu; fi
}
