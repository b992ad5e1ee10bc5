#!/usr/bin/env bash
# Runs run-fuzzers.sh on a stand-in for fuzz_state_file that prints libFuzzer's real report of a
# fault inside libhdf5 (judged-logs/inside-segv-in-H5HG_read-at-corpus-load.log) on each of its
# first 24 runs, then ends clean. On its third run it also adds an input to the corpus that faults
# in every later run as soon as the corpus is read, as one did in CI. The runner must keep all 24
# faults, drop that input from its copy of the corpus at once, and pass; a cap on the runs, or a
# corpus input left to fault again and again, fails here. Needs no fuzz build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/gs-run-fuzzers-test-XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build/bin" "$work/state"

cat >"$work/build/bin/fuzz_state_file" <<EOF
#!/usr/bin/env bash
report="$here/judged-logs/inside-segv-in-H5HG_read-at-corpus-load.log"
state="$work/state"
EOF
cat >>"$work/build/bin/fuzz_state_file" <<'EOF'
for arg; do
  case "$arg" in
    -artifact_prefix=*) prefix="${arg#*=}" ;;
    -*) ;;
    *) corpus="$arg" ;;
  esac
done
run=$(($(cat "$state/runs" 2>/dev/null || echo 0) + 1))
echo "$run" >"$state/runs"
echo "INFO: $(find "$corpus" -type f | wc -l) files found in $corpus"
fault() { # the real report, naming this run's input
  printf '%s' "$1" >"${prefix}crash-$run"
  sed "s|Test unit written to .*|Test unit written to ${prefix}crash-$run|" "$report"
  exit 1
}
[ -f "$corpus/faults-once-read" ] && fault "$(cat "$corpus/faults-once-read")"
[ "$run" -eq 3 ] && printf 'added on run 3' >"$corpus/faults-once-read"
[ "$run" -le 24 ] && fault "mutation of run $run"
echo "stat::number_of_executed_units: 7"
exit 0
EOF
chmod +x "$work/build/bin/fuzz_state_file"

out=$(GS_FUZZ_BUILD="$work/build" "$here/run-fuzzers.sh" 60 fuzz_state_file 2>&1) || {
  echo "run_fuzzers_test: run-fuzzers.sh failed on faults inside libhdf5 alone:" >&2
  echo "$out" >&2
  exit 1
}
grep -q '^fuzz_state_file  *ok in 60s: .*, 24 fault(s) inside libhdf5 kept' <<<"$out" || {
  echo "run_fuzzers_test: expected 24 faults kept, one a run; run-fuzzers.sh said:" >&2
  echo "$out" >&2
  exit 1
}
runs=$(cat "$work/state/runs")
[ "$runs" -eq 25 ] || {
  echo "run_fuzzers_test: the stand-in ran $runs times, expected 25" >&2
  exit 1
}
kept=$(find "$work/build/fuzz-artifacts/libhdf5" -name 'fuzz_state_file-crash-*' ! -name '*.log' | wc -l)
[ "$kept" -eq 24 ] || {
  echo "run_fuzzers_test: $kept inputs kept in fuzz-artifacts/libhdf5, expected 24" >&2
  exit 1
}
echo "run_fuzzers_test: 24 faults inside libhdf5 kept, the corpus input that faulted dropped, ok"
