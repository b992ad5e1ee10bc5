#!/usr/bin/env bash
# Installs the Debian 12 packages Gray-Scott Live builds with (only those missing), using sudo
# when not root. `--tests` adds what the test suite needs (GoogleTest, zlib for 16-bit PNGs,
# procps for pgrep, clang-format, Xvfb with Mesa's software OpenGL for the app's tests, Open MPI
# and its flavour of HDF5 for grayscott-batch over ranks, dpkg-dev, file and desktop-file-utils
# for the test that builds the .deb and checks its desktop entry, and ParaView's Python,
# pvpython, with h5py for the tests that open and render the XDMF files through ParaView);
# `--fuzz` what the fuzz targets build with (clang with libFuzzer and the sanitizers' runtimes,
# LLVM's OpenMP, gdb for the backtrace of an abort inside libhdf5); `--cuda` Debian's own CUDA
# toolkit (nvidia-cuda-toolkit, CUDA 11.8, from the non-free section: it says so, and adds the
# section to apt's sources only then) with g++-11, the newest GCC its nvcc takes. Safe to run
# again.
set -euo pipefail

cuda=0
packages=(cmake ninja-build g++ pkg-config libhdf5-dev libcli11-dev nlohmann-json3-dev
  libglfw3-dev libgl-dev libopengl-dev libegl-dev libegl-mesa0 libimgui-dev libstb-dev python3-glad
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev fonts-dejavu-core)
for arg in "$@"; do
  case "$arg" in
    --tests) packages+=(libgtest-dev zlib1g-dev procps clang-format xvfb xauth xdotool libgl1-mesa-dri ffmpeg openmpi-bin
      libopenmpi-dev libhdf5-openmpi-dev dpkg-dev file desktop-file-utils python3-paraview python3-h5py) ;;
    --fuzz) packages+=(clang libclang-rt-14-dev libomp-14-dev gdb) ;;
    --cuda) packages+=(nvidia-cuda-toolkit g++-11) cuda=1 ;;
    -h|--help)
      echo "Usage: scripts/bootstrap.sh [--tests] [--fuzz] [--cuda]"
      echo "Installs the Debian 12 packages Gray-Scott Live builds with (only those missing; sudo when not root)."
      echo "  --tests  also what the test suite needs (GoogleTest, Xvfb, Open MPI, ParaView's Python, ...)"
      echo "  --fuzz   also what the fuzz targets build with (clang, libFuzzer, LLVM's OpenMP, gdb)"
      echo "  --cuda   also Debian's own CUDA toolkit (11.8, non-free: enables that section) and g++-11"
      exit 0 ;;
    *) echo "bootstrap.sh: unknown option '$arg' (known: --tests, --fuzz, --cuda, --help)" >&2; exit 2 ;;
  esac
done

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
# Debian's CUDA toolkit is in the non-free section, asked for with --cuda only.
policy=$([ "$cuda" = 1 ] && apt-cache policy nvidia-cuda-toolkit 2>/dev/null || true)
if [ "$cuda" = 1 ] && ! grep -q 'Candidate: [0-9]' <<<"$policy"; then
  sources=/etc/apt/sources.list.d/debian.sources
  if [ -f "$sources" ] && ! grep -q 'non-free' "$sources"; then
    echo "bootstrap.sh: --cuda: enabling Debian's non-free section in $sources (nvidia-cuda-toolkit is there)"
    $sudo sed -i -E 's/^(Components:.*\bmain\b)(.*)$/\1\2 contrib non-free/' "$sources"
  elif [ ! -f "$sources" ]; then
    echo "bootstrap.sh: --cuda: add 'contrib non-free' to your Debian sources, then run this again" >&2
    exit 1
  fi
fi
echo "bootstrap.sh: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
