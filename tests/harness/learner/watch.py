"""`make watch`: grade the kata again each time its files change.

The files are polled with os.stat (tests.harness.core.files), which works where
inotify does not (WSL, NFS, network drives). A change is graded once it has
been still for QUIET seconds, so an editor's several writes of one save, or
several saves in a row, give one grading; a save that leaves the bytes as
they were gives none. The next grading child is started as soon as a report
is out (tests.harness.check.grading.spawn) and waits with pytest and the kata
loaded, so a save costs the tests' own time and little more.

On a terminal each report replaces the last, under a header line, and the
keys h (the next hint) and q (quit) work; piped, reports follow each other.
Ctrl-C ends the watch with exit status 0 and no child left running.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from tests.harness.check import grading, report
from tests.harness.check.verdicts import Grading
from tests.harness.core import files, terminal
from tests.harness.core.protocol import Status
from tests.harness.engine.supervisor import Child
from tests.harness.kata.catalog import Kata
from tests.harness.learner import debrief, hints
from tests.harness.learner.progress import Effort, Outcome, Progress
from tests.harness.wording import loop, reports

POLL = 0.02  # s between two looks at the files' stat: a few stat calls
QUIET = 0.1  # s a change must stay still before it is graded


class Watch:
    """One watch loop over one folder."""

    doing = loop.WATCHING  # the header's first word

    def __init__(
        self,
        kata: Kata,
        folder: Path,
        limit: float,
        check_limit: float,
        shown: str,
        out: TextIO = sys.stdout,
    ) -> None:
        self.kata, self.folder, self.shown = kata, folder, shown
        self.limit, self.check_limit = limit, check_limit
        self.out = out
        self.interactive = terminal.interactive()
        self.colour = terminal.colour_wanted(out)
        self.progress = Progress()
        self.warm: Child | None = None
        self.outcome: Outcome | None = None
        self.text = ""  # the latest report, to show again under a hint
        self.summary: list[str] = []  # what a screen too small for the report shows first
        self._last = ("", "")  # its summary and time, for the header
        self._below: list[str] | None = None  # what is shown under it (a hint)
        self.going = True  # an Interview ends the loop when the kata is solved
        self.size = shutil.get_terminal_size()  # of the screen the report was fitted to
        self.time_box: float | None = None  # seconds, if not the kata's (an Interview's)

    def run(self) -> int:
        """Watch until q, Ctrl-C or SIGTERM (or the end an Interview decides); exit status 0."""
        with _interrupted_by_sigterm(), self._keys():
            try:
                self.begin()
                if not self.going:  # left before it began (an Interview's q at its intro)
                    return 0
                self.warm = grading.spawn(self.kata.name)
                signature, fingerprint = self._grade(changed=None)
                while self.going:
                    key = terminal.key_pressed() if self.interactive else ""
                    if key in ("q", "Q"):
                        break
                    if key in ("h", "H"):
                        self._hint()
                    self.tick()
                    if self.interactive and self.text and shutil.get_terminal_size() != self.size:
                        # A resized window: fit the report, and a hint under it, to it again.
                        self._show(*self._last, below=self._below)
                    now_seen = files.signature(self.folder)
                    if self.going and now_seen != signature:
                        signature = self._settled(now_seen)
                        if files.fingerprint(self.folder) != fingerprint:
                            signature, fingerprint = self._grade(changed=time.localtime())
                    time.sleep(POLL)
            except KeyboardInterrupt:
                pass
            finally:
                if self.warm is not None:
                    grading.discard(self.warm)
                self.end()
        # A footer's keys no longer work: clear its line (an empty one otherwise).
        clear = "\r\033[2K" if self.interactive else ""
        print(clear, file=self.out, flush=True)
        print(loop.watch_stopped(self.shown, self._last[0]), file=self.out, flush=True)
        return 0

    # -- what an Interview changes --

    def begin(self) -> None:
        """Before the first grading."""

    def tick(self) -> None:
        """Between two looks at the files."""

    def end(self) -> None:
        """However the loop ended, Ctrl-C included."""

    def clock(self) -> str:
        """Said in the header after the pass count."""
        return ""

    def footer(self) -> str:
        """On a terminal, a last line that changes on its own (an Interview's clock)."""
        return ""

    def after(self, graded: Grading, outcome: Outcome, solved_now: bool) -> list[str]:
        """What to say under a report: a kata solved by this check gets its debrief
        (tests.harness.learner.progress decides which check that is)."""
        if graded.status is not Status.PASS:
            return []
        said = [terminal.bold(loop.watch_solved(self.kata.name), self.colour)]
        if solved_now:
            effort = self.progress.current(self.kata.name).effort
            said += ["", self.debrief(effort, outcome, solved=True)]
        return said

    def debrief(self, effort: Effort, outcome: Outcome, solved: bool) -> str:
        built = debrief.build(
            self.kata,
            self.folder,
            effort,
            outcome,
            solved,
            self.check_limit,
            self.time_box,
        )
        return debrief.as_text(built)

    def _settled(self, seen: tuple) -> tuple:
        """Wait until the files have not changed for QUIET seconds; their signature then."""
        still_since = time.monotonic()
        while time.monotonic() - still_since < QUIET:
            time.sleep(POLL / 2)
            again = files.signature(self.folder)
            if again != seen:
                seen, still_since = again, time.monotonic()
        return seen

    def _grade(self, changed: time.struct_time | None) -> tuple[tuple, str]:
        """Grade the folder with the waiting child, show the report, start the next child."""
        signature, fingerprint = files.signature(self.folder), files.fingerprint(self.folder)
        child, self.warm = self.warm, None
        graded = grading.grade(
            self.kata.name, self.folder, self.limit, self.check_limit, child=child
        )
        self.warm = grading.spawn(self.kata.name)
        self.outcome = Outcome.of(graded, fingerprint)
        solved_now = self.progress.record(self.kata.name, self.folder, self.outcome)
        self.text = report.as_text(graded, None, colour=self.colour, time_box=self.time_box)
        self.summary = report.summary(graded, None, colour=self.colour)
        below = self.after(graded, self.outcome, solved_now)
        if below:
            self.text += "\n\n" + "\n".join(below)
        summary = (
            reports.spec_summary(graded.passed, len(graded.tests))
            if graded.tests
            else reports.NO_TEST_RAN
        )
        stamp = time.strftime("%H:%M:%S", changed) if changed else loop.WATCH_START
        self._show(summary, stamp)
        return signature, fingerprint

    def _header(self, clock: str) -> str:
        summary, stamp = self._last
        if self.interactive:
            header = loop.watch_header(self.doing, self.shown, summary, stamp, clock)
            return terminal.bold(header, self.colour)
        return loop.watch_plain_header(self.kata.name, summary, stamp, clock)

    def _show(self, summary: str, stamp: str, below: list[str] | None = None) -> None:
        self._last, self._below = (summary, stamp), below
        # A footer that ticks (an Interview's clock on a terminal) says the time:
        # the header does not, or the two would disagree a second later.
        footer = self.footer()
        header = self._header("" if footer else self.clock())
        body = self.text + ("\n\n" + "\n".join(below) if below else "")
        if self.interactive:
            # The header, a blank line, the body, then a newline (or a blank line and the footer).
            self.size = shutil.get_terminal_size()
            room = self.size.lines - 3 - (1 if footer else 0)
            text = f"{terminal.CLEAR}{header}\n\n{self._fitted(body, below or [], room)}"
        else:
            text = f"{header}\n{body}\n{loop.WATCH_WAITING}\n"
        if footer:  # kept as the last line, with no newline, so it can be rewritten in place
            text += f"\n\n{footer}"
        print(text, file=self.out, flush=True, end="" if footer else "\n")

    def _fitted(self, body: str, below: list[str], room: int) -> str:
        """The report as the screen shows it: whole if it fits in `room` lines; else
        the summary (the counts, the first failure in full, the next steps), what is
        shown below the report (a hint), and as much of the report as still fits."""
        columns = self.size.columns
        if sum(terminal.rows(line, columns) for line in body.split("\n")) <= room:
            return body
        first = [*self.summary, "", *below, *([""] if below else [])]
        rest = self.text.split("\n")
        # The report's lines that still fit under `first`, with a row left for the cut line.
        used, fits = sum(terminal.rows(line, columns) for line in first), 0
        while fits < len(rest) and used + terminal.rows(rest[fits], columns) <= room - 1:
            used += terminal.rows(rest[fits], columns)
            fits += 1
        check = f"make check KATA={self.kata.name}" + (
            "" if self.folder.resolve() == self.kata.starter_dir.resolve() else f" DIR={self.shown}"
        )
        cut = reports.screen_cut(len(rest) - fits, check)
        return "\n".join([*first, *rest[:fits], cut])

    def say(self, lines: list[str]) -> None:
        """Lines under what is on the screen."""
        print("\n" + "\n".join(lines), file=self.out, flush=True)

    def _hint(self) -> None:
        if self.outcome is not None:
            lines = hints.give(self.kata, self.folder, self.outcome, self.progress, watching=True)
            self._show(*self._last, below=lines)

    @contextlib.contextmanager
    def _keys(self) -> Iterator[None]:
        if not self.interactive:
            yield
            return
        with terminal.keys():
            yield


@contextlib.contextmanager
def _interrupted_by_sigterm() -> Iterator[None]:
    """SIGTERM ends the watch the way Ctrl-C does: children stopped, exit status 0.

    SIGINT is made Ctrl-C's KeyboardInterrupt here too: a process started with
    SIGINT ignored (by a test runner's worker, say) keeps it ignored otherwise.
    """

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = {
        signal.SIGTERM: signal.signal(signal.SIGTERM, interrupt),
        signal.SIGINT: signal.signal(signal.SIGINT, signal.default_int_handler),
    }
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
