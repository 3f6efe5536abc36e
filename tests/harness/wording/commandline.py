"""What the command line says: unknown katas and folders, list, reset, new-kata and variant.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from tests.harness.wording.common import hints_count, minutes, mm_ss, plural


def unknown_tests(kata: str, names: list[str], known: list[str]) -> str:
    return (
        f"{kata} has no spec test {', '.join(names)} (ONLY= takes whole test names, as "
        f"the report shows them in parentheses); its spec tests are: {', '.join(known)}"
    )


def unknown_kata(name: str, known: list[str]) -> str:
    which = f"unknown kata {name!r}" if name else "no kata given (KATA=<kata>)"
    return f"{which}; the katas are: {', '.join(known) or 'none'}"


def not_a_folder(folder: str) -> str:
    return f"DIR={folder} is not a folder"


def unknown_defect(kata: str, defect: str, known: list[str]) -> str:
    return f"{kata} has no defect {defect!r}; it has: {', '.join(known) or 'none'}"


def scaffolded(kata: str, written: list[str]) -> list[str]:
    return [
        f"wrote the skeleton of {kata}:",
        *(f"  {path}" for path in written),
        f"Next: make check KATA={kata} (the starter fails), make test KATA={kata} (its "
        "self-tests), then docs/authoring.md to grow it into your kata.",
    ]


def variant_written(kata: str, folder: Path) -> str:
    return f"wrote {folder}: grade it with make check KATA={kata} DIR={shlex.quote(str(folder))}"


def grading_first(folder: str) -> str:
    return f"grading {folder} first…"


def nothing_to_reset(kata: str) -> str:
    return f"{kata}: nothing to reset, katas/{kata} is the starter as shipped"


def reset_done(kata: str, backup: str, restored: list[str], removed: list[str]) -> list[str]:
    lines = [f"{kata}: back to the starter. Your files are in {backup}"]
    if restored:
        lines.append(f"  restored: {', '.join(restored)}")
    if removed:
        lines.append(f"  removed (kept in the backup): {', '.join(removed)}")
    return lines


def state_broken(checks: int, hints: int) -> str:
    return f"no test could run · {plural(checks, 'check')} · {hints_count(hints)}"


def state_not_started() -> str:
    return "not started"


def state_in_progress(passed: int, total: int, checks: int, hints: int) -> str:
    return f"{passed}/{total} · {checks} check{'s' if checks != 1 else ''} · {hints_count(hints)}"


def state_solved(seconds: float, hints: int) -> str:
    return f"solved in {minutes(seconds)} with {hints_count(hints)}"


def state_solved_before(seconds: float) -> str:
    return f"reset; solved before in {minutes(seconds)}"


def next_kata(kata: str | None) -> str:
    if kata is None:
        return "Every kata is solved. make reset KATA=all starts them over."
    return f"Next: make check KATA={kata}"


def debrief_not_solved(kata: str) -> str:
    return (
        f"{kata} is not solved yet: the debrief reveals the bugs, so it waits until "
        f"make check KATA={kata} passes (an interview shows it when you stop after its "
        "time has run out, too)."
    )


def best_interview(seconds: float) -> str:
    return f"best interview {mm_ss(seconds)}"


def not_a_submissions_folder(folder: str) -> str:
    return f"SUBMISSIONS={folder} is not a folder"
