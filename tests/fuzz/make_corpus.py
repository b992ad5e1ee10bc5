#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpus, tests/fuzz/corpus/<target>/: valid inputs and every
crafted input of the hardening tests that a target reads. Needs numpy and h5py (Debian's python3-h5py:
run it with /usr/bin/python3). The files are committed; run again after changing this script
(make_corpus.py TARGET... writes only those targets' folders). Inputs a fuzzer found are
committed as found-NAME and kept by this script."""
import pathlib

import h5py
import numpy as np

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"
H, W = 6, 8


def fields(dtype=np.float32, shape=(H, W)):
    u = np.ones(shape, dtype=dtype)
    v = np.zeros(shape, dtype=dtype)
    v[1:3, 2:5] = 0.25
    return u, v


def attributes(f):
    for name, value in [("F", 0.0367), ("k", 0.0649), ("Du", 0.2097), ("Dv", 0.105), ("dt", 1.0)]:
        f.attrs[name] = np.float64(value)
    f.attrs["laplacian"] = "five-point"
    f.attrs["boundary"] = "periodic"
    f.attrs["step"] = np.int64(32)


def state(path, dtype=np.float32, libver="earliest", attrs=True, **dataset_options):
    with h5py.File(path, "w", libver=libver, track_order=False) as f:
        u, v = fields(dtype)
        f.create_dataset("u", data=u, **dataset_options)
        f.create_dataset("v", data=v, **dataset_options)
        if attrs:
            attributes(f)


def with_attribute(path, name, value):
    """u and v and one attribute (the others are optional): small files."""
    state(path, attrs=False)
    with h5py.File(path, "a") as f:
        f.attrs[name] = value


def declared_grid(path, height, width, chunk):
    """u and v of this shape, chunked and never written: a tiny file declaring a large grid."""
    with h5py.File(path, "w", libver="earliest") as f:
        for name in ("u", "v"):
            f.create_dataset(name, shape=(height, width), dtype=np.float32, chunks=chunk)
        attributes(f)


def datasets(path, u, v):
    with h5py.File(path, "w", libver="earliest") as f:
        if u is not None:
            f.create_dataset("u", data=u)
        if v is not None:
            f.create_dataset("v", data=v)


def state_files(folder):
    state(folder / "valid.h5")
    state(folder / "valid-latest-format.h5", libver="latest")
    state(folder / "valid-uv-only.h5", attrs=False)
    state(folder / "valid-gzip.h5", attrs=False, chunks=(3, 4), compression="gzip")
    state(folder / "lzf-compressed.h5", attrs=False, chunks=(3, 4), compression="lzf")
    state(folder / "float64-datasets.h5", dtype=np.float64, attrs=False)
    with_attribute(folder / "attr-F-array-of-8.h5", "F", np.arange(8.0))
    with_attribute(folder / "attr-step-array-of-100.h5", "step", np.arange(100, dtype=np.int64))
    with_attribute(folder / "attr-laplacian-array-of-3.h5", "laplacian",
                   ["five-point", "nine-point", "course"])
    with_attribute(folder / "attr-F-string.h5", "F", "0.04")
    with_attribute(folder / "attr-F-bool.h5", "F", np.bool_(True))
    with_attribute(folder / "attr-F-complex.h5", "F", np.complex128(0.04 + 1j))
    with_attribute(folder / "attr-F-empty-array.h5", "F", np.array([], dtype=np.float64))
    with_attribute(folder / "attr-F-null.h5", "F", h5py.Empty("f8"))
    with_attribute(folder / "attr-laplacian-5.h5", "laplacian", np.int64(5))
    with_attribute(folder / "attr-laplacian-unknown.h5", "laplacian", "seven-point")
    with_attribute(folder / "attr-laplacian-fixed-bytes.h5", "laplacian", np.bytes_(b"nine-point"))
    with_attribute(folder / "attr-step-3.5.h5", "step", np.float64(3.5))
    with_attribute(folder / "attr-step-int64-max.h5", "step", np.int64(2**63 - 1))
    with_attribute(folder / "attr-step-uint64-max.h5", "step", np.uint64(2**64 - 1))
    with_attribute(folder / "attr-step-negative.h5", "step", np.int64(-1))
    u, v = fields()
    datasets(folder / "shape-mismatch.h5", u, v.T.copy())
    datasets(folder / "missing-v.h5", u, None)
    datasets(folder / "int32-datasets.h5", u.astype(np.int32), v.astype(np.int32))
    datasets(folder / "rank-3.h5", u.reshape(1, H, W), v.reshape(1, H, W))
    datasets(folder / "rank-1.h5", u.ravel(), v.ravel())
    datasets(folder / "zero-width.h5", np.ones((H, 0), np.float32), np.ones((H, 0), np.float32))
    datasets(folder / "nan-fields.h5", np.full((H, W), np.nan, np.float32), v)
    declared_grid(folder / "grid-1048576x1.h5", 1, 1048576, (1, 65536))
    declared_grid(folder / "tiny-file-huge-grid.h5", 1048576, 1048576, (1024, 1024))
    declared_grid(folder / "grid-past-the-limit.h5", 1, 1048577, (1, 65536))
    (folder / "not-hdf5.h5").write_bytes(b"\x89HDF\r\n\x1a\n" + bytes(64))
    (folder / "empty.h5").write_bytes(b"")
    valid = (folder / "valid.h5").read_bytes()
    (folder / "truncated.h5").write_bytes(valid[: len(valid) // 2])
    indirections(folder)


def indirections(folder):
    """The hardening tests' files whose `u` is not stored in the file itself: every reader must
    refuse them without reading what they point at."""
    u, v = fields()
    with h5py.File(folder / "external-storage.h5", "w", libver="earliest") as f:
        f.create_dataset("u", shape=(H, W), dtype=np.float32,
                         external=[("/etc/passwd", 0, H * W * 4)])
        f.create_dataset("v", data=v)
    with h5py.File(folder / "external-link.h5", "w", libver="earliest") as f:
        f["u"] = h5py.ExternalLink("valid.h5", "/u")
        f.create_dataset("v", data=v)
    with h5py.File(folder / "soft-link.h5", "w", libver="earliest") as f:
        f.create_dataset("w", data=u)
        f["u"] = h5py.SoftLink("/w")
        f.create_dataset("v", data=v)
    layout = h5py.VirtualLayout(shape=(H, W), dtype=np.float32)
    layout[:, :] = h5py.VirtualSource("valid.h5", "u", shape=(H, W))
    with h5py.File(folder / "virtual-dataset.h5", "w", libver="latest") as f:
        f.create_virtual_dataset("u", layout)
        f.create_dataset("v", data=v)
    # A 20000x20000 gzip-compressed state of a few megabytes: valid, but slow to read.
    with h5py.File(folder / "huge-gzip-state.h5", "w", libver="earliest") as f:
        for name, value in (("u", 1.0), ("v", 0.0)):
            f.create_dataset(name, shape=(20000, 20000), dtype=np.float32, chunks=(1000, 1000),
                             compression="gzip", fillvalue=value)
        f["v"][9990:10010, 9990:10010] = 0.25
        attributes(f)


SETTINGS_VALID = """{
  "ui_scale": 1.5,
  "font_size": 18.0,
  "favourites": ["mitosis", "coral", "worms"],
  "capture_folder": "captures",
  "window": {"x": 10, "y": 20, "width": 1400, "height": 900}
}
"""


def window(width=1400, height=900, x=0, y=0):
    return '{"window": {"x": %s, "y": %s, "width": %s, "height": %s}}\n' % (x, y, width, height)


def settings_files(folder):
    seeds = {
        "valid.json": SETTINGS_VALID,
        "valid-no-window.json": '{"ui_scale": 1.0, "font_size": 13.0}\n',
        "empty-object.json": "{}\n",
        "window-width-0.json": window(width=0),
        "window-width-minus-5.json": window(width=-5),
        "window-height-minus-5.json": window(height=-5),
        "window-width-20000.json": window(width=20000),
        "window-width-1e9.json": window(width="1e9"),
        "window-height-3e9.json": window(height="3e9"),
        "window-x-3e9.json": window(x="3e9"),
        "window-width-huge-integer.json": window(width="123456789012345678901234567890"),
        "window-missing-height.json": '{"window": {"x": 0, "y": 0, "width": 800}}\n',
        "window-string.json": '{"window": "800x600"}\n',
        "window-width-string.json": window(width='"800"'),
        "ui-scale-100.json": '{"ui_scale": 100}\n',
        "font-size-negative.json": '{"font_size": -1}\n',
        "ui-scale-huge.json": '{"ui_scale": 1e300}\n',
        "ui-scale-past-a-double.json": '{"ui_scale": 1e999}\n',
        "favourites-number.json": '{"favourites": 7}\n',
        "favourites-mixed.json": '{"favourites": ["mitosis", 3, null]}\n',
        "malformed-cut.json": '{"ui_scale": 1.5, "window": {"x": ',
        "malformed-text.json": "not json at all\n",
        "malformed-trailing-comma.json": '{"ui_scale": 1.5,}\n',
        "empty.json": "",
        "array.json": "[1, 2, 3]\n",
        "deep-nesting.json": "[" * 500 + "]" * 500 + "\n",
    }
    for name, text in seeds.items():
        (folder / name).write_text(text)
    (folder / "invalid-utf8.json").write_bytes(b'{"capture_folder": "\xff\xfe"}\n')
    (folder / "nul-bytes.json").write_bytes(b'{"ui_scale":\x00 1.0}\n')


SCRIPT_VALID = """# every command, once
preset mitosis
set F 0.0367
set k 0.0649
set laplacian nine-point
set boundary neumann
set block 32x8
set seed 18446744073709551615
set colormap magma_r
set range-auto off
size 256 128
backend auto
transfer upload
steps-per-frame auto
steps-per-frame 16
run
run-frames 10
wait 0.5
pause
step
step 5
reset spots 7
paint 10 10 4 0.5
erase 12 12 2
paint 10 10 4 0.5 from 30 2.5
erase 12 12 2 from 1 1
pick 30.5 40
screenshot
screenshot shot.png
window-screenshot win.png
capture-folder captures
record start video.mp4 8 30
record stop
save state.h5
load state.h5
caption Gray-Scott: F = 0.0367
quit
"""


def script_files(folder):
    seeds = {
        "valid.gs": SCRIPT_VALID,
        "step-99999999999.gs": "step 99999999999\n",
        "set-F-1e39.gs": "set F 1e39\n",
        "set-F-nan.gs": "set F nan\n",
        "set-seed-past-2-64.gs": "set seed 18446744073709551616\n",
        "size-too-large.gs": "size 1048577 1\n",
        "size-negative.gs": "size -1 -1\n",
        "block-huge.gs": "set block 99999999999x1\n",
        "record-too-many.gs": "record start a.mp4 1 2 3 4\n",
        "unknown-command.gs": "frobnicate now\n",
        "crlf-and-bom.gs": "\ufeffpreset coral\r\nrun-frames 2\r\nquit\r\n",
        "long-line.gs": "caption " + "x" * 8192 + "\n",
    }
    for name, text in seeds.items():
        (folder / name).write_text(text)
    (folder / "binary-bytes.gs").write_bytes(bytes(range(256)) + b"\n")
    (folder / "nul-in-line.gs").write_bytes(b"set F 0.04\x00junk\nstep \xff\xfe\n")


def arguments(*words, separator="\n"):
    return separator.join(words)


def batch_option_files(folder):
    seeds = {
        "valid-run.args": arguments("--width", "64", "--height", "48", "--steps", "10",
                                    "--output", "out.h5"),
        "valid-frames.args": arguments("--preset", "coral", "--frames", "4", "--steps-per-frame",
                                       "8", "--frames-output", "frames.h5", "--json"),
        "valid-bench.args": arguments("--bench", "--backend", "cpu", "--cpu-path", "reference",
                                      "--steps-per-pass", "4"),
        "valid-equals.args": arguments("--F=0.04", "--k=0.06", "--laplacian=nine-point",
                                       "--boundary=neumann", "--init=spots", "--seed=7"),
        "F-empty.args": arguments("--F", ""),
        "steps-empty.args": arguments("--steps", ""),
        "seed-minus-1.args": arguments("--seed", "-1"),
        "seed-past-2-64.args": arguments("--seed", "18446744073709551616"),
        "width-22-digits.args": arguments("--width", "1234567890123456789012"),
        "threads-65536.args": arguments("--threads", "65536"),
        "threads-int-max.args": arguments("--threads", "2147483647"),
        "threads-minus-1.args": arguments("--threads", "-1"),
        "F-10-k-10.args": arguments("--F", "10", "--k", "10", "--steps", "100"),
        "stability-limit.args": arguments("--Du", "0.25", "--Dv", "0.25", "--dt", "1",
                                          "--laplacian", "five-point"),
        "F-1e39.args": arguments("--F", "1e39"),
        "F-nan.args": arguments("--F", "nan"),
        "same-file.args": arguments("--input", "s.h5", "--frames-output", "s.h5"),
        "same-file-spelling.args": arguments("--frames-output", "f.h5", "--output", "./f.h5"),
        "input-and-init.args": arguments("--input", "s.h5", "--init", "spots"),
        "steps-and-frames.args": arguments("--steps", "5", "--frames", "5"),
        "block-32x8.args": arguments("--backend", "cuda", "--block", "32x8", "--kernel",
                                     "strided"),
        "block-huge.args": arguments("--block", "99999999999x1"),
        "block-zero.args": arguments("--block", "0x0"),
        "unknown-option.args": arguments("--frobnicate", "7"),
        "help.args": arguments("--help"),
        "version.args": arguments("--version"),
        "list-backends.args": arguments("--list-backends"),
        "keep-diverged.args": arguments("--keep-diverged", "--output", "o.h5"),
        "nul-separated.args": arguments("--width", "64", "--steps", "1", separator="\0"),
    }
    for name, text in seeds.items():
        (folder / name).write_text(text)


def tiny_font(cmap_offset_past_end=False, ascender=800):
    """A TrueType font of two glyphs (an empty .notdef and a box for 'A'), every table stb_truetype
    reads and nothing more: a valid font small enough to mutate."""
    import struct

    box = struct.pack(">hhhhh", 1, 0, 0, 500, 700)  # one contour, its bounds
    box += struct.pack(">H", 3) + struct.pack(">H", 0)  # its last point; no instructions
    box += bytes([1, 1, 1, 1])  # four on-curve points, two-byte coordinates
    box += struct.pack(">hhhh", 0, 500, 0, -500) + struct.pack(">hhhh", 0, 0, 700, 0)
    box += bytes(len(box) % 2)
    glyf = box
    loca = struct.pack(">HHH", 0, 0, len(box) // 2)  # short offsets, halved
    head = struct.pack(">IIIIHHqqhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, 1000, 0, 0,
                       0, 0, 500, 700, 0, 8, 2, 0, 0)
    hhea = struct.pack(">IhhhHhhhhhhhhhhhH", 0x00010000, ascender, -200, 0, 600, 0, 0, 500, 1, 0, 0,
                       0, 0, 0, 0, 0, 2)
    maxp = struct.pack(">IH", 0x00005000, 2)
    hmtx = struct.pack(">HhHh", 600, 0, 600, 0)
    segments = [(65, 65, -64), (0xFFFF, 0xFFFF, 1)]  # 'A' to glyph 1; the closing segment
    n = len(segments)
    fmt4 = struct.pack(">HHHHHHH", 4, 16 + 8 * n, 0, 2 * n, 2, 0, 0)
    fmt4 += b"".join(struct.pack(">H", end) for _, end, _ in segments) + struct.pack(">H", 0)
    fmt4 += b"".join(struct.pack(">H", start) for start, _, _ in segments)
    fmt4 += b"".join(struct.pack(">h", delta) for _, _, delta in segments)
    fmt4 += bytes(2 * n)
    subtable = 12 if not cmap_offset_past_end else 0x7FFF0000
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, subtable) + fmt4
    tables = {b"cmap": cmap, b"glyf": glyf, b"head": head, b"hhea": hhea, b"hmtx": hmtx,
              b"loca": loca, b"maxp": maxp}
    directory = struct.pack(">IHHHH", 0x00010000, len(tables), 0, 0, 0)
    body, offset = b"", 12 + 16 * len(tables)
    for name, data in sorted(tables.items()):
        directory += name + struct.pack(">III", 0, offset + len(body), len(data))
        body += data + bytes(-len(data) % 4)
    return directory + body


def sheet_input_files(folder):
    """Each seed is one of grayscott-sheet's inputs after a byte saying which (the target's
    first byte % 3): 0 a state file, 1 a font file, 2 a command line."""
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        states = pathlib.Path(scratch)
        state_files(states)
        datasets(states / "all-nan.h5", *(np.full((H, W), np.nan, np.float32),) * 2)
        datasets(states / "strip-1x1024.h5", np.ones((1, 1024), np.float32),
                 np.linspace(0, 1, 1024, dtype=np.float32).reshape(1, 1024))
        datasets(states / "infinities.h5", np.full((H, W), np.inf, np.float32),
                 np.full((H, W), -np.inf, np.float32))
        datasets(states / "float-max.h5", np.full((H, W), 3.4e38, np.float32),
                 np.full((H, W), -3.4e38, np.float32))
        for name in ["valid.h5", "valid-gzip.h5", "float64-datasets.h5", "shape-mismatch.h5",
                     "zero-width.h5", "rank-1.h5", "nan-fields.h5", "tiny-file-huge-grid.h5",
                     "truncated.h5", "all-nan.h5", "strip-1x1024.h5", "infinities.h5",
                     "float-max.h5"]:
            (folder / ("state-" + name)).write_bytes(b"\0" + (states / name).read_bytes())
    font = tiny_font()
    fonts = {"font-tiny.ttf": font, "font-empty.ttf": b"", "font-cut.ttf": font[:100],
             "font-directory-only.ttf": font[:12 + 16 * 7],
             "font-cmap-past-end.ttf": tiny_font(cmap_offset_past_end=True),
             # The fuzzer's first find: lines of a negative height.
             "font-ascender-negative.ttf": tiny_font(ascender=-800),
             "font-not-a-font.ttf": b"plain text, no font tables\n"}
    for name, data in fonts.items():
        (folder / name).write_bytes(b"\1" + data)
    lines = {
        "args-valid.args": ["--output", "s.png", "--thumbnails", "t", "--columns", "2",
                            "--title", "Sweep", "a.h5", "b.h5"],
        "args-range-denormal.args": ["--output", "s.png", "--range", "1e-45:2e-45", "a.h5"],
        "args-range-float-max.args": ["--output", "s.png", "--range", "-3e38:3e38", "a.h5"],
        "args-range-auto.args": ["--output", "s.png", "--range", "auto", "--field", "u", "a.h5"],
        "args-range-nan.args": ["--output", "s.png", "--range", "nan:1", "a.h5"],
        "args-tile-px-0.args": ["--output", "s.png", "--tile-px", "0", "a.h5"],
        "args-colormap-reversed.args": ["--output", "s.png", "--colormap", "magma_r", "a.h5"],
        "args-no-output.args": ["a.h5"],
        "args-help.args": ["--help"],
    }
    for name, words in lines.items():
        (folder / name).write_bytes(b"\2" + "\0".join(words).encode())


def main():
    import sys

    wanted = sys.argv[1:]  # the targets to write again; all without
    for target, write in [("fuzz_state_file", state_files), ("fuzz_settings", settings_files),
                          ("fuzz_script", script_files),
                          ("fuzz_batch_options", batch_option_files),
                          ("fuzz_sheet_inputs", sheet_input_files)]:
        if wanted and target not in wanted:
            continue
        folder = CORPUS / target
        # Inputs the fuzzers found (found-*) are kept as they were found; the rest is rewritten.
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            if not old.name.startswith("found-"):
                old.unlink()
        write(folder)
        files = sorted(folder.iterdir())
        print(f"{target}: {len(files)} files, {sum(p.stat().st_size for p in files)} bytes, "
              f"largest {max(p.stat().st_size for p in files)}")


if __name__ == "__main__":
    main()
