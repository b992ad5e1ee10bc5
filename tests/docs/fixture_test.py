#!/usr/bin/env python3
"""The doc test's own test: runs check_docs.py on one fixture and holds it to what the fixture
says about itself in its first lines:

    <!-- fixture: pass -->  or  <!-- fixture: fail -->   the runner's exit status (0 or 1)
    <!-- fixture-expect: REGEX -->                       each must be found in the runner's output

Usage: fixture_test.py FIXTURE.md -- RUNNER ARGS..."""

import re
import subprocess
import sys


def main():
    fixture, runner = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
    with open(fixture, encoding="utf-8") as stream:
        text = stream.read()
    verdict = re.match(r"<!-- fixture: (pass|fail) -->", text)
    if not verdict:
        print(f"{fixture}: the first line must be <!-- fixture: pass --> or <!-- fixture: fail -->")
        return 1
    expected_status = 0 if verdict.group(1) == "pass" else 1
    expectations = re.findall(r"^<!-- fixture-expect: (.*) -->$", text, re.MULTILINE)
    done = subprocess.run(runner, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=280)
    print(done.stdout)
    problems = []
    if done.returncode != expected_status:
        problems.append(f"the runner exited {done.returncode}, the fixture expects {expected_status}")
    for expectation in expectations:
        if not re.search(expectation, done.stdout):
            problems.append(f"not in the runner's output: {expectation}")
    if verdict.group(1) == "fail" and not expectations:
        problems.append("a failing fixture must say which failure it expects (fixture-expect)")
    for problem in problems:
        print(f"{fixture}: FIXTURE FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
