# Preflight's probes of what the machine can do, for tests/gpu/device-check.sh (sourced by
# check-lib.sh): which Pythons import what, whether compute-sanitizer and ncu can use the device,
# and whether EGL and CUDA-GL interop work. Each finding the stages skip with goes into env.sh
# as GS_*_UNUSABLE: empty when usable, else the one-line reason.
# shellcheck shell=bash

# Pythons: one with numpy and h5py compares states (GS_PY, its modules GS_PY_MODULES); the one
# that imports most of CuPy, JAX and Numba (with h5py) runs the peers (GS_PEER_PY). Each
# interpreter is asked once: CuPy, JAX and numba.cuda take seconds to import, and a venv answers
# to python3 and python3.12 alike. PY_FOUND: "python: modules" of each, for the figure.
# shellcheck disable=SC2034  # the results are read by stage_preflight (stages-setup.sh)
find_pythons() {
  local py score mods seen=" " real peer_score=0
  GS_PY="" GS_PY_MODULES="" GS_PEER_PY="" PY_FOUND=()
  for py in python3 python3.12 /usr/bin/python3; do
    command -v "$py" >/dev/null || continue
    # The same interpreter in the same environment under another name: one import is enough.
    real=$("$py" -c 'import os, sys; print(sys.prefix + ":" + os.path.realpath(sys.executable))' 2>/dev/null) || continue
    [[ "$seen" == *" $real "* ]] && { echo "python $py: the same as one asked already ($real)"; continue; }
    seen+="$real "
    mods=$(timeout 60 "$py" - <<'EOF' 2>/dev/null || true
import importlib
for m in ("numpy", "h5py", "cupy", "jax", "numba.cuda"):
    try:
        importlib.import_module(m)
        print(m.split(".")[0])
    except Exception:
        pass
EOF
)
    mods=$(tr '\n' ' ' <<<"$mods" | sed 's/ *$//')
    echo "python $py ($("$py" --version 2>&1)): imports ${mods:-none of numpy h5py cupy jax numba}"
    PY_FOUND+=("$py: ${mods:-none}")
    [[ -z "$GS_PY" && "$mods" == *numpy*h5py* ]] && { GS_PY=$py; GS_PY_MODULES=$mods; }
    # (grep finds none on a Python without them: not a failure under pipefail.)
    score=$({ grep -owE 'cupy|jax|numba' <<<"$mods" || true; } | wc -l)
    [[ "$mods" == *h5py* && "$score" -gt "$peer_score" ]] && { GS_PEER_PY=$py; peer_score=$score; }
  done
  return 0
}

# Whether a tool can use the device: runs it on one kernel (the query's --kernel). Prints
# nothing when the kernel ran under it and its output has SIGN; else the tool's own words (in a
# gVisor sandbox compute-sanitizer answers "Device not supported", ncu cannot load its library).
#   tool_refusal NAME SIGN COMMAND...
tool_refusal() {
  local log=$GS_LOGS/probe-$1.log sign=$2 rc
  shift 2
  set +e
  run ours timeout 60 "$@" >"$log" 2>&1
  rc=$?
  set -e
  cat "$log" >&2  # into the stage log; stdout is the verdict
  if [ "$rc" -eq 0 ] && grep -q 'one kernel: ran' "$log" && grep -q -- "$sign" "$log" && ! grep -q '==ERROR==' "$log"; then
    return 0
  fi
  # The tool's words, not run()'s trace of its command line (which names --error-exitcode).
  { grep -v '^+ ' "$log" | grep -m1 -iE 'not supported|==ERROR==|error|cannot|unable|fail' ||
    echo "exit $rc: $(grep -v '^+ ' "$log" | tail -n 1)"; } |
    sed -E 's/^(==[A-Z]+==|=+) *//' | cut -c1-160
}

# Finds compute-sanitizer and ncu and probes each on the device, for their stages: GS_SANITIZER
# and GS_NCU (the tools), GS_SANITIZER_UNUSABLE and GS_NCU_UNUSABLE (empty when usable, else why
# not, which the stage skips with).
probe_device_tools() {
  local query=$1
  GS_SANITIZER=$(command -v compute-sanitizer || ls /usr/local/cuda/compute-sanitizer/compute-sanitizer 2>/dev/null) || true
  GS_NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null) || true
  GS_SANITIZER_UNUSABLE="compute-sanitizer not found" GS_NCU_UNUSABLE="ncu not found"
  [ -n "$GS_SANITIZER" ] && GS_SANITIZER_UNUSABLE=$(tool_refusal compute-sanitizer 'ERROR SUMMARY: 0 errors' \
    "$GS_SANITIZER" --tool memcheck --error-exitcode 3 "$query" --kernel)
  [ -n "$GS_NCU" ] && GS_NCU_UNUSABLE=$(tool_refusal ncu '==PROF== Profiling' \
    "$GS_NCU" --clock-control none -c 1 "$query" --kernel)
  echo "compute-sanitizer: ${GS_SANITIZER:-none} (${GS_SANITIZER_UNUSABLE:-usable}); ncu: ${GS_NCU:-none} (${GS_NCU_UNUSABLE:-usable})"
}

