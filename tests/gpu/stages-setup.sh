# The first two stages of tests/gpu/device-check.sh: preflight and build (sourced by check-lib.sh).
# shellcheck shell=bash

# Unpacks one .deb like `dpkg -x`; without dpkg (not expected there), with Python's ar and tar.
unpack_deb() {
  if command -v dpkg-deb >/dev/null; then dpkg-deb -x "$1" "$2"; else python3 "$GS_ROOT/tests/gpu/unpack_deb.py" "$1" "$2"; fi
}

# What the machine is, and the carried packages unpacked and proven closed; fails in seconds.
# Call 2 on the same machine reuses call 1's results (preflight-reuse.sh) after the cheap checks.
stage_preflight() {
  local env=$GS_WORK/env.sh missing=() p n calls fingerprint
  # The check itself first: nothing it runs may call a tool the GPU machine lacks.
  calls=$(debugger_calls_in_scripts)
  [ -z "$calls" ] || fail "the check's scripts call gdb, strace or perf, which the GPU machine lacks: $calls"  # names-debuggers
  # Our programs' library path extends the caller's (the driver may be found through it).
  export GS_RUN_LD="$GS_DEPS/usr/lib/x86_64-linux-gnu:$GS_DEPS/lib/x86_64-linux-gnu"
  [ "$(LD_LIBRARY_PATH=/driver-probe ours printenv LD_LIBRARY_PATH)" = "$GS_RUN_LD:/driver-probe" ] ||
    fail "ours() does not extend LD_LIBRARY_PATH: the driver found through it would be lost"
  # The carried packages first: without them nothing else can work.
  [ -s .deps/packages.txt ] || fail "no carried packages (.deps/packages.txt): run scripts/fetch-device-debs.sh on the build machine and carry .deps with the tree"
  while read -r p; do
    n=$(find .deps/debs -maxdepth 1 -name "${p}_*_*.deb" | wc -l)
    [ "$n" -eq 1 ] || missing+=("$p")
  done <.deps/packages.txt
  [ ${#missing[@]} -eq 0 ] || fail "carried packages missing from .deps/debs: ${missing[*]} (rerun scripts/fetch-device-debs.sh)"
  # Tools. /usr/local/cuda/bin may not be on PATH there.
  local cuda_bin=/usr/local/cuda/bin
  [ -d "$cuda_bin" ] && PATH=$PATH:$cuda_bin
  for p in nvcc cmake ninja g++ python3 readelf getconf awk sed find tar gzip cmp od timeout sha256sum; do
    command -v "$p" >/dev/null || fail "$p not found (PATH=$PATH)"
  done
  fingerprint=$(preflight_fingerprint)
  # (Called as a condition, reuse_preflight checks each step itself: errexit is off in it.)
  reuse_preflight "$fingerprint" && return 0
  forget_preflight

  echo "== unpacking $(wc -l <.deps/packages.txt) packages into $GS_DEPS"
  rm -rf "$GS_DEPS"
  mkdir -p "$GS_DEPS"
  for p in .deps/debs/*.deb; do unpack_deb "$p" "$GS_DEPS"; done
  local loaders_in_root="GL loaders in /"
  if ! dry; then
    # NVIDIA's EGL is found with the GL loaders in / (never in the dry run). Not
    # fatal: the carried copies also come first on the programs' library path.
    while read -r p; do
      run unpack_deb .deps/debs/"${p}"_*.deb / || loaders_in_root="GL loaders NOT in / (not root?)"
    done <.deps/loader-packages.txt
    run ldconfig || loaders_in_root+=", ldconfig failed"
  fi
  run "$GS_ROOT/tests/gpu/check-needed.sh" "$GS_DEPS" || fail "the carried libraries are not closed (see preflight.log)"
  echo "$fingerprint" >"$GS_DEPS/.gs-fingerprint"  # what was unpacked, for the next call

  # The base libraries check-needed.sh assumes, and a glibc as new as the carried ones need.
  local ldcache glibc need
  ldcache=$( (ldconfig -p || /sbin/ldconfig -p) 2>/dev/null | awk '{print $1}')
  for p in libc.so.6 libm.so.6 libstdc++.so.6 libgcc_s.so.1 libgomp.so.1 libz.so.1; do
    grep -qx "$p" <<<"$ldcache" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] || fail "base libraries missing on this machine: ${missing[*]}"
  glibc=$(getconf GNU_LIBC_VERSION | awk '{print $2}')
  need=$(find "$GS_DEPS" -type f -name '*.so*' -exec readelf -V {} + 2>/dev/null |
    grep -oE 'Name: GLIBC_[0-9.]+' | sed 's/.*GLIBC_//' | sort -V | tail -1) || true
  [ "$(printf '%s\n%s\n' "$need" "$glibc" | sort -V | head -1)" = "$need" ] ||
    fail "glibc $glibc is older than the $need the carried Debian 12 libraries need"
  echo "os: $(. /etc/os-release && echo "$PRETTY_NAME"), glibc $glibc (carried libraries need $need)"

  local nvcc_v cmake_v gcc_v
  nvcc_v=$(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')
  cmake_v=$(cmake --version | awk 'NR == 1 {print $3}')
  gcc_v=$(g++ -dumpfullversion)
  [ "$(printf '3.24\n%s\n' "$cmake_v" | sort -V | head -1)" = 3.24 ] || fail "cmake $cmake_v is older than the 3.24 the project needs"
  # libgtest.a and libimgui.a are Debian 12's, built by GCC 12: an older libstdc++ may lack
  # symbols they use. Said, not failed: the build stage shows whether it links.
  [ "${gcc_v%%.*}" -ge 12 ] || figure "WARNING g++ $gcc_v is older than the GCC 12 that built the carried static libraries;"
  echo "tools: nvcc $nvcc_v, cmake $cmake_v, ninja $(ninja --version), g++ $gcc_v, $(python3 --version)"

  # The glad generator runs on this machine's python3 from the carried pure-Python packages.
  local glad_py=$GS_DEPS/usr/lib/python3/dist-packages escape
  escape=$(PYTHONPATH=$glad_py python3 -c 'import glad, jinja2, markupsafe; print(markupsafe.escape.__module__)') ||
    fail "the carried glad generator does not import on $(python3 --version)"
  echo "glad: imports on $(python3 --version), markupsafe from $escape"
  find_pythons

  # The GPU: nvidia-smi, and a tiny query built with this nvcc (SMs and L2 are not in nvidia-smi).
  local gpu="" query=$GS_WORK/device-query
  run nvcc -arch=sm_90 -o "$query" "$GS_ROOT/tests/gpu/device_query.cu" || fail "nvcc cannot build a trivial sm_90 program"
  if dry; then
    gpu="no GPU (dry run)"
  else
    run nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap,clocks.max.sm --format=csv || true
    # Through ours(), as every program of ours runs: a lost driver shows here, in seconds.
    gpu=$(ours "$query") || fail "no CUDA device answers: $gpu"
    echo "$gpu"
    gpu=$(echo "$gpu" | head -1 | sed 's/^device 0: //')
  fi
  probe_device_tools "$query"

  # EGL on the GPU: the NVIDIA vendor file, where it lies on the GPU machine when the default is
  # absent; the probe and every stage after it use it.
  local egl_vendor=""
  if ! dry && ! ls /usr/share/glvnd/egl_vendor.d/*nvidia*.json >/dev/null 2>&1; then
    egl_vendor=$(find /usr/local/nvidia /usr/share /etc -path '*egl_vendor.d*' -name '*nvidia*.json' 2>/dev/null | head -1) || true
  fi
  [ -n "$egl_vendor" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$egl_vendor
  probe_egl_interop
  # Here the app's CPU run needs Mesa's EGL (libegl-mesa0): an EGL that fails is this machine's
  # fault, and the dry run would skip the app instead of proving it.
  if dry && [ -n "$GS_EGL_UNUSABLE" ]; then fail "EGL unusable here (the dry run needs Mesa's, libegl-mesa0): $GS_EGL_UNUSABLE"; fi

  {
    echo "export PATH='$PATH'"
    echo "export GS_RUN_LD='$GS_RUN_LD'"
    echo "export GS_PY='$GS_PY' GS_PY_MODULES='$GS_PY_MODULES' GS_PEER_PY='$GS_PEER_PY'"
    echo "export GS_SANITIZER='$GS_SANITIZER' GS_SANITIZER_UNUSABLE=$(printf %q "$GS_SANITIZER_UNUSABLE")"
    echo "export GS_NCU='$GS_NCU' GS_NCU_UNUSABLE=$(printf %q "$GS_NCU_UNUSABLE")"
    echo "export GS_EGL_UNUSABLE=$(printf %q "$GS_EGL_UNUSABLE") GS_INTEROP_UNUSABLE=$(printf %q "$GS_INTEROP_UNUSABLE")"
    [ -n "$egl_vendor" ] && echo "export __EGL_VENDOR_LIBRARY_FILENAMES='$egl_vendor'"
    echo "export XLA_PYTHON_CLIENT_PREALLOCATE=false"  # JAX: take GPU memory as needed, not 75%
    echo "export PYTHONDONTWRITEBYTECODE=1"  # no __pycache__ in the tree
    echo "$PREFLIGHT_COMPLETE"
  } >"$env"
  cat "$env"
  dry || figure "$loaders_in_root${egl_vendor:+, EGL vendor $egl_vendor};"
  figure "$gpu; $(. /etc/os-release && echo "$ID $VERSION_ID") glibc $glibc (carried need $need); nvcc $nvcc_v, cmake $cmake_v, g++ $gcc_v;"
  figure "pythons: $(printf '%s, ' "${PY_FOUND[@]}" | sed 's/, $//'); $(wc -l <.deps/packages.txt) debs closed;"
  figure "compute-sanitizer: ${GS_SANITIZER_UNUSABLE:-runs a kernel}; ncu: ${GS_NCU_UNUSABLE:-profiles a kernel};"
  figure "$EGL_INTEROP_FOUND; LD_LIBRARY_PATH extended; no gdb/strace/perf in the scripts"
  keep_preflight "$fingerprint"
  figure "(in full: $PREFLIGHT_FULL_REASON)"  # after the kept figures: a reuse says its own
}

# The build for sm_90 from the carried packages only.
stage_build() {
  local tools=$GS_WORK/tools d=$GS_DEPS lib=$GS_DEPS/usr/lib/x86_64-linux-gnu t0
  mkdir -p "$tools"
  # pkg-config: the carried pkgconf, reading only the carried .pc files, paths under $GS_DEPS.
  cat >"$tools/pkg-config" <<EOF
#!/bin/sh
LD_LIBRARY_PATH=$lib PKG_CONFIG_LIBDIR=$lib/pkgconfig:$d/usr/share/pkgconfig PKG_CONFIG_SYSROOT_DIR=$d exec $d/usr/bin/pkgconf "\$@"
EOF
  # glad: the carried generator on this machine's python3.
  cat >"$tools/glad" <<EOF
#!/bin/sh
PYTHONPATH=$d/usr/lib/python3/dist-packages exec python3 -m glad "\$@"
EOF
  chmod +x "$tools/pkg-config" "$tools/glad"
  t0=$(date +%s)
  # Tests are listed when ctest runs (PRE_TEST), not by running them at build time without the
  # carried libraries on the loader path. The app's Xvfb tests are not built here (no xvfb-run).
  run cmake -S "$GS_ROOT" -B "$GS_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGS_CUDA=ON -DGS_MPI=OFF \
    -DGS_BUILD_APP=ON -DGS_BUILD_TESTS=ON -DGS_HDF5=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_PREFIX_PATH="$d/usr" -DCMAKE_LIBRARY_PATH="$lib;$d/lib/x86_64-linux-gnu" \
    -DCMAKE_INCLUDE_PATH="$d/usr/include" -DPKG_CONFIG_EXECUTABLE="$tools/pkg-config" \
    -DGLAD_GENERATOR="$tools/glad" -DXVFB_RUN=/nonexistent/xvfb-run \
    -DCMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE=PRE_TEST \
    -DGTest_DIR="$lib/cmake/GTest" -Dglfw3_DIR="$lib/cmake/glfw3" \
    -DCLI11_DIR="$d/usr/share/cmake/CLI11" -Dnlohmann_json_DIR="$d/usr/share/cmake/nlohmann_json" \
    -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath-link,$lib:$d/lib/x86_64-linux-gnu" || fail "configure failed"

  # Every library CMake found must come from the carried packages.
  local var value foreign=()
  for var in HDF5_C_INCLUDE_DIR HDF5_hdf5_LIBRARY_RELEASE OPENGL_opengl_LIBRARY OPENGL_egl_LIBRARY \
    OPENGL_EGL_INCLUDE_DIR GTest_DIR glfw3_DIR CLI11_DIR nlohmann_json_DIR IMGUI_INCLUDEDIR \
    STB_INCLUDEDIR PKG_CONFIG_EXECUTABLE GLAD_GENERATOR; do
    value=$(sed -n "s/^$var:[A-Z]*=//p" "$GS_BUILD/CMakeCache.txt")
    echo "found: $var=$value"
    [ -z "$value" ] || [[ "$value" == "$d"* || "$value" == "$tools"* ]] || foreign+=("$var=$value")
  done
  [ ${#foreign[@]} -eq 0 ] || fail "found outside the carried packages: ${foreign[*]}"

  run cmake --build "$GS_BUILD" -j "$GS_JOBS" --target grayscott-batch engine_tests gpu_tests grayscott ||
    fail "build failed after $(($(date +%s) - t0))s"
  run "$GS_ROOT/tests/gpu/check-needed.sh" "$GS_DEPS" "$GS_BUILD"/bin/grayscott "$GS_BUILD"/bin/grayscott-batch \
    "$GS_BUILD"/bin/engine_tests "$GS_BUILD"/bin/gpu_tests || fail "a program needs a library that is not carried"
  ours ldd "$GS_BUILD/bin/grayscott" | grep 'not found' && fail "grayscott: libraries not found at run time"
  local video="PNG sequences (no libav carried)"
  grep -q '^LIBAV_FOUND:INTERNAL=1' "$GS_BUILD/CMakeCache.txt" && video="H.264 MP4"
  figure "engine, grayscott-batch, engine_tests, gpu_tests, grayscott for sm_90 in $(($(date +%s) - t0))s (-j$GS_JOBS), every package found under $d; recordings: $video"
}
