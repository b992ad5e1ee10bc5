# The machine's limits in tests/gpu/device-check.sh (sourced by check-lib.sh): what preflight
# found this machine cannot do (EGL, CUDA-GL interop) is skipped where a stage needs it, with
# the probe's message, said plainly in the summary and never a failure; and the dry run's proof
# of that, the interop-probe stage.
# shellcheck shell=bash

# The summary's line for the limits that env.sh FILE records; nothing where there are none.
environment_limits() {
  [ -f "$1" ] || return 0
  (
    # shellcheck source=/dev/null
    source "$1"
    if [ -n "${GS_EGL_UNUSABLE:-}" ]; then
      echo "limit of this machine, not a failure: EGL unusable ($GS_EGL_UNUSABLE): the app stage, the interop gtests and the interop target are skipped where this call runs them"
    elif [ -n "${GS_INTEROP_UNUSABLE:-}" ]; then
      echo "limit of this machine, not a failure: CUDA-GL interop refused ($GS_INTEROP_UNUSABLE): the app's cuda-interop run, the interop gtests and the interop target are skipped where this call runs them; the other paths run"
    fi
  )
}

# The messages the interop-probe forces, as the probe would write them in a gVisor sandbox.
PROBE_INTEROP_REFUSAL="cudaGraphicsGLRegisterBuffer failed: cudaErrorOperatingSystem (OS call failed or operation not supported on this OS) [forced by the interop-probe]"
PROBE_EGL_FAILURE="eglInitialize failed: EGL_NOT_INITIALIZED [forced by the interop-probe]"

# The real app stage, quick (GS_APP_QUICK), run as the driver runs a stage but in a work folder
# of its own (its artifacts, figures and targets apart from the run's), with one limit forced
# in its env.sh:  probe_app_with VARIABLE MESSAGE   (its exit status: 0 ok, 77 SKIP)
probe_app_with() {
  local dir=$GS_WORK/interop-probe/$1
  rm -rf "$dir"
  mkdir -p "$dir/status" "$dir/logs" "$dir/artifacts"
  cp "$GS_WORK/status/build" "$dir/status/build"
  { cat "$GS_WORK/env.sh"; echo "export $1=$(printf %q "$2")"; } >"$dir/env.sh"
  GS_WORK=$dir GS_LOGS=$dir/logs GS_ART=$dir/artifacts GS_APP_QUICK=1 \
    "$GS_ROOT/tests/gpu/device-check.sh" --stage app >"$dir/app.log" 2>&1
}