# EGL and CUDA-GL interop, as the app's interop path uses them: tests/gpu/egl_interop_probe.cpp
# with the app's own EGL context (app/gl_common), built with this nvcc against the carried EGL/GL
# headers and loaders (the dry run proves that they suffice) and run as our programs run. Sets
# GS_EGL_UNUSABLE (no EGL context: the app stage skips its runs, all on EGL), GS_INTEROP_UNUSABLE (EGL works, interop is refused, as in a
# gVisor sandbox: the cuda-interop run, the interop target and the interop gtests are skipped),
# and EGL_INTEROP_FOUND (the probe's lines, for the figure). The dry run has no CUDA device: the
# probe's CUDA half then says so and waits for a GPU, unusable neither.
probe_egl_interop() {
  local probe=$GS_WORK/egl-interop-probe lib=$GS_DEPS/usr/lib/x86_64-linux-gnu out rc egl interop
  local common=$GS_ROOT/app/gl_common
  run nvcc -std=c++17 -o "$probe" "$GS_ROOT/tests/gpu/egl_interop_probe.cpp" \
    "$common/egl_context.cpp" "$common/egl_device_order.cpp" -I"$common" \
    -I"$GS_ROOT/engine/include" -I"$GS_DEPS/usr/include" -L"$lib" -lEGL -lOpenGL \
    -Xlinker -rpath-link="$lib:$GS_DEPS/lib/x86_64-linux-gnu" ||
    fail "the EGL and interop probe does not build from the carried EGL/GL headers and loaders"
  set +e
  out=$(ours timeout 30 "$probe" 2>&1)
  rc=$?
  set -e
  echo "$out"
  egl=$(sed -n 's/^egl: //p' <<<"$out" | cut -c1-200)
  interop=$(sed -n 's/^interop: //p' <<<"$out" | cut -c1-200)
  GS_EGL_UNUSABLE="" GS_INTEROP_UNUSABLE=""
  local last
  last=$(tail -n 1 <<<"$out" | cut -c1-120)
  [ "$rc" -eq 124 ] && last="no answer in 30 s${last:+ (last: $last)}"
  case $rc in
    0) ;;
    1) GS_EGL_UNUSABLE=${egl#unusable: } ;;
    2) GS_INTEROP_UNUSABLE=${interop#refused: } ;;
    3)
      if dry; then interop="needs a GPU (here: ${interop#no CUDA device: })"; else GS_INTEROP_UNUSABLE=$interop; fi ;;
    *)  # killed or crashed: in the half it had not finished
      if [[ "$egl" == ok:* ]]; then
        GS_INTEROP_UNUSABLE="the probe exited $rc after EGL worked${last:+: $last}"
      else
        GS_EGL_UNUSABLE="the probe exited $rc${last:+: $last}"
      fi ;;
  esac
  if [ -n "$GS_EGL_UNUSABLE" ]; then
    EGL_INTEROP_FOUND="EGL unusable: $GS_EGL_UNUSABLE"
  elif [ -n "$GS_INTEROP_UNUSABLE" ]; then
    EGL_INTEROP_FOUND="EGL: ${egl#ok: }; interop refused: $GS_INTEROP_UNUSABLE"
  else
    EGL_INTEROP_FOUND="EGL: ${egl#ok: }; interop: ${interop#ok: }"
  fi
  echo "$EGL_INTEROP_FOUND"
}

# Why the app's interop path cannot run here (EGL unusable, or interop refused), from env.sh's
# findings; nothing where it can.
interop_unusable() {
  if [ -n "${GS_EGL_UNUSABLE:-}" ]; then
    echo "EGL unusable here: $GS_EGL_UNUSABLE"
  elif [ -n "${GS_INTEROP_UNUSABLE:-}" ]; then
    echo "CUDA-GL interop refused here: $GS_INTEROP_UNUSABLE"
  fi
}
