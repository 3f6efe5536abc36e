"""The interview: the story, the clock, the chart of the attempt.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from tests.harness.wording.common import WIDTH, box, hints_count, mm_ss, plural
from tests.harness.wording.rounds import asked_count

INTERVIEW_PRESS_A_KEY = "Press any key to start the clock (q to leave)."
INTERVIEW_KEEP_GOING = (
    "Keep going untimed? y: yes (the debrief, which reveals the bugs, waits until you "
    "stop); any other key: stop here and see the debrief."
)
INTERVIEW_GOES_ON = "Going on untimed: save to grade again, Ctrl-C to stop and see the debrief."
CLOCK_UNTIMED = "untimed"


def interview_intro(title: str, story: str, seconds: float, folder: str) -> list[str]:
    lines = [f"Interview — {title}", ""]
    for paragraph in story.split("\n\n"):
        rows = paragraph.strip().splitlines()
        if all(row.startswith("|") for row in rows):
            lines += [*_table(rows), ""]
        else:
            lines += [*textwrap.wrap(" ".join(paragraph.split()), WIDTH), ""]
    lines += textwrap.wrap(
        f"You have {box(seconds)}. The code is in {folder}, the contract in its README.md; "
        "each save is graded; h gives a hint (each one counted), q or Ctrl-C stops. When "
        "every test passes, the clock stops and the debrief follows.",
        WIDTH,
    )
    return lines


def _table(rows: list[str]) -> list[str]:
    """A Markdown table as a terminal shows it: its rows, the columns lined up, no
    heading rule."""
    cells = [
        [cell.strip().replace("`", "") for cell in row.strip().strip("|").split("|")]
        for row in rows
        if not set(row) <= set("|-: ")
    ]
    widths = [max(len(row[n]) for row in cells if n < len(row)) for n in range(len(cells[0]))]
    return [
        "  " + "  ".join(cell.ljust(widths[n]) for n, cell in enumerate(row)).rstrip()
        for row in cells
    ]


def interview_tools(commands: list[str]) -> list[str]:
    """The README's commands that run the code, for a round whose repro is run, not read."""
    if not commands:
        return []
    return ["", "To run the code (from the README's loop):", *(f"  {c}" for c in commands)]


def interview_footer(clock: str, keys: str) -> str:
    return f"{clock} · {keys}"


@dataclass(frozen=True)
class Moment:
    """One check of an interview: when (seconds in), and the spec tests it passed."""

    seconds: float
    passed: int
    total: int


CHART_WIDTH, CHART_HEIGHT = 56, 8


def attempt_chart(moments: list[Moment], hints: list[float], time_box: float) -> list[str]:
    """The attempt as a picture: spec tests passing at each check over the minutes,
    a ▲ under the time axis where a hint was taken."""
    if not moments:
        return []
    total = max(moment.total for moment in moments) or 1
    span = max(time_box, moments[-1].seconds, *hints, 1.0)
    grid = [[" "] * CHART_WIDTH for _ in range(CHART_HEIGHT + 1)]
    for moment in moments:
        column = min(round(moment.seconds / span * (CHART_WIDTH - 1)), CHART_WIDTH - 1)
        row = round(moment.passed / total * CHART_HEIGHT)
        grid[CHART_HEIGHT - row][column] = "●"
    marks = [" "] * CHART_WIDTH
    for seconds in hints:
        marks[min(round(seconds / span * (CHART_WIDTH - 1)), CHART_WIDTH - 1)] = "▲"
    lines = ["6. Your attempt: spec tests passing at each check (▲ a hint)"]
    for number, row in enumerate(grid):
        count = round((CHART_HEIGHT - number) / CHART_HEIGHT * total)
        axis = f"{count:>5} ┤" if number in (0, CHART_HEIGHT // 2, CHART_HEIGHT) else "      │"
        lines.append((axis + "".join(row)).rstrip())
    lines.append("      └" + "─" * CHART_WIDTH)
    lines.append("       " + "".join(marks).rstrip())
    half = CHART_WIDTH // 2
    ticks = f"{mm_ss(0):<{half}}{mm_ss(span / 2):<{CHART_WIDTH - half - 5}}{mm_ss(span)}"
    lines.append("       " + ticks)
    return lines


def attempt_table(moments: list[Moment], hints: list[float], time_box: float) -> list[str]:
    """The attempt, for a log rather than a screen: a line per check and per hint."""
    if not moments:
        return []
    events = [(moment.seconds, f"{moment.passed}/{moment.total} spec tests") for moment in moments]
    events += [(seconds, "a hint") for seconds in hints]
    lines = ["6. Your attempt, check by check"]
    lines += [f"   {mm_ss(seconds):>6}  {what}" for seconds, what in sorted(events)]
    return lines


def clock_left(seconds: float) -> str:
    return f"{mm_ss(seconds)} left"


def clock_stopped(seconds: float) -> str:
    return f"clock stopped at {mm_ss(seconds)}"


def clock_ended(seconds: float) -> str:
    return f"stopped at {mm_ss(seconds)}"


def interview_stopped(seconds: float, time_box: float, passed: int, total: int) -> list[str]:
    """The last screen of an interview stopped before the kata was solved."""
    within = "within" if seconds <= time_box else "past"
    return textwrap.wrap(
        f"Stopped at {mm_ss(seconds)}, {within} the {box(time_box)} time box: "
        f"{passed}/{total} spec tests pass.",
        WIDTH,
    )


def interview_effort(checks: int, hints: int, asked: int | None) -> str:
    """Under the last screen's time: what it took, as the debrief counts it."""
    said = f"{plural(checks, 'check')}, {hints_count(hints)}"
    return said + ("" if asked is None else f", {asked_count(asked)}") + "."


def debrief_waits(kata: str) -> str:
    """Stopped in time, not solved: the debrief would give the bugs away."""
    return (
        "The debrief reveals the bugs, so it waits until the kata is solved: make debrief "
        f"KATA={kata} shows it once make check KATA={kata} passes."
    )


def leave_key(debriefed: bool) -> str:
    if debriefed:
        return (
            "Press any key to leave: the debrief is then printed here, whole, to scroll back "
            "through."
        )
    return "Press any key to leave."


def interview_over(seconds: float, solved: bool, debriefed: bool) -> str:
    """The last line an interview prints, under its debrief if there is one."""
    how = f"solved in {mm_ss(seconds)}" if solved else f"stopped at {mm_ss(seconds)}"
    above = "; its debrief is above (scroll back to its start)" if debriefed else ""
    return f"The interview is over: {how}{above}."


def interview_solved(seconds: float, time_box: float) -> str:
    within = "within" if seconds <= time_box else "over"
    return f"Solved in {mm_ss(seconds)}, {within} the {box(time_box)} time box: the clock stops."


def time_up(time_box: float, passed: int) -> list[str]:
    return textwrap.wrap(
        f"Time is up: {box(time_box)}. Where you stand: {passed} spec tests pass. "
        "In the real round this is where you explain what you would do next.",
        WIDTH,
    )
