#!/usr/bin/env bash
# Installs the Debian 12 packages Gray-Scott Live builds with (only those missing), using sudo
# when not root. `--tests` adds what the test suite needs (GoogleTest, zlib for 16-bit PNGs,
# procps for pgrep, clang-format, Xvfb with Mesa's software OpenGL for the app's tests, Open MPI
# and its flavour of HDF5 for grayscott-batch over ranks, dpkg-dev, file and desktop-file-utils
# for the test that builds the .deb and checks its desktop entry, and ParaView's Python,
# pvpython, with h5py for the tests that open and render the XDMF files through ParaView);
# `--fuzz` what the fuzz targets build with (clang with libFuzzer and the sanitizers' runtimes,
# LLVM's OpenMP, gdb for the backtrace of an abort inside libhdf5). Safe to run again.
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config libhdf5-dev libcli11-dev nlohmann-json3-dev
  libglfw3-dev libgl-dev libopengl-dev libegl-dev libegl-mesa0 libimgui-dev libstb-dev python3-glad
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev fonts-dejavu-core)
for arg in "$@"; do
  case "$arg" in
    --tests) packages+=(libgtest-dev zlib1g-dev procps clang-format xvfb xauth xdotool libgl1-mesa-dri ffmpeg openmpi-bin
      libopenmpi-dev libhdf5-openmpi-dev dpkg-dev file desktop-file-utils python3-paraview python3-h5py) ;;
    --fuzz) packages+=(clang libclang-rt-14-dev libomp-14-dev gdb) ;;
    -h|--help)
      echo "Usage: scripts/bootstrap.sh [--tests] [--fuzz]"
      echo "Installs the Debian 12 packages Gray-Scott Live builds with (only those missing; sudo when not root)."
      echo "  --tests  also what the test suite needs (GoogleTest, Xvfb, Open MPI, ParaView's Python, ...)"
      echo "  --fuzz   also what the fuzz targets build with (clang, libFuzzer, LLVM's OpenMP, gdb)"
      exit 0 ;;
    *) echo "bootstrap.sh: unknown option '$arg' (known: --tests, --fuzz, --help)" >&2; exit 2 ;;
  esac
done

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "bootstrap.sh: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
