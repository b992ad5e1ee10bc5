# The GPU tests, compute-sanitizer, the benchmark, the block sweep and ncu, stages of
# tests/gpu/device-check.sh (sourced by check-lib.sh).
# shellcheck shell=bash

# Counts from a GoogleTest XML report, by test case: "tests failures skipped".
gtest_counts() {
  echo "$(grep -c '<testcase ' "$1") $(grep -c '<failure' "$1") $(grep -c 'result="skipped"' "$1")"
}

# The interop gtests: the real app on EGL's interop path (tests/gpu/app_interop_gpu_test.cpp).
INTEROP_TESTS='AppInteropGpu.*'
# gpu_tests' filter: every test, or all but the interop tests where preflight found EGL or
# interop unusable (an environment limit: said in the figure, not failed).
gpu_tests_filter() {
  if [ -n "$(interop_unusable)" ]; then echo "-$INTEROP_TESTS"; else echo '*'; fi
}

# The kernels under the CPU launch emulator, then the GPU tests (bit equality with the twin).
#    The GPU tests run as one process (one CUDA context), the same tests as `ctest -L gpu`.
stage_gpu_tests() {
  need_build
  local tests failures skipped emulated filter left_out=""
  run ours "$GS_BUILD/bin/engine_tests" --gtest_filter='*Emulat*:*LaunchShape*' \
    --gtest_output="xml:$GS_LOGS/emulated.xml" || fail "emulated kernels failed"
  read -r tests failures skipped < <(gtest_counts "$GS_LOGS/emulated.xml")
  [ "$tests" -gt 0 ] || fail "no emulated-kernel tests matched"
  emulated="emulated kernels: $tests passed;"
  filter=$(gpu_tests_filter)
  [ "$filter" = '*' ] || left_out="; the interop tests ($INTEROP_TESTS) left out: $(interop_unusable)"
  set +e
  run ours "$GS_BUILD/bin/gpu_tests" --gtest_filter="$filter" --gtest_output="xml:$GS_LOGS/gpu_tests.xml"
  local rc=$?
  set -e
  [ -f "$GS_LOGS/gpu_tests.xml" ] || fail "$emulated gpu_tests did not run (exit $rc)"
  read -r tests failures skipped < <(gtest_counts "$GS_LOGS/gpu_tests.xml")
  { [ "$rc" -eq 0 ] && [ "$failures" -eq 0 ]; } || fail "$emulated gpu_tests: $failures of $tests failed$left_out"
  if dry; then
    # Here they must start (the carried libraries suffice) and fail nothing: with no device
    # they skip themselves.
    figure "$emulated gpu_tests: $tests start, $skipped skip themselves (no device); the GPU run needs a GPU$left_out"
  else
    [ "$skipped" -eq 0 ] || fail "$emulated gpu_tests: $skipped of $tests skipped on the GPU machine: $(grep -B1 -m3 '<skipped' "$GS_LOGS/gpu_tests.xml" | sed -n 's/.*testcase name="\([^"]*\)".*/\1/p' | tr '\n' ' ')"
    figure "$emulated gpu_tests: $tests passed on the GPU$left_out"
  fi
}

# The sanitizer set: every kernel and path once on awkward sizes (tests/gpu/sanitizer_set_test.cpp),
# made for compute-sanitizer, whose memcheck and initcheck slow each launch many times over.
SANITIZER_FILTER='SanitizerSet*'

# The sanitizer set's tests that the filter selects: the count, from gtest's own listing.
sanitizer_set_count() {
  ours "$GS_BUILD/bin/gpu_tests" --gtest_list_tests --gtest_filter="$1" | grep -c '^  '
}

# compute-sanitizer memcheck (leaks included), then initcheck, over the sanitizer set. Where the
# tool cannot use the device (preflight ran it on one kernel; a gVisor sandbox answers "Device
# not supported") the stage skips with the tool's own words.
stage_sanitizer() {
  need_build
  local filter=${GS_SANITIZER_FILTER:-$SANITIZER_FILTER} count
  count=$(sanitizer_set_count "$filter") || count=0
  [ "$count" -gt 0 ] || fail "the sanitizer filter '$filter' selects no test of gpu_tests"
  ours "$GS_BUILD/bin/gpu_tests" --gtest_list_tests --gtest_filter="$filter"
  dry && skip "the filter $filter selects $count tests of gpu_tests; running them under memcheck and initcheck needs a GPU (${GS_SANITIZER_UNUSABLE:-})"
  [ -z "${GS_SANITIZER_UNUSABLE:-}" ] || skip "compute-sanitizer cannot use the device here: $GS_SANITIZER_UNUSABLE"
  local tool t rc errors result=()
  for tool in memcheck initcheck; do
    # memcheck (with leak tracking, the slower) gets three fifths of the stage, initcheck the rest.
    if [ $tool = memcheck ]; then t=$((GS_STAGE_LIMIT * 3 / 5)); else t=$((GS_STAGE_LIMIT * 2 / 5 - 5)); fi
    local extra=()
    [ $tool = memcheck ] && extra=(--leak-check full)
    set +e
    run ours timeout "$t" "$GS_SANITIZER" --tool $tool "${extra[@]}" --error-exitcode 3 \
      "$GS_BUILD/bin/gpu_tests" --gtest_filter="$filter" --gtest_brief=1 >"$GS_LOGS/$tool.log" 2>&1
    rc=$?
    set -e
    errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$GS_LOGS/$tool.log" | tail -1)
    case $rc in
      0) result+=("$tool ok (${errors:-0} errors)") ;;
      124) result+=("$tool TIMEOUT after ${t}s") ;;
      *) result+=("$tool FAIL (exit $rc, ${errors:-?} errors)") ;;
    esac
    tail -n 5 "$GS_LOGS/$tool.log"
  done
  figure "${result[*]}; $count tests ($filter)"
  [[ "${result[*]}" != *FAIL* && "${result[*]}" != *TIMEOUT* ]]
}

