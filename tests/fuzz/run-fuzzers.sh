#!/usr/bin/env bash
# Runs each fuzz target of a GS_FUZZ build (build-fuzz/, or $GS_FUZZ_BUILD) for SECONDS (default
# 30) on a copy of its seed corpus (tests/fuzz/corpus/<target> is never grown here), one line per
# target. A crash, leak, sanitizer report, timeout or memory blow-up fails the run and keeps the
# input in $GS_FUZZ_BUILD/fuzz-artifacts/. Targets run GS_FUZZ_JOBS at a time (one a core). Builds
# nothing.
#   tests/fuzz/run-fuzzers.sh [SECONDS] [TARGET...]
# Faults of Debian's libhdf5 itself (inside_libhdf5.awk) are kept in fuzz-artifacts/libhdf5/ and
# counted, and the target runs on for the rest of its time; GS_FUZZ_HDF5_STRICT=1 fails them too.
# fuzz_pictures's faults inside Debian's libstb (its JPEG decoder over-reads on some crafted files;
# the programs decode in a reader process of their own) are judged and kept alike, in
# fuzz-artifacts/libstb/.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:-30}"
shift || true
build="${GS_FUZZ_BUILD:-$repo/build-fuzz}"
case "$seconds" in '' | *[!0-9]* | 0) echo "run-fuzzers.sh: SECONDS must be a positive whole number, not '$seconds'" >&2; exit 2 ;; esac

# Each target with the largest input worth trying: state files are a few KB, settings and
# command lines far less; scripts leave room for a long line. grayscott-sheet's inputs take
# a state file's room (its font seeds are cut fonts of a few KB).
# Pictures: 8 KB, which holds every header and a small picture whole, and (by the bytes a
# picture's pixels need at the least) declares at most a few million pixels, so each input
# decodes in well under the 10 s a decoding may take here.
declare -A max_len=([fuzz_state_file]=16384 [fuzz_script]=16384 [fuzz_settings]=4096
  [fuzz_batch_options]=512 [fuzz_sheet_inputs]=16384 [fuzz_pictures]=8192)
