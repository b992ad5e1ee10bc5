"""The checks that run nothing the doc shows (conventions 4-8): script lines and keys through the
app's own parser and key table (doc_check_tool), options against each program's real --help,
repository paths and link targets on disk, and a guide's opening line."""

import os
import re
import shlex
import subprocess
from urllib.parse import unquote

from doc_markdown import link_targets

PROGRAMS = ("grayscott", "grayscott-batch", "grayscott-sheet")
OPTION = re.compile(r"^--[A-Za-z][\w-]*")
HELP_OPTION = re.compile(r"(?<![\w-])--[A-Za-z][\w-]*")
SEGMENT_BREAK = re.compile(r"&&|\|\||[|;]")


def help_options(bin_dir, repo):
    """Each program's options as its --help prints them, and scripts/bootstrap.sh's."""
    options = {}
    for program in PROGRAMS:
        done = subprocess.run([os.path.join(bin_dir, program), "--help"], capture_output=True,
                              text=True, timeout=60)
        options[program] = set(HELP_OPTION.findall(done.stdout + done.stderr))
    done = subprocess.run(["bash", os.path.join(repo, "scripts", "bootstrap.sh"), "--help"],
                          capture_output=True, text=True, timeout=60)
    options["bootstrap"] = set(HELP_OPTION.findall(done.stdout + done.stderr))
    return options


def words_of(command):
    try:
        return shlex.split(command, comments=True)
    except ValueError:  # an unbalanced quote in a shown fragment: plain words will do
        return command.split()


def program_options(segment):
    """(program, its --options) for a shell segment that runs one of the three programs, the
    options after the program's name (mpirun's and xvfb-run's own come before it)."""
    words = words_of(segment)
    for index, word in enumerate(words):
        if os.path.basename(word) in PROGRAMS:
            return os.path.basename(word), options_in(words[index + 1:])
    return None, []


def options_in(words):
    """The --options among words, also where a shown synopsis wraps one: `[--halo`."""
    return [option for word in words for option in HELP_OPTION.findall(word.split("=")[0])]


def unknown_options(command, known, inline=False):
    """The --options of a command (or of inline code) that the program they belong to lacks:
    (option, program) pairs. Inline code that names no program and starts with an option is
    checked against all three programs and scripts/bootstrap.sh."""
    problems = []
    flat = command.replace("\\\n", " ")
    for segment in SEGMENT_BREAK.split(flat):
        program, options = program_options(segment)
        if program:
            problems += [(option, program) for option in options if option not in known[program]]
        elif inline and OPTION.match(segment.strip()):
            everyone = set().union(*known.values())
            problems += [(option, "any of the programs") for option in options_in(words_of(segment))
                         if option not in everyone]
    return problems


def top_level_folders(repo):
    """The repository's tracked top-level folders (a build tree is none of them)."""
    done = subprocess.run(["git", "-C", repo, "ls-files"], capture_output=True, text=True)
    if done.returncode == 0 and done.stdout:
        return sorted({path.split("/")[0] for path in done.stdout.split("\n") if "/" in path})
    return sorted(name for name in os.listdir(repo)
                  if os.path.isdir(os.path.join(repo, name)) and not name.startswith("build"))


def repository_paths(code_span, folders):
    """The words of inline code that name a path in the repository: they start with one of its
    top-level folders (`app/`, `docs/`, `.ci/` ...). A trailing :LINE and punctuation go."""
    paths = []
    for word in words_of(code_span):
        word = re.sub(r"(:\d+(-\d+)?)?[.,;:)]*$", "", word)
        if "/" in word and word.split("/")[0] in folders:
            paths.append(word)
    return paths


def path_exists(repo, path):
    """A path exists, where `*`, a <placeholder> or an ALL-CAPS word (NAME, DIR) stand for any
    name: some file must match."""
    path = path.rstrip("/")
    pieces = re.split(r"(\*|<[^>/]*>|(?<![A-Za-z])[A-Z][A-Z0-9_]+(?![a-z]))", path)
    if len(pieces) > 1:
        regex = re.compile("".join(re.escape(piece) if index % 2 == 0 else "[^/]*"
                                   for index, piece in enumerate(pieces)))
        for root, dirs, files in os.walk(repo):
            dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
            for name in dirs + files:
                if regex.fullmatch(os.path.relpath(os.path.join(root, name), repo)):
                    return True
        return False
    return os.path.exists(os.path.join(repo, path))


def local_link_target(document_dir, target):
    """A relative link's file on disk, or None for a URL or an anchor within the page."""
    if re.match(r"^[a-zA-Z][\w+.-]*:", target) or target.startswith("#"):
        return None
    path = unquote(target.split("#")[0].split("?")[0])
    return os.path.normpath(os.path.join(document_dir, path))


def guide_opening_problem(document, document_dir, readme):
    """Convention 8: a guide's first paragraph (after its title) says who it is for and links
    back to the README."""
    paragraph = []
    for prose in document.prose:
        text = prose.text.strip()
        if not paragraph and (not text or text.startswith("#") or text.startswith("<!--")):
            continue
        if not text:
            break
        paragraph.append(prose)
    if not paragraph:
        return 1, "the guide has no opening line (who it is for, and a link back to the README)"
    for prose in paragraph:
        for target in link_targets(prose):
            if local_link_target(document_dir, target) == os.path.normpath(readme):
                return None
    return paragraph[0].line, ("the guide's opening paragraph has no link back to the README "
                               "(convention 8: who it is for, and a link back)")


def unknown_keys(tool, names):
    """The <kbd> names the app's key table lacks: {name: message}."""
    if not names:
        return {}
    done = subprocess.run([tool, "keys"] + sorted(names), capture_output=True, text=True,
                          timeout=60)
    if done.returncode not in (0, 1):
        raise RuntimeError("doc_check_tool keys failed: " + done.stdout + done.stderr)
    problems = {}
    for line in done.stdout.splitlines():
        found = re.match(r"unknown key '(.*)' ", line)
        if found:
            problems[found.group(1)] = line
    return problems


def script_problem(tool, source, first_line, text):
    """The app's script parser on a gs-script block: None, or (document line, message)."""
    done = subprocess.run([tool, "script", source], input=text, capture_output=True, text=True,
                          timeout=60)
    if done.returncode == 0:
        return None
    message = (done.stdout + done.stderr).strip()
    where = re.match(re.escape(source) + r":(\d+): (.*)", message, re.DOTALL)
    if where:
        return first_line + int(where.group(1)) - 1, where.group(2)
    return first_line, message
