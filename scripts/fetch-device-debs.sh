#!/usr/bin/env bash
# Downloads every Debian 12 (amd64) package the GPU device check needs into .deps/debs, to be
# carried to a GPU machine that has nvcc, CMake and Python but no package registry and none of
# the -dev packages: the -dev packages the build uses, the tools it lacks (pkg-config, the
# glad 2 generator), the GL loaders, and the shared-library closure of all of them. The list is
# explicit (below); after a download the script unpacks everything into a scratch folder and
# proves the closure with tests/gpu/check-needed.sh, so a Debian update that adds a dependency
# fails here, not on the GPU machine. Safe to run again: when .deps/debs already holds exactly
# this list it only prints the carried size.
#
# Not carried, by measurement: FFmpeg (libavcodec/libavformat/libswscale/libavutil with their
# -dev packages). Its NEEDED closure is 62 MB of .debs (libicu72 9 MB through libxml2,
# libcodec2 8 MB, libavcodec59 5 MB, its -dev 5.6 MB, libmfx1 3 MB, librsvg2 2.5 MB, ...), and
# everything carried must stay within 64 MiB. The device check builds the app without libav,
# whose recordings are then PNG sequences, and says so.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build-time files: headers, static libraries, CMake and pkg-config files.
dev=(libgtest-dev libcli11-dev nlohmann-json3-dev libhdf5-dev libglfw3-dev libimgui-dev libstb-dev
  libegl-dev libgl-dev libgles-dev libglx-dev libopengl-dev libglvnd-dev libglvnd-core-dev)
# Tools the GPU machine lacks: pkgconf (CMake's pkg_check_modules) and the glad 2 generator with
# its pure-Python dependencies (run there by Python 3.12 through PYTHONPATH; markupsafe's C
# speedups are built for 3.11 and it falls back to its pure-Python code).
tools=(pkgconf-bin libpkgconf3 python3-glad python3-jinja2 python3-markupsafe)
# The GL loaders (libglvnd) and Vulkan's, unpacked into / on the GPU machine so that NVIDIA's EGL
# vendor library is found. They are also the runtime half of the -dev packages above.
loaders=(libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
# Runtime libraries and their DT_NEEDED closure, minus the base that every Linux with a C++
# toolchain has (glibc, libstdc++6, libgcc-s1, zlib1g; see tests/gpu/check-needed.sh).
runtime=(libgles1 libstb0 libglfw3
  # GLFW's X11 client libraries: loaded at start even when no window is opened
  libx11-6 libxcb1 libxau6 libxdmcp6 libbsd0 libmd0
  # HDF5 (C), with its szip and the curl stack of its read-only S3 driver
  libhdf5-103-1 libsz2 libaec0 libcurl4 libssl3 libbrotli1 libzstd1 libnghttp2-14 libpsl5
  libidn2-0 libunistring2 librtmp1 libgnutls30 libhogweed6 libnettle8 libgmp10 libp11-kit0
  libtasn1-6 libffi8 libssh2-1 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0
  libcom-err2 libkeyutils1 libldap-2.5-0 libsasl2-2)
packages=("${dev[@]}" "${tools[@]}" "${loaders[@]}" "${runtime[@]}")

debs=.deps/debs
mkdir -p "$debs"
# .gitignore has /.deps/ too; the exclude entry keeps older checkouts from adding it. Asked of
# git, not assumed at .git/info: in a worktree .git is a file.
exclude=$(git rev-parse --git-path info/exclude)
mkdir -p "$(dirname "$exclude")"
grep -qx '/.deps/' "$exclude" 2>/dev/null || echo '/.deps/' >>"$exclude"
# The lists, for the device check: all packages (its preflight checks that each is there) and
# the loaders (it unpacks these into / on the GPU run).
printf '%s\n' "${packages[@]}" >.deps/packages.txt
printf '%s\n' "${loaders[@]}" >.deps/loader-packages.txt

have_all() {
  local p n
  for p in "${packages[@]}"; do
    n=$(find "$debs" -maxdepth 1 -name "${p}_*_*.deb" | wc -l)
    [ "$n" -eq 1 ] || return 1
  done
  # Nothing else: a stray .deb (an older version, a package dropped from the list) is carried too.
  [ "$(find "$debs" -maxdepth 1 -name '*.deb' | wc -l)" -eq ${#packages[@]} ]
}

if ! have_all || [ ! -f .deps/closure-checked ]; then
  rm -f .deps/closure-checked "$debs"/*.deb
  [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' 2>/dev/null)" ] || apt-get update -qq
  echo "fetch-device-debs: downloading ${#packages[@]} packages into $debs"
  # A stale package list names versions the mirror has dropped: update once and retry.
  (cd "$debs" && { apt-get download -qq "${packages[@]}" 2>/dev/null ||
    { apt-get update -qq && apt-get download -qq "${packages[@]}"; }; })
  have_all || { echo "fetch-device-debs: $debs does not hold exactly one .deb per package" >&2; exit 1; }
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$scratch"; done
  tests/gpu/check-needed.sh "$scratch"
  touch .deps/closure-checked
fi

# The carried size: the working tree as the device machine gets it (tracked and untracked files
# that git does not ignore) plus .deps. The limit is 64 MiB; keep a margin.
tree_bytes=$(git ls-files -co --exclude-standard -z | xargs -0 stat -c %s 2>/dev/null | awk '{s += $1} END {print s + 0}')
deps_bytes=$(find .deps -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
total=$((tree_bytes + deps_bytes))
mib() { awk -v b="$1" 'BEGIN {printf "%.1f MiB", b / 1048576}'; }
echo "fetch-device-debs: ${#packages[@]} packages, .deps $(mib "$deps_bytes") + tree $(mib "$tree_bytes") = $(mib "$total") carried (limit 64 MiB, aim <= 56 MiB)"
if [ "$total" -gt $((64 * 1048576)) ]; then
  echo "fetch-device-debs: over the 64 MiB the device machine accepts" >&2
  exit 1
fi
