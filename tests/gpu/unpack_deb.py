#!/usr/bin/env python3
"""Unpacks a .deb like `dpkg -x DEB DIR`, for a machine without dpkg: a .deb is an ar archive
whose data.tar.{xz,gz,zst} member holds the files. Used by tests/gpu/device-check.sh only
where dpkg-deb is missing."""
import io
import sys
import tarfile


def members(data):
    if data[:8] != b"!<arch>\n":
        sys.exit("unpack_deb: not an ar archive")
    pos = 8
    while pos + 60 <= len(data):
        name = data[pos:pos + 16].decode().strip().rstrip("/")
        size = int(data[pos + 48:pos + 58].decode().strip())
        yield name, data[pos + 60:pos + 60 + size]
        pos += 60 + size + (size % 2)  # members are 2-byte aligned


def main():
    deb, dest = sys.argv[1], sys.argv[2]
    with open(deb, "rb") as f:
        data = f.read()
    for name, body in members(data):
        if name.startswith("data.tar"):
            if name.endswith(".zst"):
                sys.exit(f"unpack_deb: {deb}: zstd members need dpkg-deb")
            with tarfile.open(fileobj=io.BytesIO(body), mode="r:*") as tar:
                # Debian's own files, as dpkg -x extracts them (absolute symlinks included).
                if hasattr(tarfile, "fully_trusted_filter"):
                    tar.extractall(dest, filter="fully_trusted")
                else:
                    tar.extractall(dest)
            return
    sys.exit(f"unpack_deb: {deb} has no data.tar member")


if __name__ == "__main__":
    main()
