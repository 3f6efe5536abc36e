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

from tests.harness import regression, terminal, wording
from tests.harness.commands import Commands
from tests.harness.layout import ROOT
from tests.harness.protocol import Status
from tests.harness.verdicts import Grading, Verdict

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
            wording.WIDTH,
            initial_indent=" " * indent,
            subsequent_indent=" " * (indent + 2),
        ) or [""]
    return lines


def _output(text: str, indent: int) -> list[str]:
    """What the learner's code printed: wrapped, never taken for code."""
    return [
        line
        for paragraph in text.splitlines() or [""]
        for line in textwrap.wrap(paragraph, wording.WIDTH, initial_indent=" " * indent) or [""]
    ]


def as_text(
    grading: Grading,
    commands: Commands | None,
    colour: bool = False,
    time_box: float | None = None,
) -> str:
    """The report; `commands` are the ones to run next (None in a watch loop: a save
    grades again); with `colour`, verdict labels in colour (tests.harness.terminal);
    `time_box` in seconds, if not the kata's (an interview's)."""
    kata = grading.kata
    time_box = time_box or kata.time_box_minutes * 60
    lines = wording.heading(kata.title, _shown(grading.folder), time_box, grading.limit)
    lines.append("")
    if grading.status is Status.ERROR and not grading.tests:
        label = terminal.label(f"{'ERROR':<8}", colour)
        lines += [f"{label} {wording.NO_TEST_RAN}", *_detail(grading.message), ""]
        lines += _next_steps(grading, commands)
        return "\n".join(lines)

    lines.append(wording.SPEC_HEADING)
    for verdict in grading.tests:
        lines += _spec_test(verdict, colour)
    lines += [
        "",
        f"{grading.message}."
        if grading.only
        else f"{wording.spec_summary(grading.passed, len(grading.tests))}.",
        "",
    ]

    if kata.own_tests and not grading.only:
        lines += _own_tests(grading, colour)
    others = regression.files_of(kata, grading.folder)
    if others and not grading.only:
        lines += [*textwrap.wrap(wording.other_test_files(others), wording.WIDTH), ""]
    lines += _next_steps(grading, commands)
    return "\n".join(lines)


def _spec_test(verdict: Verdict, colour: bool) -> list[str]:
    """One spec test's lines: its verdict and title; if it did not pass, why, what the
    learner's code printed, and its name (what ONLY= takes), dim."""
    label = terminal.label(f"{wording.LABELS[verdict.status.value]:<8}", colour)
    title = textwrap.wrap(verdict.description or verdict.name, wording.WIDTH - 11)
    lines = [f"  {label} {title[0] if title else ''}", *(f"{'':11}{more}" for more in title[1:])]
    if verdict.status is Status.PASS:
        return lines
    lines += _detail(verdict.message)
    if verdict.output:
        lines += _detail(wording.YOUR_OUTPUT, 11) + _output(verdict.output, 13)
    if verdict.description:
        lines.append(f"{'':11}{terminal.dim(wording.test_name(verdict.name), colour)}")
    return lines


def summary(grading: Grading, commands: Commands | None, colour: bool = False) -> list[str]:
    """What a screen too small for the report shows first: the counts, the first
    failing spec test in full, and what to do next."""
    counted = Counter(verdict.status for verdict in grading.tests)
    failing = [verdict for verdict in grading.tests if verdict.status is not Status.PASS]
    lines = [wording.counts({status.value: counted[status] for status in counted})]
    if not failing:
        return [*lines, "", *_next_steps(grading, commands)]
    first = failing[0]
    lines += ["", wording.FIRST_FAILURE, *_spec_test(first, colour), ""]
    failure = wording.step_failure(_shown(grading.folder))
    step = wording.STEP_TIMEOUT if first.status is Status.TIMEOUT else failure
    stuck = wording.WATCH_STUCK if commands is None else wording.stuck_step(commands.hint)
    return [*lines, *wording.next_steps([step, stuck])]


def _own_tests(grading: Grading, colour: bool) -> list[str]:
    judged = grading.spec_passed
    lines = [wording.own_heading(grading.kata.own_tests, judged)]
    for verdict in grading.own_tests:
        if judged:
            label, message = wording.JUDGED.get(verdict.status.value, "ERROR"), verdict.message
            shown = verdict.status is not Status.PASS
        else:
            status = verdict.on_your_code or Status.ERROR
            label, message = wording.LABELS[status.value], verdict.on_your_code_message
            shown = status is not Status.PASS
        lines.append(f"  {terminal.label(f'{label:<8}', colour)} {verdict.name}")
        if shown:
            lines += _detail(message)
    if grading.own_tests_problem:
        lines += _detail(grading.own_tests_problem, 2)
    if grading.own_tests:
        closing = wording.own_closing(
            grading.own_passing_on_your_code,
            grading.own_right,
            len(grading.own_tests),
            grading.own_weak,
            judged,
            incomplete=bool(grading.own_tests_problem),
        )
        lines += ["", *textwrap.wrap(closing, wording.WIDTH)]
    return [*lines, ""]


def _next_steps(grading: Grading, commands: Commands | None) -> list[str]:
    """What to do next; `commands` is None in a watch loop, where a save grades again."""
    if grading.status is Status.PARTIAL and commands is not None:
        return wording.selection_passes(commands.check_all)
    if grading.status is Status.PASS:
        return wording.solved(_shown(grading.folder), grading.kata.name)
    statuses = {verdict.status for verdict in grading.tests}
    failing = [verdict.name for verdict in grading.tests if verdict.status is not Status.PASS]
    own_tests = grading.kata.own_tests or ""
    steps = []
    if grading.status is Status.ERROR:
        steps.append(wording.STEP_ERROR)
    # The advice on the first failing test's kind comes first: it is read first.
    first = next((v.status for v in grading.tests if v.status is not Status.PASS), None)
    timeouts = [wording.STEP_TIMEOUT] if Status.TIMEOUT in statuses else []
    steps += timeouts if first is Status.TIMEOUT else []
    failures = statuses & {Status.FAIL, Status.ERROR}
    steps += [wording.step_failure(_shown(grading.folder))] if failures else []
    steps += [] if first is Status.TIMEOUT else timeouts
    if failing and commands is not None and not commands.only:
        steps.append(wording.step_only_first(commands.check_one(failing[0])))
    if any(verdict.status is Status.FAIL for verdict in grading.own_wrong):
        steps.append(wording.step_wrong(own_tests))
    if grading.own_weak:
        steps.append(wording.step_weak(own_tests))
    if grading.own_tests_problem:
        steps.append(wording.step_own_file(own_tests))
    if commands is None:
        steps += [wording.WATCH_STUCK, wording.STEP_SAVE]
    else:
        steps += [wording.stuck_step(commands.hint), wording.step_rerun(commands.check)]
    return wording.next_steps(steps)
