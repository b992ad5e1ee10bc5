"""The parts of a Markdown document the doc test reads: fenced blocks with the doc-test marker on
the line before each, and the prose around them (inline code, <kbd> keys, link targets), each with
its 1-based line number. Only what the conventions use; not a full CommonMark parser."""

import re
from dataclasses import dataclass, field

FENCE_OPEN = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")
MARKER = re.compile(r"^\s*<!--\s*doc-test:\s*(\S*)\s*(.*?)\s*-->\s*$")
MARKER_START = re.compile(r"<!--\s*doc-test")
INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
KBD = re.compile(r"<kbd>(.*?)</kbd>", re.IGNORECASE)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)")
HTML_TARGET = re.compile(r"<(?:img|a)\b[^>]*?\b(?:src|href)\s*=\s*\"([^\"]+)\"", re.IGNORECASE)


@dataclass
class Marker:
    line: int
    kind: str    # skip, display, mpi, gpu (anything else is reported by the checks)
    reason: str


@dataclass
class Fence:
    line: int                 # the opening fence's line
    info: str                 # the info string's first word, lower case ("" for none)
    body: list = field(default_factory=list)   # (line number, text without the fence's indent)
    marker: Marker = None     # the doc-test marker on the line right before the fence
    closed: bool = True


@dataclass
class Prose:
    """What lies outside the fences: one entry per source line, inline code already cut out of
    the text that is searched for keys and links."""
    line: int
    text: str          # the line with inline code spans removed
    code_spans: list   # the inline code spans' contents


@dataclass
class Document:
    lines: list
    fences: list
    prose: list
    stray_markers: list   # markers not directly before a fence: (line, text)


def read_document(text):
    lines = text.split("\n")
    fences, prose, stray = [], [], []
    pending = None  # a marker on the previous line
    in_comment = False
    i = 0
    while i < len(lines):
        line = lines[i]
        number = i + 1
        opening = FENCE_OPEN.match(line)
        if opening:
            indent, ticks, info = opening.group(1), opening.group(2), opening.group(3)
            fence = Fence(line=number, info=info.lower(), marker=pending)
            pending = None
            closing = re.compile(r"^\s*" + re.escape(ticks[0]) + "{" + str(len(ticks)) + r",}\s*$")
            i += 1
            while i < len(lines) and not closing.match(lines[i]):
                body = lines[i]
                if body.startswith(indent):
                    body = body[len(indent):]
                fence.body.append((i + 1, body))
                i += 1
            fence.closed = i < len(lines)
            fences.append(fence)
            i += 1
            continue
        if pending:
            stray.append((pending.line, lines[pending.line - 1].strip()))
            pending = None
        marker = MARKER.match(line)
        if marker:
            pending = Marker(number, marker.group(1), marker.group(2))
        elif MARKER_START.search(line):
            stray.append((number, line.strip()))
        # What HTML comments hold is not shown: not checked (markers are read above).
        shown, in_comment = without_comments(line, in_comment)
        spans = [match.group(2).strip() for match in INLINE_CODE.finditer(shown)]
        prose.append(Prose(number, INLINE_CODE.sub(" ", shown), spans))
        i += 1
    if pending:
        stray.append((pending.line, lines[pending.line - 1].strip()))
    return Document(lines, fences, prose, stray)


def without_comments(line, in_comment):
    """The line without its HTML comments, and whether a comment is still open at its end."""
    shown = ""
    while line:
        if in_comment:
            end = line.find("-->")
            if end < 0:
                return shown, True
            line, in_comment = line[end + 3:], False
        else:
            start = line.find("<!--")
            if start < 0:
                return shown + line, False
            shown, line, in_comment = shown + line[:start], line[start + 4:], True
    return shown, in_comment


def keys_in(prose_line):
    return [re.sub(r"\s+", " ", name.strip()) for name in KBD.findall(prose_line.text)]


def link_targets(prose_line):
    text = prose_line.text
    return (LINK.findall(text) + [m.group(1) for m in REFERENCE.finditer(text)]
            + HTML_TARGET.findall(text))