# Where the course run's 8.3 GB frames file goes: memory (/dev/shm) where it has room for it,
# else the build's disk (a slow /tmp made the write, not the GPU, the course run's figure).
fast_frames_dir() {
  local free
  free=$(df --output=avail -B1 /dev/shm 2>/dev/null | tail -1 | tr -d ' ')
  if [ -w /dev/shm ] && [ "${free:-0}" -gt $((10 * 1024 * 1024 * 1024)) ]; then
    echo /dev/shm
  else
    echo "$GS_WORK"
  fi
}

# The benchmark: copy ceilings, the grids, the course benchmark, graph capture against replay.
stage_bench() {
  need_build
  local batch=$GS_BUILD/bin/grayscott-batch log=$GS_LOGS/bench-cuda.log v frames_dir
  frames_dir=$(fast_frames_dir)
  if dry; then
    # The summary's parser, tried on the CPU table (the CUDA table has the same columns).
    run ours "$batch" --bench --backend cpu --width 256 --height 192 | tee "$GS_LOGS/bench-cpu.log"
    v=$(bench_col "$GS_LOGS/bench-cpu.log" 256x192 Mcells/s fast)
    [ -n "$v" ] || fail "the bench table's columns were not found"
    skip "needs a GPU (the table's parser read the CPU bench: 256x192 fast $v Mcells/s; the course run's frames would go to $frames_dir)"
  fi
  # The benchmark writes its frames file in the temporary folder.
  TMPDIR=$frames_dir run ours "$batch" --bench --backend cuda >"$log" 2>&1 || { cat "$log"; fail "the benchmark failed"; }
  cat "$log"
  grep -q '^backend: cuda' "$log" || fail "the benchmark did not run on CUDA: $(grep '^backend' "$log")"
  local copy row grids=""
  copy=$(sed -n 's/^copy: *\([0-9.]*\) GB.*/\1/p' "$log" | head -1)
  for row in 512x512 1920x1080 4096x4096 8192x8192; do
    v=$(bench_col "$log" $row Mcells/s)
    [ -n "$v" ] || fail "no $row row in the benchmark"
    grids+=" $row $v Mcells/s $(bench_col "$log" $row %copy),"
  done
  v=$(bench_col "$log" 4096x4096 %copy | tr -d %)
  target step-kernel "${v:-?}% of ${copy:-?} GB/s ($(bench_col "$log" 4096x4096 GB/s) GB/s)" "$(verdict "${v:-0}" ">= 85")"
  figure "copy ${copy:-?} GB/s;$grids"
  # The course benchmark: 1000 frames of 32 steps on 1920x1080, its compute seconds.
  v=$(bench_col "$log" course compute)
  [ -n "$v" ] || fail "no course row in the benchmark"
  target course "$v s compute ($(bench_col "$log" course Mcells/s) Mcells/s)" "$(verdict "$v" "< 0.5")"
  figure "$(grep -iE 'course' "$log" | grep -vE '^[0-9]+x[0-9]+ ' | head -2 | cut -c1-140 | tr '\n' ';')"
  figure "the course run's frames file in $frames_dir"
  # The course run with its frames file against a plain write of as many bytes in the same
  # folder (the benchmark's note): overlapped, the run takes little more than the disk.
  local plain wall ratio
  plain=$(sed -n 's/^course+h5 .*a plain write of as many bytes there: \([0-9.]*\) s.*/\1/p' "$log")
  wall=$(sed -n 's/^course+h5 .*the run.s wall \([0-9.]*\) s .*/\1/p' "$log")
  ratio=$(sed -n 's/^course+h5 .* \/ that: \([0-9.]*\)x.*/\1/p' "$log")
  target frames "${ratio:-?}x a plain write of the 8.3 GB: wall ${wall:-?} s, the write ${plain:-?} s" "$(verdict "${ratio:-99}" "<= 1.5")"
}

