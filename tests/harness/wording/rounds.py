"""Round mode: what a real round gives the candidate, and what it keeps back.

A real round hands over the code, the team's tests and a ticket; the
interviewer says whether the code is right, not which behaviour is wrong or
where. Round mode says the same: the team's tests as pytest reports them, and
how many behaviours of the contract still break. The full report (practice
mode) is one command, or in an interview one key, away: asking the
interviewer, counted in the debrief.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

from tests.harness.wording.common import plural

PRACTICE, ROUND = "practice", "round"
MODES = (PRACTICE, ROUND)


def unknown_mode(mode: str) -> str:
    return (
        f"MODE={mode} is not a mode: practice (the full report, which names each broken "
        "behaviour, its scenario and where; the default of make check) or round (what a real "
        "round gives: the team's tests and how many behaviours still break)"
    )


def only_in_round_mode() -> str:
    return "ONLY= names spec tests, which round mode does not show: use it with MODE=practice"


def heading(title: str, folder: str) -> str:
    return f"{title} — grading {folder}, round mode"


INTRO = (
    "Round mode shows what a real round shows: the team's tests, run on your code as pytest "
    "reports them, and how many behaviours of the contract still break. Not which ones, nor "
    "where, nor why: reproducing and isolating them is the round."
)
NO_TEAM_TESTS = "This kata ships no tests of the team's: the contract is all you are given."


def team_heading(own_tests: str) -> str:
    return f"The team's tests ({own_tests}), run on your code:"


SUMMARY_INFO = "short test summary info"


def pytest_outcome(status: str, message: str) -> tuple[str, str, str]:
    """A test's outcome as pytest reports it: its letter in the progress line, its word
    in the counts, and why it failed in the summary (the grader's time limit stands for
    pytest-timeout's). Where in the learner's code it failed is not said: the learner's
    own pytest run shows the traceback."""
    if status == "pass":
        return ".", "passed", ""
    if status == "fail":
        return "F", "failed", message
    if status == "timeout":
        return "F", "failed", "Failed: Timeout (the grader's time limit)"
    return "E", "error", ""


def team_counts(counted: dict[str, int]) -> str:
    """pytest's closing line: '1 failed, 4 passed'."""
    words = ("failed", "passed", "error")
    parts = [f"{counted[word]} {word}" for word in words if counted.get(word)]
    return ", ".join(parts) or "no tests ran"


def behaviours(breaking: int, total: int) -> str:
    """The one thing round mode says about the contract: a number."""
    if not breaking:
        return f"The contract: all {total} of its behaviours hold."
    return (
        f"The contract: {breaking} of its {total} behaviours still break (one bug often "
        "breaks several)."
    )


def summary(breaking: int, total: int) -> str:
    """The count, as a watch header and the JSON's message say it."""
    return f"{breaking} of {total} behaviours break" if breaking else f"all {total} behaviours hold"


def team_summary(passing: int, total: int) -> str:
    return f"{passing}/{total} of the team's tests pass on your code"


def wrong_left(failing: int) -> str:
    """Every behaviour holds, and some of the team's tests still fail on the code."""
    if failing == 1:
        return (
            "Every behaviour of the contract holds, yet 1 of the team's tests fails on your "
            "code: is the test right?"
        )
    return (
        f"Every behaviour of the contract holds, yet {failing} of the team's tests fail on "
        "your code: is each of them right?"
    )


def weak_left(names: list[str]) -> str:
    return (
        f"Of the team's tests, {', '.join(names)} no longer fails on the bug it is there to "
        "catch: an emptied test, a dropped assert, a loosened comparison or an xfail or skip "
        "checks nothing."
    )


def step_reproduce(has_incident: bool, has_team_tests: bool) -> str:
    tools = ["INCIDENT.md, the simulation" if has_incident else "the README's contract"]
    tools += ["the team's tests"] if has_team_tests else []
    return (
        f"Reproduce what breaks, isolate the cause, fix it: {', '.join(tools)} and the code "
        "itself are your tools, as in the real round."
    )


def step_team_tests(folder: str) -> str:
    return (
        f"The team's tests with their tracebacks: from {folder}, with the repository's "
        "environment active, run python -m pytest"
    )


def step_practice(command: str) -> str:
    return (
        "The full report, which a real round never gives, names each broken behaviour with "
        f"its scenario and where your code went wrong, and judges the team's tests: {command}"
    )


# -- the interview's key to the full report: asking the interviewer --

ASK_KEY = "a ask the interviewer"
FULL_KEY = "a full report"  # a watch loop's: nobody counts, nobody is asked
BACK_KEY = "a back to round mode"


def interview_round(has_incident: bool) -> str:
    where = "INCIDENT.md, the simulation" if has_incident else "the README"
    return (
        "Round mode, as in the real round: each save runs the team's tests on your code and "
        "counts the behaviours of the contract that still break; which ones, where and why "
        f"is yours to find ({where}, the team's tests). a asks the interviewer: the full "
        "report of the latest check, each ask counted in your debrief, as hints are."
    )


def asked(count: int, counted: bool) -> str:
    """Under the full report an ask shows."""
    said = (
        "The interviewer's answer: the full report of this check "
        f"(asked {plural(count, 'time')} in this interview"
        + ("" if counted else "; this check's answer was given already, not counted again")
        + "). The next save goes back to round mode; a goes back now."
    )
    return said


def full_report_shown() -> str:
    """Under the full report a watch loop's a key shows."""
    return "The full report of this check. The next save goes back to round mode; a goes back now."


def asked_count(count: int) -> str:
    """In the debrief's time and effort, like the hints."""
    return f"asked the interviewer: {count}"
