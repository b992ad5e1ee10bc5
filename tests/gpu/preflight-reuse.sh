# Preflight's reuse of the previous call's results (sourced by check-lib.sh). Call 2 of the
# two-call plan runs on the same warm machine a minute after call 1: unpacking every package
# again, rebuilding the probes and importing CuPy, JAX and Numba again would find nothing new.
# A full preflight keeps its env.sh and figures with a fingerprint of what they depend on; the
# next one reuses them when the fingerprint is the same and what they name is still there.
# shellcheck shell=bash

PREFLIGHT_COMPLETE="export GS_PREFLIGHT_COMPLETE=1"  # env.sh's last line, written last
# What every stage after preflight reads from env.sh.
PREFLIGHT_VARIABLES="PATH GS_RUN_LD GS_PY GS_PY_MODULES GS_PEER_PY GS_SANITIZER GS_SANITIZER_UNUSABLE
  GS_NCU GS_NCU_UNUSABLE GS_EGL_UNUSABLE GS_INTEROP_UNUSABLE"

# What a preflight's results depend on, one item a line: this machine since its boot, the
# session's folders, the paths that find tools and the driver, the carried packages by content,
# and the check's own preflight code (a fix between the calls runs a full one).
preflight_fingerprint() {
  local boot
  boot=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || awk '/^btime/ {print "btime " $2}' /proc/stat 2>/dev/null) || true
  echo "mode $GS_MODE"
  echo "machine $(uname -n), boot ${boot:-unknown}"
  echo "folders $GS_WORK $GS_DEPS"
  echo "LD_LIBRARY_PATH ${LD_LIBRARY_PATH:-}"
  echo "PATH $PATH"
  echo "egl-vendors ${__EGL_VENDOR_LIBRARY_FILENAMES:-}"
  echo "package-lists $(cat .deps/packages.txt .deps/loader-packages.txt 2>/dev/null | sha256sum | cut -c1-16)"
  echo "debs $(cd .deps/debs && sha256sum -- *.deb | sha256sum | cut -c1-16)"
  echo "scripts $(cd "$GS_ROOT/tests/gpu" && cat stages-setup.sh preflight-*.sh check-needed.sh unpack_deb.py \
    hide_system.py device_query.cu egl_interop_probe.cpp ../../app/gl_common/egl_*.cpp \
    ../../app/gl_common/egl_*.h | sha256sum | cut -c1-16)"
}

# Why the full preflight runs (PREFLIGHT_FULL_REASON, for its figure).
not_reused() {
  PREFLIGHT_FULL_REASON=$*
  echo "preflight: in full: $*"
}

# Reuses the previous call's preflight when FINGERPRINT is its own, its env.sh is complete, the
# packages are still unpacked from the same debs, the probes are still built, and (on the GPU)
# the device still answers: writes env.sh and the figures as that call did. Otherwise says why
# and returns 1 (a full preflight follows). GS_PREFLIGHT_FRESH=1 asks for a full one.
reuse_preflight() {
  local fingerprint=$1 cache=$GS_WORK/preflight-cache var changed
  [ "${GS_PREFLIGHT_FRESH:-0}" != 1 ] || { not_reused "asked for (GS_PREFLIGHT_FRESH=1)"; return 1; }
  [ -s "$cache/fingerprint" ] || { not_reused "no previous call's results to reuse"; return 1; }
  if [ "$fingerprint" != "$(cat "$cache/fingerprint")" ]; then
    changed=$(grep -vxF -f "$cache/fingerprint" <<<"$fingerprint" | cut -d' ' -f1 | tr '\n' ';') || true
    not_reused "the previous call's results are for another state (changed: ${changed%;})"
    return 1
  fi
  if [ "$(tail -n 1 "$cache/env.sh" 2>/dev/null)" != "$PREFLIGHT_COMPLETE" ]; then
    not_reused "the previous call's env.sh is incomplete"
    return 1
  fi
  for var in $PREFLIGHT_VARIABLES; do
    grep -qE "(^export | )$var=" "$cache/env.sh" || { not_reused "the previous call's env.sh has no $var"; return 1; }
  done
  if [ "$(cat "$GS_DEPS/.gs-fingerprint" 2>/dev/null)" != "$fingerprint" ]; then
    not_reused "$GS_DEPS is not what the previous call unpacked"
    return 1
  fi
  if [ ! -x "$GS_WORK/device-query" ] || [ ! -x "$GS_WORK/egl-interop-probe" ]; then
    not_reused "the previous call's probes are gone"
    return 1
  fi
  local answers=""
  if ! dry; then
    # Cheap (a CUDA context): a device lost since the last call shows here, not in the build.
    ours "$GS_WORK/device-query" || { not_reused "the GPU no longer answers"; return 1; }
    answers=", the GPU answers"
  fi
  cp "$cache/env.sh" "$GS_WORK/env.sh" || { not_reused "the previous call's env.sh cannot be copied"; return 1; }
  cat "$GS_WORK/env.sh"
  figure "reused from the previous call ($(date -d "@$(stat -c %Y "$cache/fingerprint")" -u '+%H:%M:%S UTC'): same machine, session dir, packages and check scripts; tools present$answers):"
  cat "$cache/figures" >>"$GS_LOGS/$GS_STAGE.figures"
}

# A full preflight starts by forgetting the previous one's results (a failure leaves none).
forget_preflight() {
  rm -f "$GS_WORK/preflight-cache/fingerprint"
}

# Keeps a full preflight's results for the next call: env.sh, the figures, the fingerprint last.
keep_preflight() {
  local cache=$GS_WORK/preflight-cache
  mkdir -p "$cache"
  cp "$GS_WORK/env.sh" "$cache/env.sh"
  cp "$GS_LOGS/$GS_STAGE.figures" "$cache/figures"
  echo "$1" >"$cache/fingerprint"
}

# The reuse's proof in the dry run: preflight again, as call 2 runs it a minute after call 1
# (the driver removes env.sh before each call, and so does this stage). It must reuse the
# first's results and write the same env.sh.
stage_preflight_again() {
  local first=$GS_WORK/preflight-first.env
  cp "$GS_WORK/env.sh" "$first"
  rm -f "$GS_WORK/env.sh"
  PREFLIGHT_FULL_REASON=""
  stage_preflight
  [ -z "$PREFLIGHT_FULL_REASON" ] || fail "preflight ran in full again: $PREFLIGHT_FULL_REASON"
  cmp "$first" "$GS_WORK/env.sh" || fail "the reused env.sh differs from the first call's"
}
# The two preflights' times (run_stage keeps each stage's milliseconds).
check_preflight_again() {
  local first again
  first=$(cat "$GS_WORK/status/preflight.ms" 2>/dev/null || echo 0)
  again=$(cat "$GS_WORK/status/preflight-again.ms" 2>/dev/null || echo 0)
  if [ "$1" != ok ]; then
    echo "FAIL: the preflight-again stage, preflight as call 2 runs it, was $1 ($(tr '\n' ' ' <"$GS_LOGS/preflight-again.figures"))" | tee -a "$GS_OUT/summary.txt"
    return 1
  fi
  echo "reuse: preflight again (as call 2) reused the first's results in $(awk -v ms="$again" 'BEGIN {printf "%.1f", ms / 1000}') s, the first took $(awk -v ms="$first" 'BEGIN {printf "%.1f", ms / 1000}') s ($(head -c 8 "$GS_LOGS/preflight.figures" | grep -q '^reused' && echo 'reused too' || echo 'in full'))" | tee -a "$GS_OUT/summary.txt"
}
