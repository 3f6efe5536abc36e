"""The learner loop around a check: hints, progress and watch.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.harness.wording.common import WIDTH, paragraph

HINT_KEY = "press h"


def stuck_step(hint_command: str) -> str:
    return (
        f"Stuck? {hint_command} gives a hint about the first failing "
        "behaviour: a question first, then where to look, then the mistake (never the code)."
    )


def own_test_about(name: str, whose: str = "your") -> str:
    return f"{whose} test {name}"


# A learner's own test file that is missing or has lost tests.
OWN_FILE_HINTS = (
    "The report's section on the kata's tests says what is wrong with their file: what does "
    "it say?",
    "A test of the kata's test file may be wrong, but it is there for a reason: compare the "
    "file with the tests the report expects to find.",
    "Put the missing file or tests back (git shows what you changed) and fix a wrong test's "
    "expectation instead of deleting it.",
)


def wrong_hints(name: str) -> tuple[str, ...]:
    """Hints for an own test that fails on the reference, when no planted bug explains it."""
    return (
        f"{name} fails against the reference: work its scenario by hand from the README's "
        "contract. What should each call give, and what does the test expect?",
        "Compare the test's expected values with the contract and its worked example, not with "
        "what your code does: the code now agrees with the specification.",
        "The test expects something the contract does not say: fix its expectation (or its "
        "scenario), not the code.",
    )


def weak_hints(name: str, checks: str) -> tuple[str, ...]:
    """Hints for an own test that no longer catches the bug it is there to catch."""
    return (
        f"{name} is there to check that {checks}: if that broke, which of its lines would fail?",
        "Look at its asserts: an emptied test, a dropped assert, or a comparison loosened to "
        "accept several answers checks nothing.",
        "Put back an assert that holds the behaviour exactly: one expected value, compared with "
        "==, for each call that matters.",
    )


def made_hints(description: str, places: list[str], mistakes: list[str]) -> tuple[str, ...]:
    """The hints of a spec test without hand-written ones (tests.harness.learner.spec_hints)."""
    where = ", ".join(f"{name}()" for name in places)
    return (
        f"The report's line says what the contract expects here ({description}) and what "
        "your code did instead. Make that scenario's calls yourself, one by one, in python "
        "started in your kata folder: which call first does something else, or never returns?",
        (
            f"Look at {where}: a change there is what breaks this behaviour most often."
            if where
            else "Follow the failing call through your code, line by line, with the values of "
            "the scenario: where does it first do something the contract does not say?"
        ),
        (
            "Mistakes that break this behaviour: "
            + " Or: ".join(mistakes)
            + " Fix the one your code makes, then check again."
            if mistakes
            else "Compare each line the call runs with the sentence of the contract it "
            "implements, and fix the first that disagrees."
        ),
    )


def hint(
    about: str,
    levels: tuple[str, ...],
    level: int,
    kata: str,
    new: bool,
    again: str,
    folder: str,
) -> list[str]:
    """The hints (`levels`) about the behaviour `about` up to `level`, the last one
    marked if `new`; `again` is how to ask for the next. A hint says where to run its
    command as katas/<kata>: `folder` is the one graded, quoted for the shell."""
    lines = [*textwrap.wrap(f"Hint {level} of {len(levels)} — {about}", WIDTH), ""]
    for number, text in enumerate(levels[:level], start=1):
        marker = f"{number}. (new)" if new and number == level else f"{number}."
        text = text.replace(f"From katas/{kata}:", f"From {folder}:")
        lines += paragraph(text, first=f"  {marker} ", then="     ")
    if level < len(levels):
        closing = f"Try it, then {again} again for a deeper hint."
    else:
        closing = (
            "That was the last hint for this behaviour: the rest is yours. "
            f"The reference is in solutions/{kata}, for when you are done."
        )
    return [*lines, "", *paragraph(closing)]


def hint_solved(kata: str) -> str:
    return f"{kata} is solved: no hint needed. Compare your fix with solutions/{kata}."


def hint_blocked(message: str, kata: str, watching: bool) -> list[str]:
    then = "save" if watching else f"make check KATA={kata}"
    return textwrap.wrap(
        f"No test could run, so there is no behaviour to hint at yet: {message}. "
        f"Fix that first, then {then}.",
        WIDTH,
    )


def progress_unwritable(path: Path, error: OSError) -> str:
    return f"could not update {path} ({error}); this check is not recorded"


def progress_moved_aside(path: Path, why: str, aside: Path) -> str:
    return f"{path} could not be read ({why}); moved to {aside.name}, starting a new one"


# What the header says the loop is doing with the folder.
WATCHING = "watching"
INTERVIEWING = "interview on"


HEADER_SEPARATOR = " · "


def watch_header(doing: str, folder: str, summary: str, changed: str, clock: str, keys: str) -> str:
    """A terminal's header line; an empty part (no clock, no time of change) is left out."""
    parts = [f"{doing} {folder}", summary, clock, keys, f"last change {changed}" if changed else ""]
    return HEADER_SEPARATOR.join(part for part in parts if part)


def keys(*pressed: str) -> str:
    """The keys a screen offers, as its header or footer lists them."""
    return HEADER_SEPARATOR.join([*pressed, "h hint", "q quit"])


# What a watch's header says while it grades.
GRADING = "grading…"


def grading_first(folder: str) -> str:
    """Under the header while the first grading runs: it loads pytest and the kata too."""
    return f"Grading {folder} (the first grading also loads pytest and the kata: a few seconds)…"


def watch_plain_header(kata: str, summary: str, changed: str, clock: str) -> str:
    clock = f" · {clock}" if clock else ""
    return f"== {kata} · {summary}{clock} · last change {changed} =="


WATCH_WAITING = "(watching for changes; Ctrl-C to stop)"
WATCH_START = "none yet"
WATCH_STUCK = (
    "Stuck? Press h for a hint about the first failing behaviour: a question first, then "
    "where to look, then the mistake (never the code)."
)


def watch_stopped(folder: str, summary: str) -> str:
    return f"Stopped: {folder}, {summary}." if summary else f"Stopped: {folder}."


def watch_solved(kata: str) -> str:
    return f"{kata} is solved. Still watching: a change grades it again."
