"""Every snippet a report prints to paste runs as pasted.

For every kata, the starter's report and each planted bug's single-bug
variant's report: a paragraph that says to paste must be followed by Python
printed flush left, and each such snippet is fed, line by line, to an
interactive interpreter (code.InteractiveConsole reads a paste as python's
prompt does: a blank line ends a block) started in that folder with
PYTHONHASHSEED=0. A SyntaxError, an IndentationError or a NameError of the
snippet's own fails the test: the learner could not run it. Any other
exception is the bug the snippet is there to show. A snippet that runs past
HANG seconds is fine only where the report has a TIMEOUT: the bug is an
endless loop (there, LOOPING seconds are taken as a hang). `make test` pastes the
starter's snippets; `make test-all` each planted bug's too.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness.check import grading, report
from tests.harness.check.verdicts import Grading, Verdict
from tests.harness.core.layout import kata_names
from tests.harness.core.protocol import Status, Variant
from tests.harness.kata import catalog, variants
from tests.selftest.checking import STARTER_LIMIT, committed_starter, graded_starter

KATAS = [catalog.load(name) for name in kata_names()]
WITH_CODE_BUGS = [kata for kata in KATAS if any(not bug.in_own_tests for bug in kata.planted)]
HANG = 15  # s a snippet may run; the longest replays take a fraction of a second
LOOPING = 3  # s after which a snippet of a report with a TIMEOUT is taken to loop
# A line of a snippet: flush left, blank, or indented as a block's body (the report's
# own lines are indented by 2, 11 or 13 spaces).
GOES_ON = re.compile(r"(?: {4}| {8}| {12})\S")
# Feeds stdin to an interactive console; prints the snippet's own errors, one a line.
CONSOLE = r"""
import code, sys, traceback

class Console(code.InteractiveConsole):
    def showsyntaxerror(self, filename=None, **kwargs):
        print("SNIPPET", sys.exc_info()[0].__name__, file=sys.__stderr__)
        super().showsyntaxerror(filename)

    def showtraceback(self):
        kind, _, trace = sys.exc_info()
        if kind is NameError and traceback.extract_tb(trace)[-1].filename == "<console>":
            print("SNIPPET NameError", file=sys.__stderr__)
        super().showtraceback()

console, more = Console(), False
for line in sys.stdin.read().split("\n"):
    more = console.push(line)
if more:
    console.push("")
"""


Reports = dict[str, tuple[Path, list[Verdict]]]  # by name: the folder and its verdicts


def starter_report(kata: catalog.Kata, tmp_path: Path) -> Reports:
    """The starter's verdicts, from its shared grading."""
    starter = graded_starter(kata.name).result["tests"]
    verdicts = [Verdict(t["name"], Status(t["status"]), t["message"]) for t in starter]
    return {"starter": (committed_starter(kata, tmp_path / "starter"), verdicts)}


def planted_reports(kata: catalog.Kata, tmp_path: Path) -> Reports:
    """Each planted bug's single-bug variant's verdicts, by the bug's id."""
    folders = {
        bug.id: variants.build(kata, [bug], tmp_path / bug.id)
        for bug in kata.planted
        if not bug.in_own_tests
    }
    every_test = tuple(kata.spec_tests)
    bugs = tuple(Variant(name, folder, every_test) for name, folder in folders.items())
    graded = grading.grade_variants(kata.name, bugs, STARTER_LIMIT, 600)
    return {
        name: (folders[name], [Verdict(test, r.status, r.message) for test, r in results.items()])
        for name, results in graded.items()
    }


def snippets(kata: catalog.Kata, folder: Path, verdict: Verdict) -> list[str]:
    """The snippets of one failing spec test, as its report prints them; AssertionError
    if a paragraph says to paste and no flush-left Python follows it."""
    graded = Grading(kata, folder, STARTER_LIMIT, Status.FAIL, tests=[verdict])
    lines = report.as_text(graded, None).split("\n")
    lines = lines[lines.index("Spec tests") + 1 : lines.index("0/1 spec tests pass.")]
    found: list[list[str]] = []
    current: list[str] | None = None
    for number, line in enumerate(lines):
        flush = bool(line) and not line.startswith(" ")
        if flush and current is None:
            current = [line]
            found.append(current)
        elif current is not None and (flush or line == "" or GOES_ON.match(line)):
            current.append(line)
        else:
            current = None
        if "paste" in line and not flush:
            after = number + 1
            while after < len(lines) and lines[after].startswith(" " * 13):
                after += 1  # the rest of the paragraph, wrapped
            following = lines[after] if after < len(lines) else ""
            assert following and not following.startswith(" "), (
                f"{verdict.name}: the lines to paste are not printed flush left:\n"
                + "\n".join(lines[number : after + 4])
            )
    return ["\n".join(snippet).rstrip("\n") for snippet in found]


def pasted(snippet: str, folder: Path, hang: float) -> str:
    """The snippet's own errors when pasted into python started in `folder`, one a
    line; "hang" if it ran past `hang` seconds."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHONPATH"))}
    try:
        ran = subprocess.run(
            [sys.executable, "-c", CONSOLE],
            input=snippet,
            cwd=folder,
            env={**env, "PYTHONHASHSEED": "0"},
            capture_output=True,
            text=True,
            timeout=hang,
        )
    except subprocess.TimeoutExpired:
        return "hang"
    return "\n".join(line for line in ran.stderr.splitlines() if line.startswith("SNIPPET "))


def broken(kata: catalog.Kata, reports: Reports) -> str:
    """Each snippet of the reports that does not run as pasted, with why; "" if none."""
    found = []
    for name, (folder, verdicts) in reports.items():
        loops = any(verdict.status is Status.TIMEOUT for verdict in verdicts)
        for verdict in verdicts:
            if verdict.status is Status.PASS:
                continue
            for snippet in snippets(kata, folder, verdict):
                # Where the bug is an endless loop a snippet may hang: waiting the whole
                # HANG for each would cost most of the tier's time.
                errors = pasted(snippet, folder, LOOPING if loops else HANG)
                if errors and not (errors == "hang" and loops):
                    found.append(f"{name}, {verdict.name}: {errors}\n{snippet}")
    return "\n\n".join(found)


@pytest.mark.parametrize("kata", KATAS, ids=lambda kata: kata.name)
def test_every_snippet_the_starters_report_prints_runs_as_pasted(kata, tmp_path):
    errors = broken(kata, starter_report(kata, tmp_path))
    assert not errors, "snippets that do not run as pasted:\n\n" + errors


# Each planted bug costs a grading of its own: the full tier alone runs these.
@pytest.mark.thorough
@pytest.mark.parametrize("kata", WITH_CODE_BUGS, ids=lambda kata: kata.name)
def test_every_snippet_a_planted_bugs_report_prints_runs_as_pasted(kata, tmp_path):
    errors = broken(kata, planted_reports(kata, tmp_path))
    assert not errors, "snippets that do not run as pasted:\n\n" + errors
