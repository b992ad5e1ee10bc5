"""`console` blocks: their commands and the output each shows (conventions 1-3), how the shown
output is matched against what the command printed, and running a command in the document's
scratch folder."""

import os
import re
import signal
import subprocess
from dataclasses import dataclass, field

EXIT_LINE = re.compile(r"^\[exit (\d+)\]$")
# A here-document (`<<'EOF'`, `<<EOF`): its lines up to the word alone are the command's input.
HEREDOC = re.compile(r"<<-?\s*['\"]?(\w+)['\"]?")
NUMBER = r"[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
COMMAND_TIMEOUT_S = 120


@dataclass
class Command:
    line: int               # the line of its `$ `
    text: str               # as bash gets it (continuation lines joined by their backslashes)
    shown: list = field(default_factory=list)   # the output lines the doc shows
    exit_status: int = 0


def commands_of(fence):
    """The commands of a console block, or a problem (line, message) when it has none or shows
    output before its first command."""
    commands, problems = [], []
    continuing = False
    heredoc_end = None
    for number, text in fence.body:
        if heredoc_end is not None:
            commands[-1].text += "\n" + text
            if text == heredoc_end:
                heredoc_end = None
            continue
        if continuing or text.startswith("$ ") or text == "$":
            if continuing:
                commands[-1].text += "\n" + text
            else:
                commands.append(Command(number, text[2:]))
            continuing = text.endswith("\\")
            heredoc = HEREDOC.search(text)
            if heredoc:
                heredoc_end = heredoc.group(1)
        elif commands:
            commands[-1].shown.append(text.rstrip())
        elif text.strip():
            problems.append((number, "output before the block's first `$ ` command"))
    if not commands:
        problems.append((fence.line, "a console block with no `$ ` command (plain output is `text`)"))
    for command in commands:
        while command.shown and not command.shown[-1].strip():
            command.shown.pop()
        if command.shown:
            status = EXIT_LINE.match(command.shown[-1].strip())
            if status:
                command.exit_status = int(status.group(1))
                command.shown.pop()
    return commands, problems


def line_pattern(shown_line):
    """A shown line as a regex: <N> any number, <...> any text, the rest as written."""
    parts = re.split(r"(<N>|<\.\.\.>)", shown_line.rstrip())
    regex = "".join(NUMBER if part == "<N>" else ".*" if part == "<...>" else re.escape(part)
                    for part in parts)
    return re.compile(regex + r"\s*")


def output_matches(shown, actual):
    """Whether every shown line matches the actual lines in order, one for one, where a line that
    is just `...` stands for any number of lines."""
    patterns = [None if line.strip() == "..." else line_pattern(line) for line in shown]
    memo = {}

    def match(p, a):
        if (p, a) in memo:
            return memo[(p, a)]
        if p == len(patterns):
            result = a == len(actual)
        elif patterns[p] is None:
            result = any(match(p + 1, rest) for rest in range(a, len(actual) + 1))
        else:
            result = a < len(actual) and patterns[p].fullmatch(actual[a]) is not None and \
                match(p + 1, a + 1)
        memo[(p, a)] = result
        return result

    return match(0, 0)


@dataclass
class Outcome:
    status: int
    lines: list
    timed_out: bool = False


def run_command(command_text, cwd, env, wrapper=()):
    """Runs one command with bash in `cwd`; stdout and stderr together, as a terminal shows them."""
    # A session of its own, so a command that runs too long goes with everything it started
    # (xvfb-run's server, mpirun's ranks).
    process = subprocess.Popen(list(wrapper) + ["bash", "-c", command_text], cwd=cwd, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    timed_out = False
    try:
        output, _ = process.communicate(timeout=COMMAND_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
    text = output.decode("utf-8", "replace").rstrip("\n")
    lines = [line.rstrip() for line in text.split("\n")] if text else []
    return Outcome(-1 if timed_out else process.returncode, lines, timed_out)


def scratch_environment(scratch, bin_dir):
    """The built programs first on PATH; the app's settings, captures and caches in the scratch
    folder, never the person's own; mpirun allowed as root and over more ranks than cores (CI's
    containers), so docs show plain `mpirun -np 2 ...`."""
    home = os.path.join(scratch, ".home")
    env = dict(os.environ)
    env.update({
        "PATH": bin_dir + os.pathsep + env.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "XDG_PICTURES_DIR": os.path.join(home, "pictures"),
        "OMPI_ALLOW_RUN_AS_ROOT": "1",
        "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
        "OMPI_MCA_rmaps_base_oversubscribe": "1",
    })
    for folder in ("config", "data", "cache", "pictures"):
        os.makedirs(os.path.join(home, folder), exist_ok=True)
    return env
