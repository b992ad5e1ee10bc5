#!/usr/bin/env bash
# Downloads the Debian packages the GPU device check builds with (header-only libraries and
# GoogleTest) into .deps/debs, for carrying to a device machine that has no package registry.
# See tests/gpu/device-check.sh and ../shared/device.md.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .deps/debs
grep -qx '/.deps/' .git/info/exclude 2>/dev/null || echo '/.deps/' >> .git/info/exclude
cd .deps/debs
[ -n "$(ls /var/lib/apt/lists/ 2>/dev/null | grep -v lock)" ] || apt-get update -qq
apt-get download -qq libgtest-dev googletest libcli11-dev nlohmann-json3-dev
ls -l
