"""The debrief: what an interviewer grades once the kata is solved.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

import textwrap

from tests.harness.wording.common import WIDTH, box, bullet, hints_count, indented, minutes, plural
from tests.harness.wording.rounds import asked_count

A_TEST_FILE = "a test file"
DEBRIEF_BUGS = "2. The bugs, revealed"
DEBRIEF_BEHAVIOURS = (
    "2. The behaviours of the contract (the starter was a rewrite), and the test that holds each"
)
DEBRIEF_BEHAVIOURS_LEFT = (
    "2. The behaviours of the contract your code does not hold yet, and the test of each"
)
DEBRIEF_FIX = "3. The size of your fix"
DEBRIEF_REGRESSION = "4. Your regression tests"
DEBRIEF_TALK = "5. Say it aloud: the talking points"


def debrief_title(title: str, solved: bool) -> str:
    state = "solved" if solved else "not solved: time is up"
    return f"Debrief — {title} ({state})"


def debrief_effort(
    seconds: float | None,
    checks: int,
    hints: int,
    time_box: float,
    recorded: bool,
    asked: int | None = None,
) -> list[str]:
    """`asked`: an interview in round mode's asks of the full report (a hint of a kind)."""
    if not recorded:
        return [
            "1. Time and effort",
            *indented("Not recorded: progress follows katas/<kata>, not a folder given with DIR=."),
        ]
    took = f"solved in {minutes(seconds)}" if seconds is not None else "not solved"
    within = (
        ""
        if seconds is None
        else (
            f", within the {box(time_box)} time box"
            if seconds <= time_box
            else f", over the {box(time_box)} time box"
        )
    )
    return [
        "1. Time and effort",
        *indented(
            f"{took}{within}; {plural(checks, 'check')}, {hints_count(hints)}"
            + ("" if asked is None else f"; {asked_count(asked)}")
            + "."
        ),
    ]


def touched_at(function: str, file: str, line: int) -> str:
    if not function:  # a line outside any function: an import, say
        return f"{file} line {line}"
    return f"{function.rsplit('.', 1)[-1]}(), {file} line {line}"


def debrief_bug(
    bug: str, summary: str, touched: str, places: list[str], file: str, solved: bool
) -> list[str]:
    functions = ", ".join(f"{name.rsplit('.', 1)[-1]}()" for name in places)
    where = f"{functions} of {file}" if functions else file
    if touched:
        state = f"you changed it: {touched}"
    elif not solved:
        state = f"not touched yet: it lives in {where}"
    else:
        state = (
            f"your change left the lines it lives in ({where}) as they were: fixed some other way?"
        )
    return [*bullet(f"{bug}: {summary}"), *indented(state, "     ")]


def debrief_behaviour(behaviour: str, test: str) -> list[str]:
    return textwrap.wrap(
        f"{behaviour} ({test})", WIDTH, initial_indent="   - ", subsequent_indent="     "
    )


def debrief_behaviours_passing(count: int) -> list[str]:
    return indented(f"… and {plural(count, 'behaviour')} that your code already holds.")


def debrief_fix(
    lines: tuple[int, int], reference: tuple[int, int], rewrite: bool, hides_the_bugs: bool
) -> list[str]:
    """`lines` and `reference`: (all lines changed, those of the kata's own test file)."""
    (yours, your_tests), (theirs, their_tests) = lines, reference
    if your_tests or their_tests:
        text = (
            f"You changed {plural(yours, 'line')}: {yours - your_tests} of code and "
            f"{your_tests} of tests; the reference fix changes {theirs}: "
            f"{theirs - their_tests} and {their_tests}."
        )
    else:
        text = f"You changed {plural(yours, 'line')}; the reference fix changes {theirs}."
    if rewrite:
        text += (
            " This kata's starter is the wrong design, so a rewrite is what it asks for: "
            "the number says how much you wrote, not how well you aimed."
        )
    else:
        text += (
            " Interviewers look for a targeted fix: the smallest change that makes each "
            "behaviour right, each one you can explain."
        )
        if hides_the_bugs:
            text += " A rewrite hides the bugs you found."
    return textwrap.wrap(text, WIDTH, initial_indent="   ", subsequent_indent="   ")


