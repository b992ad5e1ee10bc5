#!/usr/bin/env python3
"""The doc test (issue 25): one Markdown document's commands run and its claims checked, by the
conventions every doc follows (DOCTEST conventions, summarised):

1. Shell commands live in ```console blocks: `$ ` starts a command (a trailing backslash goes on),
   other lines are the output shown. Each block runs unless the line before its fence says
   <!-- doc-test: skip REASON -->, display (under Xvfb), mpi (where mpirun is) or gpu (where a
   CUDA device is). sh/bash/shell fences, and bare fences that hold commands, are refused.
2. Commands run with bash in a scratch folder (one per document, blocks in order) holding links
   to the repository's top-level folders, the built programs first on PATH.
3. Shown output matches stdout+stderr line for line: <N> any number, <...> any text, a line `...`
   any lines. Exit status 0 unless the last shown line is `[exit N]`.
4. Every ```gs-script block parses with the app's script parser.
5. Every <kbd>Name</kbd> is in the app's key table (what F1 shows).
6. Every --option of a program's command, in a block or inline code, is in that program's --help.
7. Every repository path in inline code and every relative link or image target exists.
8. A guide (--guide) opens with who it is for and a link back to the README.

Usage: check_docs.py --repo DIR --bin DIR --tool doc_check_tool --mpiexec PATH|none
                     --xvfb-run PATH|none --scratch DIR [--guide] DOCUMENT.md
Each failure prints FILE:LINE, the command and expected against actual; the last lines say what
ran and what did not, and why. Exit 1 on any failure."""

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import doc_console  # noqa: E402
import doc_markdown  # noqa: E402
import doc_static  # noqa: E402

REFUSED_INFOS = {"sh", "bash", "shell", "zsh", "shell-session"}
COMMAND_WORDS = {"grayscott", "grayscott-batch", "grayscott-sheet", "cmake", "ctest", "cpack",
                 "mpirun", "mpiexec", "srun", "sbatch", "xvfb-run", "sudo", "apt", "apt-get", "cd",
                 "mkdir", "printf", "echo", "for", "git", "python3", "bash", "ninja", "make"}
RUN_MARKERS = {"skip", "display", "mpi", "gpu"}


class Report:
    def __init__(self, name):
        self.name, self.failures, self.ran, self.not_run = name, 0, [], []

    def fail(self, line, message, *details):
        self.failures += 1
        print(f"{self.name}:{line}: FAIL: {message}")
        for detail in details:
            print("    " + detail.replace("\n", "\n    "))


def looks_like_commands(fence):
    for _, text in fence.body:
        words = text.strip().split()
        if words and (words[0] == "$" or words[0] in COMMAND_WORDS or
                      words[0].startswith(("scripts/", "tests/", "build/", "./"))):
            return True
    return False


def joined_lines(body):
    """(line, text) with lines that end in a backslash joined to the next."""
    joined = []
    for line, text in body:
        if joined and joined[-1][1].endswith("\\"):
            joined[-1] = (joined[-1][0], joined[-1][1] + "\n" + text)
        else:
            joined.append((line, text))
    return joined


def check_fence_kinds(document, report):
    """Convention 1: where commands may be and what may mark a block."""
    for line, text in document.stray_markers:
        report.fail(line, f"a doc-test marker not on the line right before a ```console fence: {text}")
    for fence in document.fences:
        if not fence.closed:
            report.fail(fence.line, "a fence that is never closed")
        if fence.marker and fence.info != "console":
            report.fail(fence.marker.line, f"a doc-test marker before a ```{fence.info} block "
                        "(markers are for ```console blocks)")
        if fence.info in REFUSED_INFOS:
            report.fail(fence.line, f"a ```{fence.info} block: shell commands go in ```console "
                        "blocks, each after `$ ` (plain listings are ```text)")
        elif fence.info == "" and looks_like_commands(fence):
            report.fail(fence.line, "a fence with no info string holding commands: use ```console "
                        "(`$ ` before each command), or ```text for a listing")
        marker = fence.marker
        if marker and fence.info == "console":
            if marker.kind not in RUN_MARKERS:
                report.fail(marker.line, f"unknown doc-test marker '{marker.kind}' "
                            f"(one of: {', '.join(sorted(RUN_MARKERS))})")
            elif marker.kind == "skip" and not marker.reason:
                report.fail(marker.line, "doc-test: skip needs a reason (what it needs, or how long)")


