#!/usr/bin/env bash
# Runs inside_libhdf5.awk on each kept fuzz log in judged-logs/: a log named inside-* must be
# judged a fault of libhdf5 itself (exit 0), one named ours-* a fault of ours (exit 1). The logs
# are real reports (ours-* with the faulting frame moved into our code), so a change to the judge
# that would pass our own faults as libhdf5's, or fail libhdf5's again, fails here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
failed=0 judged=0
for log in "$here"/judged-logs/*.log; do
  name="$(basename "$log")"
  case "$name" in
    inside-*) want=0 ;;
    ours-*) want=1 ;;
    *) echo "judge_logs_test: $name: named neither inside-* nor ours-*" >&2; exit 2 ;;
  esac
  got=0
  lib=libhdf5
  case "$name" in *-libstb-*) lib=libstb ;; esac
  awk -v lib="$lib" -f "$here/inside_libhdf5.awk" "$log" || got=$?
  judged=$((judged + 1))
  if [ "$got" -ne "$want" ]; then
    echo "judge_logs_test: $name judged exit $got, expected $want" >&2
    failed=1
  fi
done
[ "$judged" -ge 2 ] || { echo "judge_logs_test: found only $judged log(s)" >&2; exit 2; }
echo "judge_logs_test: $judged logs judged as named"
exit "$failed"
