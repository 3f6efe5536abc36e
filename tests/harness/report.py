"""Render a grading for people (the default) or as one JSON document.

The JSON follows the shape of Exercism's test-runner results.json, with an
`own_tests` list beside `tests`.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from tests.harness.layout import ROOT
from tests.harness.results import Grading, Verdict

LABELS = {"pass": "PASS", "fail": "FAIL", "timeout": "TIMEOUT", "error": "ERROR"}
WIDTH = 88


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
        if verdict.against_yours is not None:
            entry["against_yours"] = verdict.against_yours
        return entry

    document = {
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
    name = grading.kata.own_tests
    lines = [f"Your tests ({name}), run against the reference solution"]
    for verdict in grading.own_tests:
        mark = "agrees" if verdict.status == "pass" else "WRONG"
        yours = f"   [on your code: {verdict.against_yours or 'not run'}]"
        lines.append(f"  {mark:<8} {verdict.name}{yours}")
        if verdict.status != "pass":
            lines += _detail(verdict.message)
    if grading.own_tests_problem:
        lines += _detail(grading.own_tests_problem, 2)
    if grading.own_tests:
        agree = len(grading.own_tests) - len(grading.own_disagreements)
        total = len(grading.own_tests)
        lines += ["", f"{agree}/{total} of your tests agree with the specification."]
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
            "A TIMEOUT is a call that never returned: look for a loop that "
            "can run forever and bound it."
        )
    if "fail" in statuses or "error" in statuses:
        steps.append(
            "Take the first FAIL or ERROR, reproduce its scenario in a few lines, "
            "find the line that causes it, fix it."
        )
    if grading.own_disagreements:
        steps.append(
            "A test marked WRONG expects something the specification does not "
            f"say: fix the test in {kata.own_tests}, not the code."
        )
    if grading.own_tests_problem:
        steps.append(f"Put {kata.own_tests} right: see above.")
    steps.append(f"Then run it again: {rerun}")
    lines = ["Next:"]
    for step in steps:
        lines += textwrap.wrap(step, WIDTH, initial_indent="  - ", subsequent_indent="    ")
    return lines
