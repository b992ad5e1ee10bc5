#!/usr/bin/env bash
# The GPU check in one command, for a lent device machine (nvcc, CMake, ninja, compute-sanitizer;
# no package registry, no -dev packages). Builds the engine, grayscott-batch and the tests with
# the .deb files that scripts/fetch-device-debs.sh put in .deps/debs (carried with the tree),
# runs the `gpu` tests and the emulated-kernel tests, compute-sanitizer on a short run, the
# benchmark with the copy-bandwidth ceiling, a block-shape sweep and the strided kernel, and
# prints a short table last. Full logs go to $OUT (default ./device-check-out).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-$PWD/device-check-out}
mkdir -p "$out"
deps=/tmp/gs-deps
build=build-device
results=()
record() { results+=("$(printf '%-28s %-5s %s' "$1" "$2" "$3")"); }
run_logged() {  # name, log file, command...
  local name=$1 log=$2
  shift 2
  if "$@" >"$out/$log" 2>&1; then record "$name" ok "$log"; return 0; fi
  record "$name" FAIL "$log (tail below)"
  tail -n 15 "$out/$log"
  return 1
}

mkdir -p "$deps"
for deb in .deps/debs/*.deb; do dpkg -x "$deb" "$deps"; done
hdf5=OFF
[ -f /usr/include/hdf5.h ] || [ -f /usr/include/hdf5/serial/hdf5.h ] && hdf5=ON

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >"$out/gpu.txt" 2>&1
run_logged configure configure.log cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DGS_CUDA=ON -DGS_BUILD_APP=OFF -DGS_BUILD_TESTS=ON -DGS_HDF5=$hdf5 \
  -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH="$deps/usr" \
  -DGTest_DIR="$deps/usr/lib/x86_64-linux-gnu/cmake/GTest" \
  -DCLI11_DIR="$deps/usr/share/cmake/CLI11" -DCMAKE_CXX_FLAGS="-isystem $deps/usr/include" \
  -Dnlohmann_json_DIR="$deps/usr/share/cmake/nlohmann_json" || { printf '%s\n' "${results[@]}"; exit 1; }
run_logged build build.log cmake --build "$build" --target grayscott-batch gpu_tests engine_tests ||
  { printf '%s\n' "${results[@]}"; exit 1; }

batch="$build/bin/grayscott-batch"
run_logged list-backends backends.log "$batch" --list-backends
run_logged "gpu tests" gpu-tests.log ctest --test-dir "$build" -L gpu --output-on-failure
run_logged "emulated kernels (CPU)" emulated.log "$build/bin/engine_tests" --gtest_filter='*Emulat*:*LaunchShape*'
run_logged "compute-sanitizer memcheck" memcheck.log compute-sanitizer --tool memcheck --error-exitcode 1 \
  "$batch" --backend cuda --width 333 --height 257 --frames 3 --steps-per-frame 5
run_logged "bench (course + sizes)" bench.log "$batch" --bench --backend cuda
for block in 32x4 32x8 32x16 64x4 128x2 256x1 16x16; do
  run_logged "block $block 4096x4096" "block-$block.log" "$batch" --bench --backend cuda --width 4096 --height 4096 --block "$block"
done
run_logged "strided kernel 4096x4096" strided.log "$batch" --bench --backend cuda --width 4096 --height 4096 --kernel strided

echo
echo "== device: $(cat "$out/gpu.txt")"
cat "$out/backends.log"
echo "== bench"
cat "$out/bench.log"
echo "== 4096x4096 by block shape (ms/step, Mcells/s, %copy)"
for block in 32x4 32x8 32x16 64x4 128x2 256x1 16x16; do
  printf '%-8s %s\n' "$block" "$(grep '^4096x4096' "$out/block-$block.log" | awk '{print $3, $4, $6}')"
done
printf '%-8s %s\n' strided "$(grep '^4096x4096' "$out/strided.log" | awk '{print $3, $4, $6}')"
echo "== checks"
printf '%s\n' "${results[@]}"
! printf '%s\n' "${results[@]}" | grep -q ' FAIL '
