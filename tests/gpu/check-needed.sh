#!/usr/bin/env bash
# Checks that the carried packages, unpacked under ROOT, are a closed set of shared libraries:
# every DT_NEEDED of every ELF file under ROOT (and of the extra ELF files given after ROOT, e.g.
# the programs just built) is either a library under ROOT or one of the BASE libraries below,
# which every Linux with a C++ toolchain has. This is a static check, independent of what this
# machine has installed, so it fails here exactly where it would fail on the GPU machine.
#   tests/gpu/check-needed.sh ROOT [ELF...]
# Exit 0 when closed; 1 listing each missing soname with the files that need it.
set -euo pipefail

# glibc's own libraries, GCC's runtime (libstdc++, libgcc_s, libgomp: the toolchain that builds
# the project ships them) and zlib (binutils, which every gcc needs, links it). Nothing else is
# assumed: all other libraries must be carried.
BASE_SONAMES="ld-linux-x86-64.so.2 libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 librt.so.1
libresolv.so.2 libutil.so.1 libstdc++.so.6 libgcc_s.so.1 libgomp.so.1 libz.so.1"

root=${1:?usage: check-needed.sh ROOT [ELF...]}
shift
command -v readelf >/dev/null || { echo "check-needed: readelf (binutils) is missing" >&2; exit 1; }

declare -A provided=()
for s in $BASE_SONAMES; do provided[$s]=1; done
# Every library file or symlink under ROOT counts by its file name (sonames are file names).
while IFS= read -r -d '' f; do provided[${f##*/}]=1; done \
  < <(find "$root" \( -type f -o -type l \) -name 'lib*.so*' -print0)

elf_files() {  # the regular files under ROOT that start with the ELF magic, then the extras
  find "$root" -type f \( -name '*.so*' -o -perm -u+x \) -print0 |
    while IFS= read -r -d '' f; do
      [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = '177ELF' ] && printf '%s\0' "$f"
    done
  for f in "$@"; do printf '%s\0' "$f"; done
}

declare -A missing=()
checked=0
while IFS= read -r -d '' f; do
  checked=$((checked + 1))
  for s in $(readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    [ -n "${provided[$s]:-}" ] || missing[$s]+=" ${f#"$root"/}"
  done
done < <(elf_files "$@")

if [ ${#missing[@]} -gt 0 ]; then
  echo "check-needed: $checked ELF files, ${#missing[@]} needed libraries are neither carried nor base:" >&2
  for s in "${!missing[@]}"; do echo "  $s needed by${missing[$s]}" >&2; done
  exit 1
fi
echo "check-needed: $checked ELF files, every needed library is carried or base"
