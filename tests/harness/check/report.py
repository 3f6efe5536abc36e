"""Lay a grading out for people (the default) or as one JSON document.

The JSON follows the shape of Exercism's test-runner results.json, with an
`own_tests` list beside `tests` and a `version`. In messages, lines indented
by four spaces are Python code: the text report prints them flush left and
unwrapped, so they can be pasted into python3 as they stand. The words are
tests.harness.wording's.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from pathlib import Path

from tests.harness.check.commands import Commands
from tests.harness.check.verdicts import Grading, Verdict
from tests.harness.core import terminal
from tests.harness.core.layout import ROOT
from tests.harness.core.protocol import Status
from tests.harness.wording import common, loop, reports

CODE = "    "
# The JSON's shape; changed when a field changes meaning or goes away.
JSON_VERSION = 2


def as_json(grading: Grading) -> str:
    def test(verdict: Verdict) -> dict:
        entry = {"name": verdict.name, "status": verdict.status.value, "message": verdict.message}
        if verdict.description:
            entry["description"] = verdict.description
        if verdict.output:
            entry["output"] = verdict.output
        if verdict.on_your_code is not None:
            entry["on_your_code"] = verdict.on_your_code.value
        return entry

    document = {
        "version": JSON_VERSION,
        "kata": grading.kata.name,
        "status": grading.status.value,
        "message": "; ".join(filter(None, [grading.message, grading.own_tests_problem])),
        "tests": [test(verdict) for verdict in grading.tests],
        "own_tests": [test(verdict) for verdict in grading.own_tests],
    }
    if grading.only:
        document["only"] = list(grading.only)
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
            common.WIDTH,
            initial_indent=" " * indent,
            subsequent_indent=" " * (indent + 2),
        ) or [""]
    return lines


def _output(text: str, indent: int) -> list[str]:
    """What the learner's code printed: wrapped, never taken for code."""
    return [
        line
        for paragraph in text.splitlines() or [""]
        for line in textwrap.wrap(paragraph, common.WIDTH, initial_indent=" " * indent) or [""]
    ]


def as_text(
    grading: Grading,
    commands: Commands | None,
    colour: bool = False,
    time_box: float | None = None,
) -> str:
    """The report; `commands` are the ones to run next (None in a watch loop: a save
    grades again); with `colour`, verdict labels in colour (tests.harness.core.terminal);
    `time_box` in seconds, if not the kata's (an interview's)."""
    kata = grading.kata
    time_box = time_box or kata.time_box_minutes * 60
    lines = reports.heading(kata.title, _shown(grading.folder), time_box, grading.limit)
    lines.append("")
    if grading.status is Status.ERROR and not grading.tests:
        label = terminal.label(f"{'ERROR':<8}", colour)
        lines += [f"{label} {reports.NO_TEST_RAN}", *_detail(grading.message), ""]
        lines += _next_steps(grading, commands)
        return "\n".join(lines)

    lines.append(reports.SPEC_HEADING)
    for verdict in grading.tests:
        lines += _spec_test(verdict, colour)
    lines += [
        "",
        f"{grading.message}."
        if grading.only
        else f"{reports.spec_summary(grading.passed, len(grading.tests))}.",
        "",
    ]

    if kata.own_tests and not grading.only:
        lines += _own_tests(grading, colour)
    others = kata.added_tests(grading.folder)
    if others and not grading.only:
        lines += [*textwrap.wrap(reports.other_test_files(others), common.WIDTH), ""]
    lines += _next_steps(grading, commands)
    return "\n".join(lines)


def _spec_test(verdict: Verdict, colour: bool) -> list[str]:
    """One spec test's lines: its verdict and title; if it did not pass, why, what the
    learner's code printed, and its name (what ONLY= takes), dim."""
    label = terminal.label(f"{reports.LABELS[verdict.status.value]:<8}", colour)
    title = textwrap.wrap(verdict.description or verdict.name, common.WIDTH - 11)
    lines = [f"  {label} {title[0] if title else ''}", *(f"{'':11}{more}" for more in title[1:])]
    if verdict.status is Status.PASS:
        return lines
    lines += _detail(verdict.message)
    if verdict.output:
        lines += _detail(reports.YOUR_OUTPUT, 11) + _output(verdict.output, 13)
    if verdict.description:
        lines.append(f"{'':11}{terminal.dim(reports.test_name(verdict.name), colour)}")
    return lines