def check_options_in_blocks(document, known, report):
    for fence in document.fences:
        if fence.info == "console":
            commands, problems = doc_console.commands_of(fence)
            for line, message in problems:
                report.fail(line, message)
            # A command shown failing ([exit N]) may name a wrong option on purpose.
            pieces = [(command.line, command.text) for command in commands
                      if command.exit_status == 0]
        elif fence.info in REFUSED_INFOS or (fence.info == "" and looks_like_commands(fence)):
            pieces = joined_lines(fence.body)  # refused already; its options still named
        else:
            continue
        for line, text in pieces:
            for option, program in doc_static.unknown_options(text, known):
                report.fail(line, f"{program} has no option {option} (not in its --help)",
                            "command: " + text.strip())


def check_prose(document, args, known, report):
    """Conventions 5-7 in the text around the blocks."""
    folders = doc_static.top_level_folders(args.repo)
    document_dir = os.path.dirname(os.path.abspath(args.document))
    keys = {}
    for prose in document.prose:
        for name in doc_markdown.keys_in(prose):
            keys.setdefault(name, []).append(prose.line)
        for span in prose.code_spans:
            for option, program in doc_static.unknown_options(span, known, inline=True):
                report.fail(prose.line, f"{program} has no option {option} (not in its --help)",
                            f"inline code: `{span}`")
            for path in doc_static.repository_paths(span, folders):
                if not doc_static.path_exists(args.repo, path):
                    report.fail(prose.line, f"no such path in the repository: {path}")
        for target in doc_markdown.link_targets(prose):
            path = doc_static.local_link_target(document_dir, target)
            if path and not os.path.exists(path):
                report.fail(prose.line, f"a link to a file that does not exist: {target}")
    for name, message in doc_static.unknown_keys(args.tool, keys).items():
        for line in keys[name]:
            report.fail(line, message)
    for fence in document.fences:
        if fence.info == "gs-script":
            text = "\n".join(body for _, body in fence.body) + "\n"
            problem = doc_static.script_problem(args.tool, report.name, fence.line + 1, text)
            if problem:
                report.fail(problem[0], "a script line the app's parser refuses: " + problem[1])
    if args.guide:
        problem = doc_static.guide_opening_problem(document, document_dir,
                                                   os.path.join(args.repo, "README.md"))
        if problem:
            report.fail(*problem)


def cuda_device_present(bin_dir):
    done = subprocess.run([os.path.join(bin_dir, "grayscott-batch"), "--list-backends"],
                          capture_output=True, text=True, timeout=60)
    return any(line.split()[:1] == ["cuda"] and ", available" in line
               for line in done.stdout.splitlines())


def how_to_run(marker, args, env, cache):
    """(wrapper, None) to run a block, or (None, why not)."""
    kind = marker.kind if marker else None
    if kind == "skip":
        return None, "skip: " + (marker.reason or "(no reason given)")
    if kind == "display":
        if args.xvfb_run == "none":
            return None, "display: xvfb-run not found"
        # A display number of its own to start from: tests running at once would race for the
        # first free one (xvfb-run -a alone starts every search at 99).
        return [args.xvfb_run, "-a", "-n", str(100 + os.getpid() % 4000 * 5), "-s",
                "-screen 0 1920x1080x24"], None
    if kind == "mpi":
        if args.mpiexec == "none" or not shutil.which("mpirun", path=env["PATH"]):
            return None, "mpi: no mpirun here, or a build without MPI"
    if kind == "gpu":
        if "gpu" not in cache:
            cache["gpu"] = cuda_device_present(args.bin)
        if not cache["gpu"]:
            return None, "gpu: needs a CUDA GPU, and none answers here"
    if kind and kind not in RUN_MARKERS:
        return None, f"unknown marker '{kind}'"
    return [], None


def prepare_scratch(args):
    """The document's scratch folder, emptied, with the repository's top-level folders linked."""
    shutil.rmtree(args.scratch, ignore_errors=True)
    os.makedirs(args.scratch)
    for folder in doc_static.top_level_folders(args.repo):
        os.symlink(os.path.join(args.repo, folder), os.path.join(args.scratch, folder))
    return doc_console.scratch_environment(args.scratch, args.bin)


