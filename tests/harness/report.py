"""Render a grading for people (the default) or as one JSON document.

The JSON follows the shape of Exercism's test-runner results.json, with an
`own_tests` list beside `tests`. In messages, lines indented by four spaces
are Python code: the text report prints them flush left and unwrapped, so
they can be pasted into python3 as they stand.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from tests.harness.layout import ROOT
from tests.harness.results import Grading, Verdict

LABELS = {"pass": "PASS", "fail": "FAIL", "timeout": "TIMEOUT", "error": "ERROR"}
# An own test once judged against the specification.
JUDGED = {"pass": "agrees", "fail": "WRONG", "weak": "WEAK"}
WIDTH = 88
CODE = "    "
# The JSON's shape; changed when a field changes meaning or goes away.
JSON_VERSION = 2


def as_json(grading: Grading) -> str:
    def test(verdict: Verdict) -> dict:
        entry = {
            "name": verdict.name,
            "status": verdict.status,
            "message": verdict.message,
        }
        if verdict.description:
            entry["description"] = verdict.description
        if verdict.output:
            entry["output"] = verdict.output
        if verdict.on_your_code is not None:
            entry["on_your_code"] = verdict.on_your_code
        return entry

    document = {
        "version": JSON_VERSION,
        "kata": grading.kata.name,
        "status": grading.status,
        "message": "; ".join(filter(None, [grading.message, grading.own_tests_problem])),
        "tests": [test(verdict) for verdict in grading.tests],
        "own_tests": [test(verdict) for verdict in grading.own_tests],
    }
    return json.dumps(document, indent=2, ensure_ascii=False)


def _shown(folder: Path) -> str:
    return str(folder.relative_to(ROOT)) if folder.is_relative_to(ROOT) else str(folder)


def _detail(text: str, indent: int = 11) -> list[str]:
    lines = []
    for paragraph in text.splitlines() or [""]:
        if paragraph.startswith(CODE):
            lines.append(paragraph.removeprefix(CODE))
            continue
        lines += textwrap.wrap(
            paragraph,
            WIDTH,
            initial_indent=" " * indent,
            subsequent_indent=" " * (indent + 2),
        ) or [""]
    return lines


def as_text(grading: Grading, rerun: str) -> str:
    kata = grading.kata
    lines = [
        f"{kata.title} — grading {_shown(grading.folder)}",
        f"(time box {kata.time_box_minutes} min · each test may take {grading.limit:g} s)",
        "",
    ]
    if grading.status == "error" and not grading.tests:
        lines += ["ERROR    no test could run", *_detail(grading.message), ""]
        lines += _next_steps(grading, rerun)
        return "\n".join(lines)

    lines.append("Spec tests")
    for verdict in grading.tests:
        lines.append(f"  {LABELS[verdict.status]:<8} {verdict.description or verdict.name}")
        if verdict.status != "pass":
            lines += _detail(verdict.message)
        if verdict.output and verdict.status != "pass":
            lines += _detail("your code printed:", 11) + _detail(verdict.output, 13)
    lines += ["", f"{grading.passed}/{len(grading.tests)} spec tests pass.", ""]

    if kata.own_tests:
        lines += _own_tests(grading)
    lines += _next_steps(grading, rerun)
    return "\n".join(lines)


def _own_tests(grading: Grading) -> list[str]:
    name, total = grading.kata.own_tests, len(grading.own_tests)
    if grading.spec_passed:
        lines = [f"Your tests ({name}), checked against the specification"]
        for verdict in grading.own_tests:
            lines.append(
                f"  {JUDGED.get(verdict.status, verdict.status.upper()):<8} {verdict.name}"
            )
            if verdict.status != "pass":
                lines += _detail(verdict.message)
        summary = f"{grading.own_agreeing}/{total} of your tests agree with the specification"
        summary += f"; {grading.own_weak} of them weak." if grading.own_weak else "."
    else:
        lines = [f"Your tests ({name}), run on your code"]
        for verdict in grading.own_tests:
            lines.append(f"  {LABELS.get(verdict.on_your_code, 'ERROR'):<8} {verdict.name}")
            if verdict.on_your_code != "pass":
                lines += _detail(verdict.on_your_code_message)
        summary = (
            f"{grading.own_passing_on_your_code}/{total} of your tests pass on your code. "
            "Once every spec test passes, each is also checked against the specification."
        )
    if grading.own_tests_problem:
        lines += _detail(grading.own_tests_problem, 2)
    if grading.own_tests:
        lines += ["", *textwrap.wrap(summary, WIDTH)]
    return [*lines, ""]


def _next_steps(grading: Grading, rerun: str) -> list[str]:
    kata = grading.kata
    if grading.status == "pass":
        return [
            "Solved. Compare your fix with the reference solution:",
            f"  diff -r {_shown(grading.folder)} solutions/{kata.name}",
        ]
    statuses = {verdict.status for verdict in grading.tests}
    steps = []
    if grading.status == "error":
        steps.append("Fix the error above first: no test can run until your code imports.")
    if "timeout" in statuses:
        steps.append(
            "A TIMEOUT is a test that ran out of time: a loop that never ends, or code "
            "far slower than the contract allows. Start from the loop the report names."
        )
    if "fail" in statuses or "error" in statuses:
        steps.append(
            "Take the first FAIL or ERROR, reproduce its scenario in a few lines, "
            "find the line that causes it, fix it."
        )
    if any(verdict.status == "fail" for verdict in grading.own_wrong):
        steps.append(
            "A test marked WRONG expects something the specification does not "
            f"say: fix the test in {kata.own_tests}, not the code."
        )
    if grading.own_weak:
        steps.append(
            f"A test marked WEAK no longer fails on the bug it is there to catch: "
            f"put its checks back in {kata.own_tests}."
        )
    if grading.own_tests_problem:
        steps.append(f"Put {kata.own_tests} right: see above.")
    steps.append(f"Then run it again: {rerun}")
    lines = ["Next:"]
    for step in steps:
        lines += textwrap.wrap(step, WIDTH, initial_indent="  - ", subsequent_indent="    ")
    return lines
