# The app stage of tests/gpu/device-check.sh: the real app headless on every transfer path
# (sourced by check-lib.sh).
# shellcheck shell=bash

# One headless app run: app_run NAME BACKEND TRANSFER SCRIPT. Checks that it ran on the backend
# and path asked for (a silent fallback would make every comparison below meaningless).
app_run() {
  local name=$1 backend=$2 transfer=$3 script=$4 json=$GS_ART/app/$1.json labels
  run ours timeout 120 "$GS_BUILD/bin/grayscott" --headless --window-size 1920x1080 \
    --backend "$backend" --transfer "$transfer" --script "$script" --stats-json "$json" ||
    fail "the app ($name) failed"
  labels=$("$GS_PY_ANY" -c 'import json, sys
s = json.load(open(sys.argv[1]))
print(s.get("backend"), s.get("transfer", s.get("path")), repr(s.get("fallback_reason", "")), s.get("opengl", "?"))' "$json") ||
    fail "the app ($name) wrote no readable stats JSON"
  echo "$name: $labels"
  [[ "$labels" == "$backend $transfer '' "* ]] || fail "the app ($name) ran as: $labels"
}

# The app at 1920x1080 with EGL, no window system: every path's screenshot and state equal
#    the CPU twin's bit for bit, the transfer time per frame of each path, and a recording.
#    Where preflight found EGL unusable the stage skips (every run is on EGL); where it found
#    interop refused, the other paths run and cuda-interop and its target are SKIP: limits of
#    the machine, said with the probe's message, not failures. GS_APP_QUICK=1 (the dry run's
#    interop-probe): a few steps and frames, for the stage's plan rather than its figures.
stage_app() {
  need_build
  local app=$GS_BUILD/bin/grayscott dir=$GS_ART/app runs=() backend transfer r limit help
  local steps=1000 timed=300 rec_frames=30
  [ "${GS_APP_QUICK:-0}" = 1 ] && { steps=20 timed=10 rec_frames=3; }
  limit=$(interop_unusable)
  if [ -n "${GS_EGL_UNUSABLE:-}" ]; then
    target interop "skipped: $limit" SKIP
    skip "$limit: every run of the app is on EGL, none ran (a limit of this machine, not a failure)"
  fi
  help=$(ours "$app" --help) || fail "grayscott --help failed"
  grep -q -- --headless <<<"$help" || skip "grayscott has no --headless mode in this tree yet"
  mkdir -p "$dir"
  GS_PY_ANY=${GS_PY:-python3}
  if dry; then runs=(cpu-upload); else runs=(cuda-interop cuda-host cuda-upload cpu-upload); fi
  if [ -n "$limit" ]; then
    local kept=()
    for r in "${runs[@]}"; do [ "$r" = cuda-interop ] || kept+=("$r"); done
    runs=("${kept[@]}")
    target interop "skipped: $limit" SKIP
    figure "cuda-interop SKIP: $limit;"
  fi
  for r in "${runs[@]}"; do
    backend=${r%-*} transfer=${r#*-}
    # Exact: paused, an exact number of steps, a screenshot one step before the end (it must
    # differ from the last: screenshots that do not follow the field would all be equal).
    cat >"$dir/$r-exact.gs" <<EOF
pause
size 1920 1080
preset course
set range-auto off
set range-min 0
set range-max 0.5
reset spots 7
step $steps
screenshot $dir/$r-$steps.png
step 1
save $dir/$r.h5
screenshot $dir/$r.png
quit
EOF
    app_run "$r-exact" "$backend" "$transfer" "$dir/$r-exact.gs"
    cmp -s "$dir/$r-$steps.png" "$dir/$r.png" && fail "$r: the screenshots after $steps and $((steps + 1)) steps are equal"
    # Timed: a few hundred frames of 32 steps, the stats written at exit (the few set-up frames
    # before `run` are paused ones).
    cat >"$dir/$r-timed.gs" <<EOF
pause
steps-per-frame 32
size 1920 1080
preset course
reset spots 7
run
run-frames $timed
quit
EOF
    app_run "$r-timed" "$backend" "$transfer" "$dir/$r-timed.gs"
  done

  # The table: per-frame figures of each path's timed run.
  "$GS_PY_ANY" - "$dir" "${runs[@]}" >"$GS_LOGS/app.table" <<'EOF' || fail "the stats JSON lacks the Timings figures"
import json, sys
folder, runs = sys.argv[1], sys.argv[2:]
# transfer: where it runs (GPU events and GL timers; the host's own copies); host calls: the
# host's time in the transfer's calls (a driver blocking in map or unmap shows there).
print(f"  {'path':<13}{'kernel ms':>10}{'transfer ms':>12}{'host calls':>11}{'draw ms':>9}{'frame ms':>9}{'steps/frame':>12}{'Mcells/s':>10}")
for r in runs:
    s = json.load(open(f"{folder}/{r}-timed.json"))
    m = s["ms_per_frame"]
    print(f"  {r:<13}{m['kernel']:>10.3f}{m['transfer']:>12.3f}{m['transfer_host']:>11.3f}{m['draw']:>9.3f}"
          f"{m['frame']:>9.3f}{s['steps'] / max(1, s['frames']):>12.1f}{s['mcells_per_s']:>10.0f}")
EOF
  cat "$GS_LOGS/app.table"

  # A short recording (interop on the GPU, host where interop is refused; the twin here): an MP4
  # whose file starts with an ftyp box, or, built without libav, a folder of PNG frames.
  local rec_run=cuda-interop rec
  [ -n "$limit" ] && rec_run=cuda-host
  dry && rec_run=cpu-upload
  if grep -q '^LIBAV_FOUND:INTERNAL=1' "$GS_BUILD/CMakeCache.txt"; then rec=$dir/recording.mp4; else rec=$dir/recording; fi
  cat >"$dir/record.gs" <<EOF
size 1920 1080
preset course
reset spots 7
steps-per-frame 32
run
record start $rec 32 30
run-frames $rec_frames
record stop
quit
EOF
  app_run record "${rec_run%-*}" "${rec_run#*-}" "$dir/record.gs"
  local recorded
  if [ "${rec##*.}" = mp4 ]; then
    [ "$(head -c 8 "$rec" | tail -c 4)" = ftyp ] || fail "the recording does not start with an ftyp box"
    recorded="MP4 $(stat -c %s "$rec") bytes, starts with ftyp"
  else
    local frames
    frames=$(find "$rec" -name 'frame-*.png' | wc -l)
    [ "$frames" -ge "$rec_frames" ] || fail "the recording has $frames PNG frames, $rec_frames expected"
    recorded="$frames PNG frames (built without libav)"
    find "$rec" -name 'frame-*.png' ! -name 'frame-000001.png' ! -name "frame-$(printf %06d "$frames").png" -delete
  fi

  # The comparisons: every path against the CPU twin.
  local same=() ratio=""
  if dry; then
    # No second path to compare with here: the file's step count and structure only.
    if [ -n "$GS_PY" ]; then
      run "$GS_PY" "$GS_ROOT/tests/gpu/compare_states.py" "$dir/cpu-upload.h5" "$dir/cpu-upload.h5" \
        --exact --expect-step $((steps + 1)) || fail "the saved state is not at step $((steps + 1)), or uniform"
    fi
    rm -f "$dir"/*.h5
    figure "cpu-upload on OpenGL $(sed -n 's/.*"opengl": "\(.*\)".*/\1/p' "$dir/cpu-upload-timed.json"): $((steps + 1)) exact steps saved, $timed timed frames, recording $recorded;"
    figure "the CUDA paths ($([ -n "$limit" ] || echo "interop, ")host, upload) and their comparisons need a GPU"
    return 0
  fi
  # Bit-identical fields make byte-identical state files (the app writes no time or backend in
  # them: two saves of one state are the same bytes), so cmp compares them without numpy or h5py.
  for r in "${runs[@]}"; do
    [ "$r" = cpu-upload ] && continue
    cmp "$dir/$r.png" "$dir/cpu-upload.png" || fail "$r: the field screenshot differs from the CPU twin's"
    cmp "$dir/$r.h5" "$dir/cpu-upload.h5" || fail "$r: the saved state differs from the CPU twin's"
    same+=("${r#cuda-}")
  done
  rm -f "$dir"/*.h5 "$dir"/*-"$steps".png "$dir"/cuda-host.png "$dir"/cuda-upload.png  # equal to those kept
  if [ -n "$limit" ]; then
    figure "screenshots and states after $((steps + 1)) steps bit-identical on ${same[*]} and the twin; recording $recorded (on host)"
    return 0
  fi
  ratio=$("$GS_PY_ANY" - "$dir/cuda-interop-timed.json" "$dir/cuda-host-timed.json" <<'EOF'
import json, sys
(interop, interop_host), (host, _) = (
    (m["transfer"], m["transfer_host"])
    for m in (json.load(open(p))["ms_per_frame"] for p in sys.argv[1:]))
ratio = host / interop if interop > 0 else float("inf")
print(f"{ratio:.1f}x: interop {interop:.3f} ms on the GPU (its map and unmap calls "
      f"{interop_host:.3f} ms on the host), host {host:.3f} ms per frame")
EOF
) || fail "no transfer times in the stats JSON"
  target interop "$ratio" "$(verdict "${ratio%%x*}" ">= 10")"
  figure "screenshots and states after $((steps + 1)) steps bit-identical on ${same[*]} and the twin; $ratio; recording $recorded"
}