def run_blocks(document, args, report):
    env = prepare_scratch(args)
    cache = {}
    for fence in document.fences:
        if fence.info != "console":
            continue
        commands, problems = doc_console.commands_of(fence)
        if problems or not commands:
            report.not_run.append((fence.line, "the block is malformed (see above)"))
            continue
        wrapper, why_not = how_to_run(fence.marker, args, env, cache)
        if why_not:
            report.not_run.append((fence.line, why_not))
            continue
        for command in commands:
            outcome = doc_console.run_command(command.text, args.scratch, env, wrapper)
            shown = "\n".join(command.shown) or "(no output shown: only the exit status is checked)"
            actual = "\n".join(outcome.lines[-40:]) or "(no output)"
            if outcome.timed_out:
                report.fail(command.line, f"timed out after {doc_console.COMMAND_TIMEOUT_S} s",
                            "command: " + command.text, "output so far:\n" + actual)
            elif outcome.status != command.exit_status:
                report.fail(command.line, f"exit status {outcome.status}, expected "
                            f"{command.exit_status}", "command: " + command.text,
                            "output:\n" + actual)
            elif command.shown and not doc_console.output_matches(command.shown, outcome.lines):
                report.fail(command.line, "the output differs from what the doc shows",
                            "command: " + command.text, "expected (shown):\n" + shown,
                            "actual:\n" + actual)
        report.ran.append((fence.line, len(commands), fence.marker.kind if fence.marker else ""))


def check_quick_start(document, args, report):
    """README's Quick start: exactly two commands, and CI (.ci/run) runs the second, the tests,
    as written, so a green CI means the command a newcomer copies works."""
    heading = next((number for number, line in enumerate(document.lines, 1)
                    if line.strip() == "## Quick start"), None)
    if heading is None:
        report.fail(1, "the README has no '## Quick start' section")
        return
    fence = next((f for f in document.fences if f.line > heading and f.info == "console"), None)
    commands = doc_console.commands_of(fence)[0] if fence else []
    if len(commands) != 2:
        report.fail(fence.line if fence else heading,
                    f"the Quick start shows {len(commands)} commands; it must show two "
                    "(build and start the app; build and run the tests)")
        return
    with open(os.path.join(args.repo, ".ci", "run"), encoding="utf-8") as stream:
        ci_lines = [line.strip() for line in stream]
    if commands[1].text.strip() not in ci_lines:
        report.fail(commands[1].line, ".ci/run does not run the Quick start's test command as "
                    "written", "command: " + commands[1].text)


def main():
    parser = argparse.ArgumentParser(description="Runs a document's commands; checks its claims.")
    for option in ("--repo", "--bin", "--tool", "--mpiexec", "--xvfb-run", "--scratch"):
        parser.add_argument(option, required=True)
    parser.add_argument("--guide", action="store_true", help="a guide: convention 8 applies")
    parser.add_argument("document")
    args = parser.parse_args()
    # Commands run in the scratch folder: every path given must hold from there.
    for given in ("repo", "bin", "tool", "scratch"):
        setattr(args, given, os.path.abspath(getattr(args, given)))
    name = os.path.relpath(os.path.abspath(args.document), args.repo)
    with open(args.document, encoding="utf-8") as stream:
        document = doc_markdown.read_document(stream.read())
    report = Report(name)
    known = doc_static.help_options(args.bin, args.repo)
    check_fence_kinds(document, report)
    check_options_in_blocks(document, known, report)
    check_prose(document, args, known, report)
    if name == "README.md":
        check_quick_start(document, args, report)
    run_blocks(document, args, report)

    kinds = {}
    for fence in document.fences:
        kinds[fence.info or "(none)"] = kinds.get(fence.info or "(none)", 0) + 1
    print(f"{name}: fenced blocks by info string: " +
          ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    print(f"{name}: console blocks run: {len(report.ran)} "
          f"({sum(count for _, count, _ in report.ran)} commands); not run: {len(report.not_run)}")
    for line, why in report.not_run:
        print(f"    {name}:{line}: not run: {why}")
    print(f"{name}: {'FAILED, ' + str(report.failures) + ' failure(s)' if report.failures else 'passed'}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