# The dry run's proof that a limit skips and does not fail: with interop refused, the app stage
# passes with its other paths run and cuda-interop and the interop target SKIP with the probe's
# message, and gpu_tests' filter leaves out exactly the interop gtests; with EGL unusable, the
# app stage is SKIP with the message; the summary names either.
stage_interop_probe() {
  need_build
  local dir=$GS_WORK/interop-probe rc figures listed all left limit everything
  set +e
  probe_app_with GS_INTEROP_UNUSABLE "$PROBE_INTEROP_REFUSAL"
  rc=$?
  set -e
  cat "$dir/GS_INTEROP_UNUSABLE/app.log"
  limit="CUDA-GL interop refused here: $PROBE_INTEROP_REFUSAL"
  figures=$(cat "$dir/GS_INTEROP_UNUSABLE/logs/app.figures" 2>/dev/null || true)
  [ "$rc" -eq 0 ] || fail "with interop refused the app stage exited $rc, not 0: $figures"
  [[ "$figures" == *"cuda-interop SKIP: $limit"* ]] || fail "with interop refused the app stage did not say cuda-interop SKIP with the message: $figures"
  [ "$(cat "$dir/GS_INTEROP_UNUSABLE/targets/interop" 2>/dev/null)" = "skipped: $limit|SKIP" ] ||
    fail "with interop refused the interop target is not SKIP with the message: $(cat "$dir/GS_INTEROP_UNUSABLE/targets/interop" 2>/dev/null)"
  grep -q -- '--transfer interop' "$dir/GS_INTEROP_UNUSABLE/app.log" && fail "with interop refused the app still ran on interop"
  grep -q -- '--transfer upload' "$dir/GS_INTEROP_UNUSABLE/app.log" || fail "with interop refused the app's other runs did not run"

  # gpu_tests without the interop gtests: some tests left, none of them the interop ones, and
  # the filter names tests that exist.
  [ "$(gpu_tests_filter)" = '*' ] || fail "gpu_tests' filter leaves tests out with no limit forced"
  left=$(GS_INTEROP_UNUSABLE=$PROBE_INTEROP_REFUSAL gpu_tests_filter)
  all=$(ours "$GS_BUILD/bin/gpu_tests" --gtest_list_tests | grep -c '^  ') || true
  listed=$(ours "$GS_BUILD/bin/gpu_tests" --gtest_list_tests --gtest_filter="$left") || fail "gpu_tests does not list its tests"
  grep -q "^${INTEROP_TESTS%%.*}\." <<<"$listed" && fail "the filter $left still lists the interop tests"
  # The list is kept before grep reads it: under pipefail, grep -q leaving early could end
  # gpu_tests by SIGPIPE and fail this line at random.
  everything=$(ours "$GS_BUILD/bin/gpu_tests" --gtest_list_tests) || fail "gpu_tests does not list its tests"
  grep -q "^${INTEROP_TESTS%%.*}\." <<<"$everything" || fail "gpu_tests has no $INTEROP_TESTS: the filter names nothing"
  listed=$(grep -c '^  ' <<<"$listed") || true
  [ "$listed" -gt 0 ] || fail "the filter $left leaves no test of gpu_tests"

  set +e
  probe_app_with GS_EGL_UNUSABLE "$PROBE_EGL_FAILURE"
  rc=$?
  set -e
  figures=$(cat "$dir/GS_EGL_UNUSABLE/logs/app.figures" 2>/dev/null || true)
  [ "$rc" -eq 77 ] || fail "with EGL unusable the app stage exited $rc, not 77 (SKIP): $figures"
  [[ "$figures" == "EGL unusable here: $PROBE_EGL_FAILURE"* ]] || fail "with EGL unusable the app stage's SKIP does not give the message: $figures"
  [ "$(cut -d'|' -f2 "$dir/GS_EGL_UNUSABLE/targets/interop" 2>/dev/null)" = SKIP ] || fail "with EGL unusable the interop target is not SKIP"

  # The summary's line, from the env.sh with the refusal.
  local env=$dir/GS_INTEROP_UNUSABLE/env.sh
  [[ "$(environment_limits "$env")" == *"interop refused ($PROBE_INTEROP_REFUSAL)"* ]] || fail "the summary does not name the interop refusal: $(environment_limits "$env")"
  [ -z "$(environment_limits "$GS_WORK/env.sh")" ] || fail "the summary names a limit here, where none is: $(environment_limits "$GS_WORK/env.sh")"
  figure "interop refused: the app stage passed, cuda-interop and the interop target SKIP with the message, the other paths ran; gpu_tests without $INTEROP_TESTS: $listed of $all tests;"
  figure "EGL unusable: the app stage SKIP with the message; the summary names the limit"
}
check_interop_probe() {
  if [ "$1" = SKIP ] && grep -q '^no build' "$GS_LOGS/interop-probe.figures"; then
    echo "limits: not proven in this run (no build: asked for none, or it failed)" | tee -a "$GS_OUT/summary.txt"
    return 0
  fi
  if [ "$1" != ok ]; then
    echo "FAIL: the interop-probe stage, a forced interop refusal and EGL failure, was $1 ($(tr '\n' ' ' <"$GS_LOGS/interop-probe.figures"))" | tee -a "$GS_OUT/summary.txt"
    return 1
  fi
  echo "limits: with interop refused or EGL unusable (forced), the app stage skips what needs them with the probe's message and does not fail" | tee -a "$GS_OUT/summary.txt"
}