def debrief_no_tests(own_tests: str | None) -> list[str]:
    besides = f" besides {own_tests}" if own_tests else ""
    text = (
        f"You added no test file{besides}. Add one (test_*.py, in your kata folder) with a test "
        "for each bug you found, and the debrief runs it against every planted bug and "
        'mutant of the kata: "what test would have caught this?" is the interviewer\'s '
        "next question."
    )
    return textwrap.wrap(text, WIDTH, initial_indent="   ", subsequent_indent="   ")


def debrief_regression_problem(problem: str) -> list[str]:
    return textwrap.wrap(
        f"Your tests could not run: {problem}", WIDTH, initial_indent="   ", subsequent_indent="   "
    )


def debrief_regression(
    *,
    files: list[str],
    tests: int,
    wrong: dict[str, str],
    starter_caught: bool,
    planted_caught: list[str],
    planted_missed: list[str],
    planted_in_tests: int,
    mutants_caught: int,
    mutants: int,
    mutants_missed: list[str],
    hints: dict[str, str],
) -> list[str]:
    planted = len(planted_caught) + len(planted_missed)
    bugs = "every planted bug and mutant" if planted else "every mutant"
    lines = indented(
        f"{', '.join(files)}: {plural(tests, 'test')}, run on the reference, then on the "
        f"starter and on {bugs} of the kata."
    )
    for test, why in wrong.items():
        lines += bullet(
            f"WRONG {test}: it fails on the reference ({why}), so it counts for nothing."
        )
    lines += indented(
        "On the starter as shipped, "
        + (
            "some of your tests fail: they would have caught it."
            if starter_caught
            else "all your tests pass: they would not have caught it."
        )
    )
    if planted:
        lines += indented(
            f"Your tests catch {len(planted_caught)} of the {planted} planted bugs in the code, "
            f"and {mutants_caught} of {mutants} mutants."
            + (
                " The kata's wrong test is a planted bug too, but in a test: your tests cannot "
                "catch it, so it is not counted."
                if planted_in_tests
                else ""
            )
        )
    else:
        lines += indented(f"Your tests catch {mutants_caught} of {mutants} mutants.")
    for bug in planted_missed:
        question = hints.get(bug, "")
        lines += bullet(f"not caught: {bug}" + (f" — {question}" if question else ""))
    if mutants_missed:
        lines += indented(f"Mutants not caught, the first {min(len(mutants_missed), 5)}:")
        lines += [line for summary in mutants_missed[:5] for line in bullet(summary)]
    return lines


def debrief_movement(movement: dict[str, float]) -> list[str]:
    return [
        "What the fix buys, measured on your ring: a fifth worker joins four, and of 10,000 keys",
        f"   {movement['your_ring']:6.1%} move on your ring (the ideal is 1/5 = 20%)",
        f"   {movement['modulo']:6.1%} move with hash % N on the same workers",
    ]


def debrief_spread(spread: list[list[float]]) -> list[str]:
    lines = ["Load spread on your ring, five workers: the busiest worker's share over the mean"]
    lines.append("   points per worker")
    for points, ratio in spread:
        lines.append(f"   {int(points):>5}  {'█' * round(ratio * 10):<40} {ratio:.2f}")
    lines.append("   (1.00 is perfect spread: more points per worker, a smoother ring)")
    return lines


def measure_timed_out(limit: float) -> str:
    return f"Measuring your ring did not finish within {limit:g} s."


def measure_shared(answer: str) -> str:
    return (
        f"Your rings seem to share state: a new ring with no worker answered {answer} once "
        "another ring had workers. Measuring them would measure the wrong thing, so the "
        "figures are left out: give each ring its own points (no class attribute, no module "
        "global)."
    )


def measure_failed(last_line: str) -> str:
    return f"Measuring your ring failed: {last_line}"
