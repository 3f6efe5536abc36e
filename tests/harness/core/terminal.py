"""What a terminal can show: colour, a cleared screen, keys read one at a time.

Colour follows the conventions of no-color.org and force-color.org: NO_COLOR
(set and not empty) turns it off, FORCE_COLOR turns it on, and otherwise it is
on only when the output is a terminal.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Iterator
from typing import TextIO

GREEN, RED, YELLOW, BOLD, DIM = "\033[32m", "\033[31m", "\033[33m", "\033[1m", "\033[2m"
RESET = "\033[0m"
# Home, clear the screen and its scrollback: each report starts on a blank screen.
CLEAR = "\033[H\033[2J\033[3J"
COLOURS = {
    "PASS": GREEN,
    "PASSED": GREEN,
    "agrees": GREEN,
    "FAIL": RED,
    "FAILED": RED,
    "WRONG": RED,
}


def colour_wanted(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stream.isatty() and os.environ.get("TERM") != "dumb"


def label(text: str, colour: bool) -> str:
    """A verdict label: PASS green, FAIL and WRONG red, the others (TIMEOUT, ERROR, WEAK) yellow."""
    return f"{COLOURS.get(text.strip(), YELLOW)}{text}{RESET}" if colour else text


def bold(text: str, colour: bool) -> str:
    return f"{BOLD}{text}{RESET}" if colour else text


def dim(text: str, colour: bool) -> str:
    return f"{DIM}{text}{RESET}" if colour else text


def interactive() -> bool:
    """Both ends are a terminal that can clear its screen (not TERM=dumb, an editor's
    shell, which would show the codes as text): keys can be read, the screen redrawn."""
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


@contextlib.contextmanager
def keys() -> Iterator[None]:
    """Read stdin a key at a time, without echo, and put the terminal back after."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


# Keys read from stdin and not yet asked for: two keys pressed quickly arrive in
# one read, and the second counts as much as the first.
_waiting: list[str] = []
# A key that sends a sequence (an arrow, a function key) is no key of ours: its
# letters must not count as a, h or q.
KEY_SEQUENCE = re.compile(r"\033(?:\[[0-9;]*[@-~]|O.|.)?")


def key_pressed(wait: bool = False) -> str:
    """The next key pressed; if none is waiting, "" or, with `wait`, the next one typed
    (call inside `keys`)."""
    import select

    while not _waiting and select.select([sys.stdin], [], [], None if wait else 0)[0]:
        typed = os.read(sys.stdin.fileno(), 64)
        if not typed:  # the end of the input: no key will come
            break
        _waiting.extend(KEY_SEQUENCE.sub("", typed.decode(errors="replace")))
        if not wait:
            break
    return _waiting.pop(0) if _waiting else ""


ESCAPE = re.compile(r"\033\[[0-9;]*[A-Za-z]")


def rows(line: str, columns: int) -> int:
    """The screen rows a line takes on a terminal `columns` wide (a long one wraps)."""
    return max(1, -(-len(ESCAPE.sub("", line)) // max(columns, 1)))
