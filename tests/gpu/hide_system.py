#!/usr/bin/env python3
"""Runs a command with this machine's own copies of the carried packages hidden, so that a build
that works inside it works from the carried packages alone (the dry run of device-check.sh).

    tests/gpu/hide_system.py DEBS_DIR -- COMMAND [ARG...]

Hidden: every file under /usr of (a) each carried package that is installed here, (b) every
installed -dev package except the C/C++ toolchain's own (the GPU machine has a compiler but
none of the distribution's -dev packages), (c) tools the GPU machine lacks (pkg-config, h5cc,
GoogleTest's sources, Xvfb, the ffmpeg programs). They vanish through an overlay of /usr whose
top layer holds a whiteout (character device 0/0) per file, in a private mount namespace
(needs root): nothing outside the command sees it, and nothing is changed on disk.

Kept visible: the runtime libraries that the build and check tools themselves load (cmake,
ninja, the compilers, python3 with numpy and h5py, dpkg-deb, Mesa's EGL driver for the app's
CPU run); hiding them would stop the tools, not test the project. The carried copies of those
libraries still come first (LD_LIBRARY_PATH, -rpath-link), and tests/gpu/check-needed.sh proves
statically that the carried libraries are closed without them.
"""
import glob
import os
import shutil
import stat
import subprocess
import sys
import tempfile

# The toolchain's -dev packages: the GPU machine compiles C++, so it has these.
TOOLCHAIN_DEV = {"libc6-dev", "libstdc++-12-dev", "libgcc-12-dev", "linux-libc-dev",
                 "libcrypt-dev", "libnsl-dev", "libtirpc-dev"}
# Not -dev by name, but build inputs or tools the GPU machine does not have.
EXTRA_HIDDEN = {"hdf5-helpers", "googletest", "pkgconf", "pkg-config", "pkgconf-bin",
                "libpkgconf3", "python3-glad", "python3-jinja2", "python3-markupsafe",
                "xvfb", "xauth", "ffmpeg"}


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def canonical(path):
    """The path as seen through merged /usr (/lib -> /usr/lib), the file itself not resolved."""
    return os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))


def hidden_packages(debs_dir):
    carried = {os.path.basename(d).split("_")[0] for d in glob.glob(os.path.join(debs_dir, "*.deb"))}
    if not carried:
        sys.exit(f"hide_system: no .deb files in {debs_dir}")
    installed = set()
    for line in run(["dpkg-query", "-W", "-f", "${Package}\t${db:Status-Abbrev}\n"]).splitlines():
        name, status = line.split("\t")
        if status.startswith("ii"):
            installed.add(name)
    dev = {p for p in installed if p.endswith("-dev") and p not in TOOLCHAIN_DEV}
    return sorted((carried | dev | EXTRA_HIDDEN) & installed)


def tool_libraries():
    """The shared libraries the build and check tools load, by canonical path (and real file)."""
    tools = ["cmake", "ctest", "ninja", "gcc", "g++", "as", "ld", "dpkg-deb", "tar", "gzip", "xz",
             "readelf", "git", "timeout", "bash", "python3", "/usr/bin/python3", "cmp", "od"]
    paths = [shutil.which(t) for t in tools]
    for prog in ("cc1", "cc1plus", "collect2", "lto-wrapper"):
        paths.append(run(["gcc", f"-print-prog-name={prog}"]).strip())
    paths += glob.glob("/usr/local/cuda/bin/*") + glob.glob("/usr/local/cuda/nvvm/bin/*")
    for py in ("python3", "/usr/bin/python3"):  # the interpreters' C extension modules
        dynload = run([py, "-c", "import sysconfig; print(sysconfig.get_path('platstdlib'))"]).strip()
        paths += glob.glob(os.path.join(dynload, "lib-dynload", "*.so"))
    # numpy and h5py, which compare the saved states (pip's wheels bring their own libraries).
    for module in ("numpy", "h5py"):
        paths += glob.glob(f"/usr/lib/python3/dist-packages/{module}/**/*.so", recursive=True)
    # Mesa's EGL and its drivers: the app's CPU run uses them here (NVIDIA's on the GPU machine).
    paths += glob.glob("/usr/lib/x86_64-linux-gnu/libEGL_mesa.so*")
    paths += glob.glob("/usr/lib/x86_64-linux-gnu/dri/*.so")
    keep = set()
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}  # the tools' own view
    for path in filter(None, paths):
        if not os.path.isfile(path):
            continue
        result = subprocess.run(["ldd", path], capture_output=True, text=True, env=env)
        for line in result.stdout.splitlines():
            parts = line.split("=>")
            if len(parts) == 2 and parts[1].strip().startswith("/"):
                lib = parts[1].split("(")[0].strip()
                keep.add(canonical(lib))
                keep.add(os.path.realpath(lib))
    return keep


def whole_folders(files, dirs):
    """The paths to white out: a folder that holds nothing but hidden files (and the bytecode
    Python compiled from them) goes as a whole, so that no empty shell is left behind (an empty
    glad/ would still import, as a namespace package); otherwise its hidden files one by one."""
    hidden = set(files)
    for folder in sorted(dirs, key=lambda d: d.count("/"), reverse=True):
        entries = [os.path.join(folder, e) for e in os.listdir(folder)]
        if entries and all(e in hidden or os.path.basename(e) == "__pycache__" for e in entries):
            hidden.add(folder)
    return {p for p in hidden if os.path.dirname(p) not in hidden}


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    if os.geteuid() != 0:
        sys.exit("hide_system: needs root (a private mount namespace and an overlay mount)")
    packages = hidden_packages(sys.argv[1])
    keep = tool_libraries()
    files, dirs, kept = set(), set(), set()
    for line in run(["dpkg-query", "-L"] + packages).splitlines():
        path = canonical(line) if line.startswith("/") else None
        if not path or not path.startswith("/usr/"):
            continue
        if path in keep:
            if not os.path.islink(path):  # the library once, not its soname link too
                kept.add(os.path.basename(path))
            continue
        if os.path.isdir(path) and not os.path.islink(path):
            dirs.add(path)
        elif os.path.lexists(path):
            files.add(path)
    hidden = whole_folders(files, dirs)
    scratch = tempfile.mkdtemp(prefix="gs-hidden.")
    layer = os.path.join(scratch, "usr")
    for path in hidden:
        target = os.path.join(layer, os.path.relpath(path, "/usr"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.mknod(target, stat.S_IFCHR | 0o600, os.makedev(0, 0))
    print(f"hide_system: {len(files)} files of {len(packages)} packages hidden "
          f"(-dev, carried, tools the GPU machine lacks); kept for the build tools: "
          f"{' '.join(sorted(kept)) or 'none'}", flush=True)
    mount = 'mount -t overlay gs-hidden -o "lowerdir=$0:/usr" /usr && exec "$@"'
    try:
        code = subprocess.call(["unshare", "-m", "--propagation", "private", "sh", "-c", mount,
                                layer] + sys.argv[3:])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
