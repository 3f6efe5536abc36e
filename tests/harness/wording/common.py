"""What several kinds of sentence share: the width of a paragraph, a time box, counts,
where in a file.

Part of tests.harness.wording: see its docstring for the rule.
"""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING

from tests.harness.core.layout import ROOT

if TYPE_CHECKING:
    from tests.harness.core.places import Place

WIDTH = 88


def at(place: Place) -> str:
    if place.in_loop:
        return f"the loop at {place.file} line {place.line}"
    return f"{place.file} line {place.line}"


def box(seconds: float) -> str:
    """A time box: "45 min", or "0:30" when it is not whole minutes."""
    if seconds >= 60 and seconds % 60 == 0:
        return f"{int(seconds // 60)} min"
    return mm_ss(seconds)


# A command a step gives: make, its target, and its NAME=value arguments (a value
# quoted for the shell may hold spaces: DIR='my katas/round_robin'); or a hint's
# python -c "...", whose code is one line, after the variables it needs.
COMMAND = re.compile(
    r"""make \S+(?: [A-Z_]+=(?:'[^']*'|"[^"]*"|[^\s'"]+)+)*"""
    + r'|(?:[A-Z_]+=\S+ )*python -c "[^"]*"'
)


def paragraph(text: str, first: str = "", then: str = "") -> list[str]:
    """`text` wrapped to the report's width, breaking no word, name or command (a
    command is kept on one line, so that it is copied whole)."""
    text = COMMAND.sub(lambda found: found.group().replace(" ", "\0"), text)
    wrapped = textwrap.wrap(
        text,
        WIDTH,
        initial_indent=first,
        subsequent_indent=then,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace("\0", " ") for line in wrapped]


def minutes(seconds: float) -> str:
    if seconds < 60:
        return "under a minute"
    return f"{round(seconds / 60)} min"


def hints_count(count: int) -> str:
    return "no hint" if count == 0 else f"{count} hint" + ("s" if count > 1 else "")


def plural(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


def bullet(text: str) -> list[str]:
    return paragraph(text, first="   - ", then="     ")


def indented(text: str, indent: str = "   ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent)


def mm_ss(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def repo_relative(text: str) -> str:
    """`text` with the repository's own absolute path cut from the paths it names (an
    ImportError names the reference's file): a report says `solutions/...`, as the
    README does, wherever the clone is."""
    return text.replace(f"{ROOT.as_posix()}/", "")
