#!/usr/bin/env python3
"""Draws the project's shipped example picture, assets/pictures/gray-scott.png: the words GRAY
and SCOTT in large block letters, dark on white, to seed a grid from (seed-image, --init-image).
Standard library only; the PNG is an 8-bit greyscale image, a few hundred bytes.

    python3 scripts/draw-name-picture.py [OUTPUT.png]
"""
import struct
import sys
import zlib

# 5x7 block letters, '#' dark.
GLYPHS = {
    "A": [" ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
    "C": [" ####", "#    ", "#    ", "#    ", "#    ", "#    ", " ####"],
    "G": [" ####", "#    ", "#    ", "#  ##", "#   #", "#   #", " ####"],
    "O": [" ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
    "R": ["#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"],
    "S": [" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "],
    "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "],
    "Y": ["#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  "],
}
LINES = ["GRAY", "SCOTT"]
CELL = 8  # pixels per letter cell
MARGIN = 2  # cells of white around the words
GAP = 1  # cells between letters
LINE_GAP = 3  # cells between the lines


def cells():
    """The picture as rows of cells, True where dark."""
    width = max(len(line) * 5 + (len(line) - 1) * GAP for line in LINES) + 2 * MARGIN
    rows = [[False] * width for _ in range(MARGIN)]
    for n, line in enumerate(LINES):
        line_width = len(line) * 5 + (len(line) - 1) * GAP
        left = (width - line_width) // 2
        for y in range(7):
            row = [False] * width
            for i, letter in enumerate(line):
                for x, mark in enumerate(GLYPHS[letter][y]):
                    row[left + i * (5 + GAP) + x] = mark == "#"
            rows.append(row)
        if n + 1 < len(LINES):
            rows += [[False] * width for _ in range(LINE_GAP)]
    rows += [[False] * width for _ in range(MARGIN)]
    return rows


def png(pixels):
    """An 8-bit greyscale PNG of rows of byte values."""
    height, width = len(pixels), len(pixels[0])

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = b"".join(b"\0" + bytes(row) for row in pixels)
    return (b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    output = sys.argv[1] if len(sys.argv) > 1 else "assets/pictures/gray-scott.png"
    pixels = []
    for row in cells():
        line = []
        for dark in row:
            line += [0 if dark else 255] * CELL
        pixels += [line] * CELL
    with open(output, "wb") as out:
        out.write(png(pixels))


if __name__ == "__main__":
    main()