# A quick benchmark's JSON field (grayscott-batch --bench --bench-steps N --json), whole.
quick_field() {
  python3 -c 'import json, sys; print(round(json.load(open(sys.argv[1]))[sys.argv[2]]))' "$1" "$2"
}

# Block shapes and the strided kernel at 4096x4096, each one quick measurement of 200 steps
# (about a second a call; full tables took ten each).
stage_sweep() {
  need_build
  local batch=$GS_BUILD/bin/grayscott-batch block v best="" best_v=0 default_v="" strided
  local quick=(--bench --bench-steps 200 --json --width 4096 --height 4096)
  if dry; then
    # Here the CPU twin answers the same quick call on a small grid: the stage's parsing is real.
    run ours "$batch" --bench --bench-steps 20 --json --backend cpu --width 256 --height 256 \
      >"$GS_LOGS/quick-cpu.json" || fail "the quick benchmark failed on the CPU twin"
    v=$(quick_field "$GS_LOGS/quick-cpu.json" mcells_per_s) || fail "no quick benchmark figure"
    skip "the quick benchmark reads back ($v Mcells/s on the twin at 256x256); the blocks $SWEEP_BLOCKS and strided need a GPU"
  fi
  for block in $SWEEP_BLOCKS; do
    run ours "$batch" "${quick[@]}" --backend cuda --block "$block" \
      >"$GS_LOGS/block-$block.json" 2>"$GS_LOGS/block-$block.log" || fail "block $block failed"
    v=$(quick_field "$GS_LOGS/block-$block.json" mcells_per_s)
    echo "block $block: ${v:-?} Mcells/s"
    [ "$block" = 32x8 ] && default_v=$v
    [ "${v:-0}" -gt "$best_v" ] && { best_v=$v; best=$block; }
  done
  run ours "$batch" "${quick[@]}" --backend cuda --kernel strided \
    >"$GS_LOGS/strided.json" 2>"$GS_LOGS/strided.log" || fail "the strided kernel failed"
  strided=$(quick_field "$GS_LOGS/strided.json" mcells_per_s)
  figure "best $best $best_v Mcells/s, default 32x8 $default_v; strided $strided"
}

