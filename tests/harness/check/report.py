"""Lay a grading out for people (the default) or as one JSON document.

The JSON follows the shape of Exercism's test-runner results.json, with an
`own_tests` list beside `tests` and a `version`. In messages, lines indented
by four spaces are Python code: the text report prints them flush left and
unwrapped, so they can be pasted into python as they stand
(tests.harness.wording.snippets). The words are tests.harness.wording's.

Two modes (tests.harness.wording.rounds): practice, the full report, and round,
what a real round gives: the team's tests as pytest reports them and how many
behaviours of the contract still break, and nothing of the spec tests (their
names, scenarios, values, the learner's lines, hints). Solved, a round-mode
report is the full one but for the list of spec tests.
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
from tests.harness.wording import common, loop, outcomes, reports, rounds, snippets
from tests.harness.wording.rounds import PRACTICE, ROUND

CODE = snippets.CODE
# The JSON's shape; changed when a field changes meaning or goes away.
JSON_VERSION = 2


def as_json(grading: Grading, mode: str = PRACTICE) -> str:
    """The check as one JSON document. In round mode `tests` is empty, `behaviours`
    counts them, and an own test's message is the one its run on the learner's code
    gave (docs/grader.md, "The JSON")."""

    def test(verdict: Verdict) -> dict:
        entry = {"name": verdict.name, "status": verdict.status.value, "message": verdict.message}
        if verdict.description:
            entry["description"] = verdict.description
        if verdict.output:
            entry["output"] = verdict.output
        if verdict.on_your_code is not None:
            entry["on_your_code"] = verdict.on_your_code.value
        return entry

    def team_test(verdict: Verdict) -> dict:
        on_yours = verdict.on_your_code or Status.ERROR
        message = verdict.on_your_code_message if on_yours is Status.FAIL else ""
        return {
            "name": verdict.name,
            "status": verdict.status.value,
            "message": message,
            "on_your_code": on_yours.value,
        }

    message = "; ".join(filter(None, [grading.message, grading.own_tests_problem]))
    document = {
        "version": JSON_VERSION,
        "kata": grading.kata.name,
        "status": grading.status.value,
        "message": message,
        "tests": [test(verdict) for verdict in grading.tests],
        "own_tests": [test(verdict) for verdict in grading.own_tests],
    }
    if grading.only:
        document["only"] = list(grading.only)
    if mode == ROUND:
        if grading.tests:
            message = _round_message(grading)
        document = {
            "version": JSON_VERSION,
            "kata": grading.kata.name,
            "mode": ROUND,
            "status": grading.status.value,
            "message": "; ".join(filter(None, [message, grading.own_tests_problem])),
            "behaviours": {"total": len(grading.tests), "breaking": _breaking(grading)},
            "tests": [],
            "own_tests": [team_test(verdict) for verdict in grading.own_tests],
        }
    return json.dumps(document, indent=2)


def refusal_as_json(message: str, kata: str) -> str:
    """A refused check (a folder that is none, an unknown kata) as a check's JSON
    document, for whoever reads FORMAT=json."""
    document = {
        "version": JSON_VERSION,
        "kata": kata,
        "status": Status.ERROR.value,
        "message": message,
        "tests": [],
        "own_tests": [],
    }
    return json.dumps(document, indent=2)


def _breaking(grading: Grading) -> int:
    return len(grading.tests) - grading.passed


def _round_message(grading: Grading) -> str:
    said = rounds.summary(_breaking(grading), len(grading.tests))
    if grading.own_tests:
        passing = grading.own_passing_on_your_code
        said += "; " + rounds.team_summary(passing, len(grading.own_tests))
    return said


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
    mode: str = PRACTICE,
) -> str:
    """The report; `commands` are the ones to run next (None in a watch loop: a save
    grades again); with `colour`, verdict labels in colour (tests.harness.core.terminal);
    `time_box` in seconds, if not the kata's (an interview's); `mode` practice or round."""
    kata = grading.kata
    time_box = time_box or kata.time_box_minutes * 60
    lines = reports.heading(kata.title, _shown(grading.folder), time_box, grading.limit)
    if mode == ROUND:
        lines[0] = rounds.heading(kata.title, _shown(grading.folder))
    lines.append("")
    if grading.status is Status.ERROR and not grading.tests:
        label = terminal.label(f"{'ERROR':<8}", colour)
        lines += [f"{label} {reports.NO_TEST_RAN}", *_detail(grading.message), ""]
        lines += _next_steps(grading, commands, mode)
        return "\n".join(lines)
    if mode == ROUND and grading.status is not Status.PASS:
        return "\n".join(lines + _round(grading, commands, colour))
    lines += _body(grading, colour, mode)
    lines += _next_steps(grading, commands, mode)
    return "\n".join(lines)


def _body(grading: Grading, colour: bool, mode: str = PRACTICE, shown_above: str = "") -> list[str]:
    """The report between its heading and its next steps: the spec tests (in round mode,
    solved, only their count), the kata's own tests, the learner's other test files.
    `shown_above`: a spec test shown in full above this (a watch screen), listed by title."""
    kata = grading.kata
    lines = []
    if mode == ROUND:
        lines += [rounds.behaviours(_breaking(grading), len(grading.tests)), ""]
    else:
        lines.append(reports.SPEC_HEADING)
        for verdict in grading.tests:
            lines += _spec_test(verdict, colour, brief=verdict.name == shown_above)
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
    return lines


def _spec_test(verdict: Verdict, colour: bool, brief: bool = False) -> list[str]:
    """One spec test's lines: its verdict and title; if it did not pass, why, what the
    learner's code printed, and its name (what ONLY= takes), dim. `brief`: the verdict
    and title only, the rest being on the screen already."""
    label = terminal.label(f"{reports.LABELS[verdict.status.value]:<8}", colour)
    title = textwrap.wrap(verdict.description or verdict.name, common.WIDTH - 11)
    lines = [f"  {label} {title[0] if title else ''}", *(f"{'':11}{more}" for more in title[1:])]
    if verdict.status is Status.PASS:
        return lines
    if brief:
        return [*lines, f"{'':11}{reports.SHOWN_ABOVE}"]
    lines += _detail(verdict.message)
    if verdict.output:
        lines += _detail(reports.YOUR_OUTPUT, 11) + _output(verdict.output, 13)
    if verdict.description:
        lines.append(f"{'':11}{terminal.dim(reports.test_name(verdict.name), colour)}")
    return lines


def for_screen(
    grading: Grading, colour: bool = False, time_box: float | None = None, mode: str = PRACTICE
) -> tuple[list[str], list[str]]:
    """The report as a screen too small for it shows it (a watch loop): what comes first,
    then the rest, as much of it as fits. Practice mode first shows the counts, the first
    failure in full (or, every spec test passing, the kata's own tests) and what to do
    next, then the report from its spec tests on; round mode, its report as it is."""
    if mode == ROUND and grading.tests and grading.status is not Status.PASS:
        return _round(grading, None, colour, intro=False), []  # a screen has no room for it
    if mode == ROUND or (grading.status is Status.ERROR and not grading.tests):
        text = as_text(grading, None, colour, time_box, mode)
        return text.split("\n")[3:], []  # the watch's header says the heading's title
    counted = Counter(verdict.status for verdict in grading.tests)
    failing = [verdict for verdict in grading.tests if verdict.status is not Status.PASS]
    first = [reports.counts({status.value: counted[status] for status in counted}), ""]
    if failing:
        first += [reports.FIRST_FAILURE, *_spec_test(failing[0], colour), ""]
        step = (
            reports.STEP_TIMEOUT
            if failing[0].status is Status.TIMEOUT
            else _failure_step(grading, failing[0])
        )
        first += reports.next_steps([step, loop.WATCH_STUCK])
        shown = failing[0].name
    else:
        # Every spec test passes: what stands between the learner and Solved is in
        # the kata's own tests (a WRONG one, say), so they come first.
        first += _own_tests(grading, colour) if grading.kata.own_tests else []
        first += _next_steps(grading, None)
        shown = ""
    rest = _body(grading, colour, shown_above=shown)
    if not failing and grading.kata.own_tests:
        rest = rest[: rest.index("") + 1]  # the spec tests only: the own tests are above
    return [*first, ""], rest


def _round(
    grading: Grading, commands: Commands | None, colour: bool, intro: bool = True
) -> list[str]:
    """A round-mode report not solved: what round mode is (with `intro`), the count, the
    team's tests on the learner's code as pytest reports them, and what to do next."""
    kata = grading.kata
    lines = [*common.paragraph(rounds.INTRO), ""] if intro else []
    lines += [rounds.behaviours(_breaking(grading), len(grading.tests)), ""]
    if not kata.own_tests:
        lines += [rounds.NO_TEAM_TESTS, ""]
    else:
        lines += _team_tests(grading, colour)
    others = kata.added_tests(grading.folder)
    if others:
        lines += [*textwrap.wrap(reports.other_test_files(others), common.WIDTH), ""]
    return lines + _next_steps(grading, commands, ROUND)


def _team_tests(grading: Grading, colour: bool) -> list[str]:
    """The kata's own tests as pytest reports their run on the learner's code: the file
    and a letter per test, then why each failed (the first line of its assertion; for
    the rest, pytest run by the learner shows the traceback), then the counts."""
    kata = grading.kata
    letters, failures, counted = "", [], Counter()
    for verdict in grading.own_tests:
        status = verdict.on_your_code or Status.ERROR
        letter, word, why = rounds.pytest_outcome(status.value, verdict.on_your_code_message)
        letters += letter
        counted[word] += 1
        if status is not Status.PASS:
            failures.append((f"{word.upper()} {kata.own_tests}::{verdict.name}", why))
    lines = [rounds.team_heading(kata.own_tests), f"{kata.own_tests} {letters}"]
    if failures:
        lines.append(_rule(rounds.SUMMARY_INFO))
        for node, why in failures:
            # pytest's "FAILED node - why", the why on a line of its own when too long.
            together = f"{node} - {why}" if why else node
            lines += [together] if len(together) <= common.WIDTH else [node, f"    {why}"]
    lines.append(_rule(rounds.team_counts(counted)))
    if grading.own_tests_problem:
        lines += _detail(grading.own_tests_problem, 2)
    if grading.spec_passed:
        # The contract holds: what is left is in the team's tests.
        failing = sum(v.on_your_code is not Status.PASS for v in grading.own_tests)
        weak = [verdict.name for verdict in grading.own_tests if verdict.status is Status.WEAK]
        lines += [""] + (common.paragraph(rounds.wrong_left(failing)) if failing else [])
        lines += common.paragraph(rounds.weak_left(weak)) if weak else []
    return [*lines, ""]


def _rule(text: str) -> str:
    """A line of pytest's, between rules of '='."""
    return f"{'=' * 10} {text} {'=' * 10}"


def _own_tests(grading: Grading, colour: bool) -> list[str]:
    judged = grading.spec_passed
    whose = reports.whose(grading.kata.is_round)
    lines = [reports.own_heading(grading.kata.own_tests, judged, whose)]
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
            whose=whose,
        )
        lines += ["", *textwrap.wrap(closing, common.WIDTH)]
    return [*lines, ""]


