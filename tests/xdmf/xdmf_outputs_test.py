"""When grayscott-batch and the app write an XDMF description (NAME.xmf) and when they must not:
--no-xdmf and `save PATH --no-xdmf` write none; a folder that cannot be written, a description
that cannot be, or two outputs that would share one leave neither file; a run stopped by a signal
leaves no description (and no HDF5 file, nor a temporary).

Usage: xdmf_outputs_test.py BATCH [APP|none]. Needs nothing but Python (the readers' test opens the
files).
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.dom.minidom

BATCH = sys.argv[1]
APP = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "none" else None
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(args, extra_env=None):
    return subprocess.run(args, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, **(extra_env or {})))


# Mesa leaks inside its drivers where LeakSanitizer can neither name nor suppress it (as the app's
# own tests say): a sanitized app runs without the leak check.
APP_ENV = {"ASAN_OPTIONS": "detect_leaks=0"}


def files_in(folder):
    return sorted(os.listdir(folder))


def fresh(folder, name):
    path = os.path.join(folder, name)
    os.mkdir(path)
    return path


def main():
    root = tempfile.mkdtemp(prefix="gs-xdmf-outputs-")
    small = [BATCH, "--backend", "cpu", "--width", "32", "--height", "16"]
    try:
        # --no-xdmf: the HDF5 files alone.
        folder = fresh(root, "no-xdmf")
        for args in (["--steps", "10", "--output", f"{folder}/s.h5"],
                     ["--frames", "2", "--steps-per-frame", "5", "--frames-output",
                      f"{folder}/f.h5"],
                     ["--steps", "10", "--sweep-F", "0.02:0.03:2", "--sweep-k", "0.05:0.06:2",
                      "--output", f"{folder}/a.h5"]):
            result = run(small + args + ["--no-xdmf"])
            check(result.returncode == 0, f"--no-xdmf {args}: runs ({result.stderr.strip()})")
        check(files_in(folder) == ["a.h5", "f.h5", "s.h5"],
              f"--no-xdmf: only the HDF5 files, got {files_in(folder)}")

        # And without it, each has its description.
        folder = fresh(root, "with")
        result = run(small + ["--frames", "2", "--steps-per-frame", "5", "--output",
                              f"{folder}/s.h5", "--frames-output", f"{folder}/f.h5"])
        check(result.returncode == 0, f"a run with descriptions ({result.stderr.strip()})")
        check(files_in(folder) == ["f.h5", "f.xmf", "s.h5", "s.xmf"],
              f"the files and their descriptions, got {files_in(folder)}")

        # A folder that does not exist, or cannot be written: an error naming it, nothing left.
        result = run(small + ["--steps", "10", "--output", f"{root}/missing/s.h5"])
        check(result.returncode != 0 and "missing/s.h5" in result.stderr,
              f"a missing folder: one error naming the file ({result.stderr.strip()})")
        check(not os.path.exists(f"{root}/missing"), "a missing folder: nothing made")
        if os.geteuid() != 0:  # root writes into any folder
            folder = fresh(root, "read-only")
            os.chmod(folder, 0o555)
            result = run(small + ["--steps", "10", "--output", f"{folder}/s.h5"])
            os.chmod(folder, 0o755)
            check(result.returncode != 0, "a read-only folder: the run fails")
            check(files_in(folder) == [], f"a read-only folder: left {files_in(folder)}")

        # A description that cannot be written (a directory in its place): refused before the
        # first step, naming it, and the HDF5 file is not written either.
        folder = fresh(root, "blocked")
        os.mkdir(f"{folder}/s.xmf")
        result = run(small + ["--steps", "10", "--output", f"{folder}/s.h5"])
        check(result.returncode != 0 and "s.xmf" in result.stderr,
              f"a directory at the description: an error naming it ({result.stderr.strip()})")
        check(files_in(folder) == ["s.xmf"], f"a blocked description: left {files_in(folder)}")
        result = run(small + ["--steps", "10", "--output", f"{folder}/s.h5", "--no-xdmf"])
        check(result.returncode == 0, "a blocked description: --no-xdmf writes the state")

        # Two outputs that would share a description.
        folder = fresh(root, "shared")
        result = run(small + ["--frames", "2", "--steps-per-frame", "5", "--output",
                              f"{folder}/run.h5", "--frames-output", f"{folder}/run.hdf5"])
        check(result.returncode != 0 and "run.xmf" in result.stderr and
              "--no-xdmf" in result.stderr,
              f"a shared description: refused, saying how not to ({result.stderr.strip()})")
        check(files_in(folder) == [], f"a shared description: left {files_in(folder)}")

        # A name XDMF cannot hold (readers end the file's name at a ':'): refused, unless
        # --no-xdmf.
        folder = fresh(root, "colon")
        result = run(small + ["--steps", "10", "--output", f"{folder}/a:b.h5"])
        check(result.returncode != 0 and "a:b.h5" in result.stderr and
              "--no-xdmf" in result.stderr, f"a ':' in the name: refused ({result.stderr.strip()})")
        check(files_in(folder) == [], f"a ':' in the name: left {files_in(folder)}")
        result = run(small + ["--steps", "10", "--output", f"{folder}/a:b.h5", "--no-xdmf"])
        check(result.returncode == 0 and files_in(folder) == ["a:b.h5"],
              f"a ':' in the name with --no-xdmf: written ({result.stderr.strip()})")

        # Names XML or the readers cannot carry (a control character, bytes that are not UTF-8, a
        # leading space): refused, naming the reason; names XML escapes (&, <, quotes, UTF-8) give
        # a description a real XML parser reads, pointing at the data file by its name.
        folder = fresh(root, "names")
        for name, why in ((b"a\x01b.h5", b"control character"), (b"\xff\xfe.h5", b"not UTF-8"),
                          (b" lead.h5", b"space")):
            result = subprocess.run(small + ["--steps", "1", "--output",
                                             os.fsencode(folder) + b"/" + name],
                                    capture_output=True, timeout=120)
            check(result.returncode == 1 and why in result.stderr and
                  result.stderr.count(b"\n") == 1,
                  f"the name {name!r}: refused ({result.stderr.strip()!r})")
        check(files_in(folder) == [], f"names XML cannot carry: left {files_in(folder)}")
        for name in ("a&b <c> \"d\" 'e'.h5", "été.h5"):
            result = run(small + ["--steps", "1", "--output", f"{folder}/{name}"])
            check(result.returncode == 0, f"the name {name!r}: written ({result.stderr.strip()})")
            xmf = os.path.join(folder, os.path.splitext(name)[0] + ".xmf")
            try:
                items = xml.dom.minidom.parse(xmf).getElementsByTagName("DataItem")
                sources = {item.firstChild.data.strip() for item in items
                           if ":/" in item.firstChild.data}
                check(sources == {f"{name}:/u", f"{name}:/v"},
                      f"the name {name!r}: the description points at {sources}")
            except Exception as error:  # noqa: BLE001 - any parse failure is the finding
                check(False, f"the name {name!r}: the description does not parse ({error})")

        # A run stopped by a signal: no description, no HDF5 file, no temporary.
        folder = fresh(root, "stopped")
        process = subprocess.Popen(
            [BATCH, "--backend", "cpu", "--width", "256", "--height", "256", "--frames", "100000",
             "--steps-per-frame", "20", "--output", f"{folder}/s.h5", "--frames-output",
             f"{folder}/f.h5"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while not any(".tmp-" in name for name in files_in(folder)) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)  # a few frames written
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
        check(process.returncode != 0, f"stopped by SIGINT: fails ({process.returncode})")
        check(files_in(folder) == [], f"stopped by SIGINT: left {files_in(folder)} ({stderr})")

        # The app: `save PATH --no-xdmf` writes the state alone, `save PATH` both, and a name
        # XDMF cannot hold is the script line's error, nothing written.
        if APP:
            folder = fresh(root, "app")
            with open(f"{root}/app.txt", "w") as script:
                script.write(f"step 5\nsave {folder}/plain.h5 --no-xdmf\nsave {folder}/both.h5\n"
                             f"save {folder}/a:b.h5\nquit\n")
            result = run([APP, "--headless", "--backend", "cpu", "--width", "32", "--height",
                          "16", "--script", f"{root}/app.txt"], APP_ENV)
            check(result.returncode != 0 and "a:b.h5" in result.stderr and
                  "--no-xdmf" in result.stderr,
                  f"the app's saves: a ':' in the name refused ({result.stderr.strip()})")
            check(files_in(folder) == ["both.h5", "both.xmf", "plain.h5"],
                  f"the app's saves: got {files_in(folder)}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("the XDMF descriptions appear with their HDF5 files, and only then")


main()