# GL compute against CUDA on the same GPU: the gl backend on a headless EGL context (NVIDIA's),
# one quick measurement of 200 steps at 4096x4096 each, side by side; the gl backend's % of its
# own copy ceiling (a GL buffer copy), and which fma it runs.
stage_gl() {
  need_build
  local batch=$GS_BUILD/bin/grayscott-batch gl cuda ratio description
  local quick=(--bench --bench-steps 200 --json --width 4096 --height 4096)
  if dry; then
    # llvmpipe here: the same call on a small grid, so the stage's reading is real.
    run ours "$batch" --bench --bench-steps 20 --json --backend gl --width 128 --height 96 \
      >"$GS_LOGS/quick-gl.json" 2>"$GS_LOGS/quick-gl.log" || fail "the gl backend's quick benchmark failed: $(tail -n 1 "$GS_LOGS/quick-gl.log")"
    gl=$(quick_field "$GS_LOGS/quick-gl.json" mcells_per_s) || fail "no gl benchmark figure"
    skip "the gl backend's quick benchmark reads back ($gl Mcells/s on llvmpipe at 128x96); gl against cuda at 4096x4096 needs a GPU"
  fi
  [ -z "${GS_EGL_UNUSABLE:-}" ] || skip "EGL unusable here: $GS_EGL_UNUSABLE (the gl backend needs a context)"
  run ours "$batch" "${quick[@]}" --backend cuda >"$GS_LOGS/quick-cuda.json" 2>"$GS_LOGS/quick-cuda.log" ||
    fail "cuda's quick benchmark failed: $(tail -n 1 "$GS_LOGS/quick-cuda.log")"
  run ours "$batch" "${quick[@]}" --backend gl >"$GS_LOGS/quick-gl.json" 2>"$GS_LOGS/quick-gl.log" ||
    fail "the gl backend failed: $(tail -n 1 "$GS_LOGS/quick-gl.log")"
  description=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["description"])' "$GS_LOGS/quick-gl.json")
  [[ "$description" == *llvmpipe* ]] && fail "the gl backend ran on llvmpipe, not the GPU: $description"
  gl=$(quick_field "$GS_LOGS/quick-gl.json" mcells_per_s)
  cuda=$(quick_field "$GS_LOGS/quick-cuda.json" mcells_per_s)
  ratio=$(awk -v g="$gl" -v c="$cuda" 'BEGIN { printf "%.0f", c > 0 ? 100 * g / c : 0 }')
  target gl "$ratio% ($gl against $cuda Mcells/s)" "$(verdict "$ratio" ">= 70")"
  figure "gl $gl Mcells/s ($(quick_field "$GS_LOGS/quick-gl.json" percent_of_copy)% of its copy), cuda $cuda; $description"
}

# Nsight Compute on the step kernel (speed of light, memory workload), if time is left.
stage_ncu() {
  need_build
  dry && skip "needs a GPU (ncu SpeedOfLight and MemoryWorkloadAnalysis at 1920x1080 and 4096x4096)"
  [ -z "${GS_NCU_UNUSABLE:-}" ] || skip "ncu cannot profile here: $GS_NCU_UNUSABLE"
  local ncu=$GS_NCU grid t f=""
  t=$((GS_STAGE_LIMIT / 2 - 5))
  for grid in 1920x1080 4096x4096; do
    run ours timeout "$t" "$ncu" --clock-control none --section SpeedOfLight \
      --section MemoryWorkloadAnalysis -k regex:step_kernel -c 2 \
      "$GS_BUILD/bin/grayscott-batch" --backend cuda --width "${grid%x*}" --height "${grid#*x}" \
      --steps 20 >"$GS_LOGS/ncu-$grid.log" 2>&1 || { tail -n 20 "$GS_LOGS/ncu-$grid.log"; fail "ncu at $grid failed"; }
    {
      echo "$grid:"
      grep -E '^\s*(DRAM Throughput|Memory Throughput|Compute \(SM\) Throughput|Duration|L2 Hit Rate|L1/TEX Hit Rate)' \
        "$GS_LOGS/ncu-$grid.log" | head -12
    } | tee -a "$GS_LOGS/ncu.table"
    f+="$grid DRAM $(awk '/DRAM Throughput/ {print $NF; exit}' "$GS_LOGS/ncu-$grid.log")%, "
  done
  figure "${f%, } (of peak, 2 step kernels each)"
}