targets=("$@")
[ ${#targets[@]} -eq 0 ] &&
  targets=(fuzz_state_file fuzz_script fuzz_settings fuzz_batch_options fuzz_sheet_inputs fuzz_pictures)

work="$(mktemp -d "${TMPDIR:-/tmp}/gs-fuzz-run-XXXXXX")"
trap 'rm -rf "$work"' EXIT
artifacts="$build/fuzz-artifacts"
# The targets' temporary input files go here too: one a crash leaves behind goes with the rest.
mkdir "$work/tmp"
export TMPDIR="$work/tmp"
# malloc may answer NULL, as it does outside ASan (libhdf5 asks for sizes a crafted file names);
# C++'s new still fails loudly. LeakSanitizer excuses only what libhdf5 allocates itself.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$repo/tests/fuzz/lsan-suppressions.txt:print_suppressions=0}"

# Whether a failed run's report is a fault of libhdf5 itself. An abort from glibc's own checks
# ("*** stack smashing detected ***" when libhdf5 overruns one of its stack buffers) is judged
# first by libFuzzer's stack of the abort (from the canary's check up to the function whose frame
# was overrun). Where the smashed stack left that unusable, the input runs again under gdb, whose
# backtrace is judged alike (a rerun need not fault again: the overrun depends on what refused
# allocations left, so the first stack is the one to trust when it names a function).
inside_libhdf5() {
  local log="$1" binary="$2" input="$3" lib="${4:-libhdf5}"
  if grep -q '^\*\*\* .* \*\*\*: terminated' "$log" &&
    ! grep -qE 'ERROR: AddressSanitizer: [a-z]|runtime error:' "$log"; then
    awk -v lib="$lib" -f "$repo/tests/fuzz/inside_libhdf5.awk" "$log" && return 0
    {
      echo "==== the input again under gdb: ERROR: libFuzzer: deadly signal (an abort)"
      timeout 60 gdb -q -batch -ex run -ex bt --args "$binary" "$input" 2>&1 | grep '^#' || true
    } >>"$log"
    sed -n '/^==== the input again under gdb/,$p' "$log" | awk -v lib="$lib" -f "$repo/tests/fuzz/inside_libhdf5.awk"
    return
  fi
  awk -v lib="$lib" -f "$repo/tests/fuzz/inside_libhdf5.awk" "$log"
}

# One target's whole run; its line (and, when it fails, its log's tail) goes to
# $work/$target.report, and its verdict is the function's status.
fuzz_target() {
  local target=$1 binary="$build/bin/$1"
  if [ -z "${max_len[$target]:-}" ] || [ ! -x "$binary" ]; then
    echo "$target: FAILED: no such target built in $build (cmake -DGS_FUZZ=ON, then build 'fuzzers')"
    return 1
  fi
  local corpus="$work/$target" seeds deadline runs attempt hdf5_faults verdict log left status
  local reported input executed last cov ft rss summary library=libhdf5
  # The library whose own faults this target keeps and counts.
  [ "$target" = fuzz_pictures ] && library=libstb
  cp -r "$repo/tests/fuzz/corpus/$target" "$corpus"
  seeds=$(find "$corpus" -type f | wc -l)
  mkdir -p "$artifacts"
  deadline=$((SECONDS + seconds))
  runs=0 attempt=0 hdf5_faults=0 verdict=ok
  # One run, or more where libhdf5's own faults end one early: the target gets its whole time,
  # however many of them there are (the deadline alone ends the runs).
  while :; do
    attempt=$((attempt + 1))
    log="$work/$target.$attempt.log"
    left=$((deadline - SECONDS))
    [ "$left" -lt 1 ] && left=1
    status=0
    (cd "$work" && "$binary" -max_total_time="$left" -max_len="${max_len[$target]}" -timeout=10 \
      -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="$artifacts/$target-" \
      "$corpus") >"$log" 2>&1 || status=$?
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    runs=$((runs + ${executed:-0}))
    reported=0
    grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|SUMMARY: ' "$log" &&
      reported=1
    [ "$status" -eq 0 ] && [ "$reported" -eq 0 ] && break
    input=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log" | tail -1)
    if [ "${GS_FUZZ_HDF5_STRICT:-0}" != 1 ] && [ -n "$input" ] &&
      inside_libhdf5 "$log" "$binary" "$input" "$library"; then
      # libhdf5 keeps state from file to file, so an input a run added to the corpus can fault
      # only when the next run reads the corpus ("MS: 0"), and then in every run after: it leaves
      # this run's copy of the corpus, as a mutation that faults never joins it.
      find "$corpus" -type f -size "$(stat -c %s "$input")c" -exec cmp -s "$input" {} \; -delete
      mkdir -p "$artifacts/$library"
      mv "$input" "$artifacts/$library/"
      cp "$log" "$artifacts/$library/$(basename "$input").log"
      hdf5_faults=$((hdf5_faults + 1))
      [ $((deadline - SECONDS)) -ge 1 ] && continue
      break
    fi
    verdict="FAILED (exit $status)"
    break
  done
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  summary="$runs runs ($((runs / seconds))/s), cov ${cov:-?}, ft ${ft:-?}, corpus $seeds -> $(find "$corpus" -type f | wc -l), peak rss ${rss:-?} MB"
  [ "$hdf5_faults" -gt 0 ] &&
    summary+=", $hdf5_faults fault(s) inside $library kept in $artifacts/$library/"
  printf '%-19s %s in %ss: %s\n' "$target" "$verdict" "$seconds" "$summary"
  [ "$verdict" = ok ] && return 0
  echo "---- last lines of $target's log:"
  tail -n 60 "$log"
  echo "---- the input is kept: ${input:-(none written)}"
  return 1
}

# GS_FUZZ_JOBS targets at a time (default: one a core), each on a core of its own; the lines come
# in the targets' order.
jobs="${GS_FUZZ_JOBS:-$(nproc)}"
mkdir -p "$artifacts"
pids=()
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_target "$target" >"$work/$target.report" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!targets[@]}"; do
  wait "${pids[$i]}" || failed=1
  cat "$work/${targets[$i]}.report"
done
exit "$failed"