def summary(grading: Grading, commands: Commands | None, colour: bool = False) -> list[str]:
    """What a screen too small for the report shows first: the counts, the first
    failing spec test in full, and what to do next."""
    counted = Counter(verdict.status for verdict in grading.tests)
    failing = [verdict for verdict in grading.tests if verdict.status is not Status.PASS]
    lines = [reports.counts({status.value: counted[status] for status in counted})]
    if not failing:
        return [*lines, "", *_next_steps(grading, commands)]
    first = failing[0]
    lines += ["", reports.FIRST_FAILURE, *_spec_test(first, colour), ""]
    failure = reports.step_failure(_shown(grading.folder))
    step = reports.STEP_TIMEOUT if first.status is Status.TIMEOUT else failure
    stuck = loop.WATCH_STUCK if commands is None else loop.stuck_step(commands.hint)
    return [*lines, *reports.next_steps([step, stuck])]


def _own_tests(grading: Grading, colour: bool) -> list[str]:
    judged = grading.spec_passed
    lines = [reports.own_heading(grading.kata.own_tests, judged)]
    for verdict in grading.own_tests:
        if judged:
            label, message = reports.JUDGED.get(verdict.status.value, "ERROR"), verdict.message
            shown = verdict.status is not Status.PASS
        else:
            status = verdict.on_your_code or Status.ERROR
            label, message = reports.LABELS[status.value], verdict.on_your_code_message
            shown = status is not Status.PASS
        lines.append(f"  {terminal.label(f'{label:<8}', colour)} {verdict.name}")
        if shown:
            lines += _detail(message)
    if grading.own_tests_problem:
        lines += _detail(grading.own_tests_problem, 2)
    if grading.own_tests:
        closing = reports.own_closing(
            grading.own_passing_on_your_code,
            grading.own_right,
            len(grading.own_tests),
            grading.own_weak,
            judged,
            incomplete=bool(grading.own_tests_problem),
        )
        lines += ["", *textwrap.wrap(closing, common.WIDTH)]
    return [*lines, ""]


def _next_steps(grading: Grading, commands: Commands | None) -> list[str]:
    """What to do next; `commands` is None in a watch loop, where a save grades again."""
    if grading.status is Status.PARTIAL and commands is not None:
        return reports.selection_passes(commands.check_all)
    if grading.status is Status.PASS:
        return reports.solved(_shown(grading.folder), grading.kata.name)
    statuses = {verdict.status for verdict in grading.tests}
    failing = [verdict.name for verdict in grading.tests if verdict.status is not Status.PASS]
    own_tests = grading.kata.own_tests or ""
    steps = []
    if grading.status is Status.ERROR:
        steps.append(reports.STEP_ERROR)
    # The advice on the first failing test's kind comes first: it is read first.
    first = next((v.status for v in grading.tests if v.status is not Status.PASS), None)
    timeouts = [reports.STEP_TIMEOUT] if Status.TIMEOUT in statuses else []
    steps += timeouts if first is Status.TIMEOUT else []
    failures = statuses & {Status.FAIL, Status.ERROR}
    steps += [reports.step_failure(_shown(grading.folder))] if failures else []
    steps += [] if first is Status.TIMEOUT else timeouts
    if failing and commands is not None and not commands.only:
        steps.append(reports.step_only_first(commands.check_one(failing[0])))
    if any(verdict.status is Status.FAIL for verdict in grading.own_wrong):
        steps.append(reports.step_wrong(own_tests))
    if grading.own_weak:
        steps.append(reports.step_weak(own_tests))
    if grading.own_tests_problem:
        steps.append(reports.step_own_file(own_tests))
    if commands is None:
        steps += [loop.WATCH_STUCK, reports.STEP_SAVE]
    else:
        steps += [loop.stuck_step(commands.hint), reports.step_rerun(commands.check)]
    return reports.next_steps(steps)