def _next_steps(grading: Grading, commands: Commands | None, mode: str = PRACTICE) -> list[str]:
    """What to do next; `commands` is None in a watch loop, where a save grades again."""
    if grading.status is Status.PARTIAL and commands is not None:
        return reports.selection_passes(commands.check_all)
    if grading.status is Status.PASS:
        return reports.solved(_shown(grading.folder), grading.kata.name)
    if mode == ROUND and grading.tests:
        return _round_steps(grading, commands)
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
    failures = [v for v in grading.tests if v.status in (Status.FAIL, Status.ERROR)]
    steps += [_failure_step(grading, failures[0])] if failures else []
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


def _failure_step(grading: Grading, first: Verdict) -> str:
    """What to do about the first FAIL or ERROR: find its line in the learner's code,
    unless it is the grader's own slip on the learner's object (outcomes.unasked)."""
    if outcomes.GRADERS_FAULT in first.message:
        return reports.STEP_GRADERS_FAULT
    return reports.step_failure(_shown(grading.folder))


def _round_steps(grading: Grading, commands: Commands | None) -> list[str]:
    """Round mode's next steps: the round's own tools, and no hint."""
    kata = grading.kata
    reproduce = rounds.step_reproduce(kata.is_round, bool(kata.own_tests))
    steps = [] if grading.spec_passed else [reproduce]
    if kata.own_tests:
        steps.append(rounds.step_team_tests(_shown(grading.folder)))
    if grading.own_tests_problem:
        steps.append(reports.step_own_file(kata.own_tests or ""))
    if commands is None:
        steps.append(reports.STEP_SAVE)
    else:
        steps += [reports.step_rerun(commands.check), rounds.step_practice(commands.practice)]
    return reports.next_steps(steps)
