"""The report of a check: its frame, its summaries, the learner's own tests, what to do next.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from tests.harness.core.limits import SLOW_FACTOR
from tests.harness.wording.common import box, paragraph, repo_relative


def own_tests_missing(own_tests: str, folder: Path) -> str:
    return f"{own_tests} is missing from {folder}"


def own_tests_uncollectable(own_tests: str, message: str) -> str:
    """The file fails to import on the reference solution, which the check runs it on to
    judge each test: so it may use only names the reference has."""
    return (
        f"{own_tests} cannot be collected on the reference solution, which the check runs "
        f"it on (so it may use only the names that has): {repo_relative(message)}"
    )


def own_tests_deleted(own_tests: str, missing: list[str]) -> str:
    return f"{own_tests} no longer has {', '.join(missing)}: fix a wrong test rather than delete it"


def own_tests_not_collected(own_tests: str, hidden: list[str]) -> str:
    return (
        f"pytest no longer collects {', '.join(hidden)} from {own_tests}: fix a wrong test "
        "rather than hide it"
    )


def spec_summary(passed: int, total: int) -> str:
    return f"{passed}/{total} spec tests pass"


def partial_summary(passed: int, total: int) -> str:
    return f"{passed}/{total} of the selected spec tests pass (ONLY: not a full check)"


def whose(is_round: bool) -> str:
    """Whose the kata's test file is: the team's in a round, the learner's in a warm-up."""
    return "the team's" if is_round else "your"


def own_summary_on_your_code(passing: int, total: int, whose: str = "your") -> str:
    return f"{passing}/{total} of {whose} tests pass on your code"


def own_summary_judged(right: int, total: int, weak: int, whose: str = "your") -> str:
    """Right: agrees with the specification, and fails on the bugs it is there to catch."""
    summary = f"{right}/{total} of {whose} tests are right"
    return summary + (f" ({weak} weak)" if weak else "")


LABELS = {"pass": "PASS", "fail": "FAIL", "timeout": "TIMEOUT", "error": "ERROR"}
# An own test once judged against the specification.
JUDGED = {"pass": "agrees", "fail": "WRONG", "weak": "WEAK"}
NO_TEST_RAN = "no test could run"
SPEC_HEADING = "Spec tests"
YOUR_OUTPUT = "your code printed:"


def test_name(name: str) -> str:
    """Under a failing spec test: its name, which ONLY= takes."""
    return f"({name})"


FIRST_FAILURE = "The first failing behaviour:"
# Under a spec test's title on a screen that shows it in full above (a watch loop's).
SHOWN_ABOVE = "(in full above)"


def counts(by_status: dict[str, int]) -> str:
    """'21 spec tests: 15 PASS, 4 FAIL, 2 TIMEOUT'."""
    total = sum(by_status.values())
    order = [status for status in LABELS if by_status.get(status)]
    parts = ", ".join(f"{by_status[status]} {LABELS[status]}" for status in order)
    return f"{total} spec tests: {parts}"


def screen_cut(hidden: int, check: str) -> str:
    """The last line of a report cut to fit the screen."""
    return f"(… {hidden} more lines: {check} prints them all)"


def heading(title: str, folder: str, time_box: float, limit: float) -> list[str]:
    """The report's first lines; `time_box` in seconds."""
    return [
        f"{title} — grading {folder}",
        f"(time box {box(time_box)} · each test may take {limit:g} s, "
        f"a slow one {limit * SLOW_FACTOR:g} s)",
    ]


def own_heading(own_tests: str, judged: bool, whose: str = "your") -> str:
    tests = f"{whose[0].upper()}{whose[1:]} tests ({own_tests})"
    if judged:
        return f"{tests}, checked against the specification"
    return f"{tests}, run on your code"


def own_closing(
    passing: int,
    right: int,
    total: int,
    weak: int,
    judged: bool,
    incomplete: bool = False,
    whose: str = "your",
) -> str:
    """The last line on the kata's tests; `incomplete`: the file lost a test (said above)."""
    if judged:
        tests = f"the tests left in {whose} file" if incomplete else f"{whose} tests"
        closing = (
            f"{right}/{total} of {tests} are right: they agree with the specification and "
            "fail on the bugs they are there to catch"
        )
        closing += f"; {weak} weak" if weak else ""
        return closing + ("; put back the test named above." if incomplete else ".")
    return (
        f"{own_summary_on_your_code(passing, total, whose=whose)}. "
        "Once every spec test passes, each is also checked against the specification."
    )


def other_test_files(names: tuple[str, ...]) -> str:
    return (
        f"Your other test files ({', '.join(names)}) are not part of the check: once the kata "
        "is solved, make debrief runs them on the reference and on every planted bug and "
        "mutant, and says what they catch."
    )


def selection_passes(rerun_all: str) -> list[str]:
    return [
        "The selected tests pass. That is not the whole kata: grade it all with",
        f"  {rerun_all}",
    ]


def solved(folder: str, kata: str) -> list[str]:
    return [
        "Solved. Compare your fix with the reference solution:",
        f"  diff -r {shlex.quote(folder)} solutions/{kata}",
    ]


# What to do next: the report chooses which steps apply; these are their words.
STEP_ERROR = "Fix the error above first: no test can run while it is there."
STEP_TIMEOUT = (
    "A TIMEOUT is a test that ran out of time: a loop that never ends, code far "
    "slower than the contract allows, or a wait that never ends (a lock taken "
    "twice). Start from the line the report names, not from the test's title: a "
    "test that makes many calls runs out of time on whichever call is too slow. "
    "On a busy machine a correct version can run out of time too: grade it again "
    "with TIMEOUT=1 to tell."
)


def step_failure(folder: str) -> str:
    return (
        "Take the first FAIL or ERROR and reproduce its scenario in a few lines "
        f"(start python in {folder}, import your code), find the line that causes "
        "it, fix it."
    )


STEP_GRADERS_FAULT = (
    "The first failure is the grader's fault, not your code's (its message says why): "
    "please report it, and go on from the next failure."
)


STEP_SAVE = "Save, and the check runs again."


def step_only_first(command: str) -> str:
    return f"To run only the first failing test while you work on it: {command}"


def step_wrong(own_tests: str) -> str:
    return (
        "A test marked WRONG expects something the specification does not "
        f"say: fix the test in {own_tests}, not the code."
    )


def step_weak(own_tests: str) -> str:
    return (
        "A test marked WEAK no longer fails on the bug it is there to catch: in "
        f"{own_tests}, make it hold the behaviour exactly again (an emptied test, a "
        "dropped assert, a loosened comparison or an xfail or skip checks nothing)."
    )


def step_own_file(own_tests: str) -> str:
    return f"Put {own_tests} right: see above."


def step_rerun(command: str) -> str:
    return f"Then run it again: {command}"


def next_steps(steps: list[str]) -> list[str]:
    lines = ["Next:"]
    for step in steps:
        lines += paragraph(step, first="  - ", then="    ")
    return lines
