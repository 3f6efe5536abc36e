"""`make watch`: grade the kata again each time its files change.

The files are polled with os.stat (tests.harness.core.files), which works where
inotify does not (WSL, NFS, network drives). A change is graded once it has
been still for QUIET seconds, so an editor's several writes of one save, or
several saves in a row, give one grading; a save that leaves the bytes as
they were gives none. The next grading child is started as soon as a report
is out (tests.harness.check.grading.spawn) and waits with pytest and the kata
loaded, so a save costs the tests' own time and little more.

On a terminal each report replaces the last, under a header line fitted to
the window's width, and the keys h (the next hint), q (quit) and, in round
mode, a (the full report) work; while a grading runs the header says so.
Piped, reports follow each other.

Ctrl-C and SIGTERM end the watch with exit status 0 and no child left running,
whenever they come: while the loop runs they stop it; once it has stopped,
while it ends (an interview records itself and builds its debrief), they are
noted and end it without a last wait for a key (see `_Signals`).
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
from tests.harness.check.commands import Commands
from tests.harness.check.verdicts import Grading
from tests.harness.core import files, terminal
from tests.harness.core.protocol import Status
from tests.harness.engine.supervisor import Child
from tests.harness.kata.catalog import Kata
from tests.harness.learner import debrief, hints
from tests.harness.learner.progress import Effort, Outcome, Progress
from tests.harness.wording import common, loop, reports, rounds
from tests.harness.wording.rounds import PRACTICE, ROUND

POLL = 0.02  # s between two looks at the files' stat: a few stat calls
QUIET = 0.1  # s a change must stay still before it is graded
# Save and restore the cursor, and go home: to rewrite the header in place.
SAVE_CURSOR, RESTORE_CURSOR, HOME = "\0337", "\0338", "\033[H"
CLEAR_LINE = "\033[2K"


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
        mode: str = PRACTICE,
    ) -> None:
        self.kata, self.folder, self.shown = kata, folder, shown
        self.limit, self.check_limit = limit, check_limit
        self.out = out
        self.mode = mode
        self.interactive = terminal.interactive()
        self.colour = terminal.colour_wanted(out)
        self.progress = Progress()
        self.warm: Child | None = None
        self.graded: Grading | None = None  # the latest grading
        self.gradings = 0  # how many so far: which one the full report was asked of
        self.outcome: Outcome | None = None
        self.said: list[str] = []  # what `after` said under the latest report
        self.full = False  # round mode: the full report shown instead (the a key)
        self.asks = 0  # gradings whose full report was asked for in round mode
        self._asked_of = 0  # the latest of them
        self._last = ("", "")  # the latest report's summary and time, for the header
        self._below: list[str] | None = None  # what is shown under it (a hint)
        self.going = True  # an Interview ends the loop when the kata is solved
        self.size = shutil.get_terminal_size()  # of the screen the report was fitted to
        self.time_box: float | None = None  # seconds, if not the kata's (an Interview's)

    def run(self) -> int:
        """Watch until q, Ctrl-C or SIGTERM (or the end an Interview decides); exit status 0."""
        with _Signals() as signals, self._keys():
            try:
                signals.raising = True  # in the try: a Ctrl-C from now on stops the loop
                self.begin()
                if not self.going:  # left before it began (an Interview's q at its intro)
                    return 0
                self.warm = grading.spawn(self.kata.name)
                self._show_grading()
                signature, fingerprint = self._grade(changed=None)
                while self.going:
                    key = terminal.key_pressed() if self.interactive else ""
                    if key in ("q", "Q"):
                        break
                    if key in ("h", "H"):
                        self._hint()
                    if key in ("a", "A"):
                        self._ask()
                    self.tick()
                    if self.interactive and self.graded and shutil.get_terminal_size() != self.size:
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
                signals.raising = False  # a Ctrl-C from now on is noted: see _Signals
                if self.warm is not None:
                    grading.discard(self.warm)
                self.end()
            if self.interactive and not signals.received:
                with signals.raised():
                    self.leave()
            # A footer's keys no longer work: clear its line (an empty one otherwise).
            clear = "\r" + CLEAR_LINE if self.interactive else ""
            print(clear, file=self.out, flush=True)
            print(self.farewell(), file=self.out, flush=True)
        return 0

    # -- what an Interview changes --

    def begin(self) -> None:
        """Before the first grading."""

    def tick(self) -> None:
        """Between two looks at the files."""

    def end(self) -> None:
        """However the loop ended, Ctrl-C included (a Ctrl-C now is only noted)."""

    def leave(self) -> None:
        """On a terminal, unless a Ctrl-C came while the loop ended: the last screen
        (a Ctrl-C here ends it)."""

    def farewell(self) -> str:
        """The last line printed."""
        return loop.watch_stopped(self.shown, self._last[0])

    def clock(self) -> str:
        """Said in the header after the pass count."""
        return ""

    def footer(self) -> str:
        """On a terminal, a last line that changes on its own (an Interview's clock)."""
        return ""

    def keys(self) -> str:
        """The keys the screen offers."""
        if self.mode != ROUND:
            return loop.keys()
        return loop.keys(rounds.BACK_KEY if self.full else rounds.FULL_KEY)

    def showing_full(self, counted: bool) -> str:
        """Round mode: said under the full report the a key shows; `counted`, the first
        time it is shown of this grading (`asks` counts those)."""
        return rounds.full_report_shown()

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
        signature = files.signature(self.folder)
        if changed is not None:
            self._say_grading()
        child, self.warm = self.warm, None
        graded = grading.grade(
            self.kata.name, self.folder, self.limit, self.check_limit, child=child, reuse=True
        )
        self.warm = grading.spawn(self.kata.name)
        self.graded, self.gradings, self.full = graded, self.gradings + 1, False
        self.outcome = Outcome.of(graded)
        solved_now = self.progress.record(self.kata.name, self.folder, self.outcome)
        self.said = self.after(graded, self.outcome, solved_now)
        if not graded.tests:
            summary = reports.NO_TEST_RAN
        elif self.mode == ROUND:
            summary = rounds.summary(len(graded.tests) - graded.passed, len(graded.tests))
        else:
            summary = reports.spec_summary(graded.passed, len(graded.tests))
        stamp = time.strftime("%H:%M:%S", changed) if changed else loop.WATCH_START
        self._show(summary, stamp)
        return signature, graded.fingerprint

    @property
    def shown_mode(self) -> str:
        """The report's mode on the screen: round mode's full report is practice's."""
        return PRACTICE if self.full else self.mode

    def _text(self) -> str:
        """The latest report in full, and what was said under it."""
        text = report.as_text(
            self.graded, None, colour=self.colour, time_box=self.time_box, mode=self.shown_mode
        )
        return text + ("\n\n" + "\n".join(self.said) if self.said else "")

    def _header(self, footer: str, summary: str | None = None) -> str:
        """The first line; the clock and the keys are the footer's when there is one."""
        summary = self._last[0] if summary is None else summary
        stamp = self._last[1] or loop.WATCH_START
        clock = "" if footer else self.clock()
        if not self.interactive:
            return loop.watch_plain_header(self.kata.name, summary, stamp, clock)
        keys = "" if footer or self.asking else self.keys()
        width = self.size.columns - 1  # a full row would wrap on some terminals
        # Too wide for the window: without the time of the last change, then with the
        # folder shortened from its start, then cut: never on two rows.
        tries = [(stamp, self.shown), *(("", folder) for folder in _shortened(self.shown))]
        for changed, folder in tries:
            header = loop.watch_header(self.doing, folder, summary, changed, clock, keys)
            if len(header) <= width:
                return terminal.bold(header, self.colour)
        return terminal.bold(_cut(header, width), self.colour)

    # A question on the screen, whose keys are its own (an Interview's, when time is up).
    asking = False

    def _show_grading(self) -> None:
        """On a terminal, while the first grading runs: say so, under the header."""
        if not self.interactive:
            return
        self.size = shutil.get_terminal_size()
        footer = self.footer()
        header = self._header(footer, loop.GRADING)
        grading_now = "\n".join(common.paragraph(loop.grading_first(self.shown)))
        text = f"{terminal.CLEAR}{header}\n\n{grading_now}"
        print(text + (f"\n\n{footer}" if footer else "\n"), file=self.out, flush=True, end="")

    def _say_grading(self) -> None:
        """On a terminal, while a save is graded: the header says so, the report stays."""
        if not self.interactive:
            return
        header = self._header(self.footer(), loop.GRADING)
        line = f"{SAVE_CURSOR}{HOME}{CLEAR_LINE}{header}{RESTORE_CURSOR}"
        print(line, file=self.out, flush=True, end="")

    def _show(self, summary: str, stamp: str, below: list[str] | None = None) -> None:
        self._last, self._below = (summary, stamp), below
        self.size = shutil.get_terminal_size()
        # A footer that ticks (an Interview's clock on a terminal) says the time:
        # the header does not, or the two would disagree a second later.
        footer = self.footer()
        header = self._header(footer)
        text = self._text()
        body = text + ("\n\n" + "\n".join(below) if below else "")
        if self.interactive:
            # The header, a blank line, the body, then a newline (or a blank line and the footer).
            columns = self.size.columns
            room = self.size.lines - terminal.rows(header, columns) - 2
            room -= terminal.rows(footer, columns) if footer else 0
            text = f"{terminal.CLEAR}{header}\n\n{self._fitted(body, below or [], room)}"
        else:
            text = f"{header}\n{body}\n{loop.WATCH_WAITING}\n"
        if footer:  # kept as the last line, with no newline, so it can be rewritten in place
            text += f"\n\n{footer}"
        print(text, file=self.out, flush=True, end="" if footer else "\n")

    def _fitted(self, body: str, below: list[str], room: int) -> str:
        """The report as the screen shows it: whole if it fits in `room` rows; else
        what report.for_screen puts first (in practice mode the counts, the first
        failure in full and the next steps), what is shown below the report (a hint,
        what `after` said), and as much of the rest as still fits, with a line saying
        what is cut."""
        columns = self.size.columns
        if sum(terminal.rows(line, columns) for line in body.split("\n")) <= room:
            return body
        first, rest = report.for_screen(self.graded, self.colour, self.time_box, self.shown_mode)
        first = [*first, *self.said, *([""] if self.said else [])]
        # What is shown below is what the learner just asked for (a hint, the
        # interviewer's answer): it is kept whole, and the report gives up rows for it.
        kept = [*below, *([""] if below else [])]
        room -= sum(terminal.rows(line, columns) for line in kept)
        folder = self.shown if self.folder.resolve() != self.kata.starter_dir.resolve() else ""
        mode = "" if self.shown_mode == PRACTICE else self.shown_mode
        check = Commands(self.kata.name, folder, mode=mode).check
        # The line saying what is cut names a command: whole, so that it runs as pasted,
        # on the rows it takes (reserved with the most lines it could say are hidden).
        total = len(first) + len(rest)
        reserved = sum(
            terminal.rows(line, columns)
            for line in common.paragraph(reports.screen_cut(total, check))
        )
        lines, used = [], 0
        for line in [*first, *rest]:
            if used + terminal.rows(line, columns) > room - reserved:
                break
            lines.append(line)
            used += terminal.rows(line, columns)
        cut = common.paragraph(reports.screen_cut(total - len(lines), check))
        return "\n".join([*lines, *kept, *cut])

    def say(self, lines: list[str]) -> None:
        """Lines under what is on the screen."""
        print("\n" + "\n".join(lines), file=self.out, flush=True)

    def _hint(self) -> None:
        if self.outcome is not None:
            lines = hints.give(self.kata, self.folder, self.outcome, self.progress, watching=True)
            self._show(*self._last, below=lines)

    def _ask(self) -> None:
        """Round mode's a key: the full report of the latest grading, or back."""
        if self.mode != ROUND or self.graded is None:
            return
        self.full = not self.full
        below = None
        if self.full:
            counted = self._asked_of != self.gradings
            if counted:
                self.asks, self._asked_of = self.asks + 1, self.gradings
            below = common.paragraph(self.showing_full(counted))
        self._show(*self._last, below=below)

    @contextlib.contextmanager
    def _keys(self) -> Iterator[None]:
        if not self.interactive:
            yield
            return
        with terminal.keys():
            yield


def _shortened(folder: str) -> Iterator[str]:
    """`folder`, then shorter and shorter ends of it, each after an ellipsis."""
    yield folder
    for keep in range(len(folder) - 2, 11, -1):
        yield "…" + folder[-keep:]


def _cut(line: str, width: int) -> str:
    """`line` in at most `width` characters: cut, with an ellipsis, if longer."""
    return line if len(line) <= width else line[: max(width - 1, 0)] + "…"


class _Signals:
    """Ctrl-C (SIGINT) and SIGTERM while a watch runs.

    While `raising`, either raises KeyboardInterrupt: the loop stops, its children
    with it. Once the loop has stopped, a signal is only noted (`received`): the
    ending (the interview recorded, its debrief built) is never cut short, and a
    Ctrl-C pressed during it can kill nothing; it only means the learner wants
    out, so no last screen waits for a key. The last screen raises again
    (`raised`), so that Ctrl-C leaves it. After that both signals are ignored, not
    put back as they were: what is left is the end of the process, which a Ctrl-C
    must not kill either (with a traceback, or silently while Python shuts down).

    SIGINT is set here even if it was ignored: a process started with SIGINT
    ignored (by a test runner's worker, say) keeps it ignored otherwise.
    """

    def __init__(self) -> None:
        self.raising = False  # set once inside the try that takes the KeyboardInterrupt
        self.received = False

    def __call__(self, signum: int, frame: object) -> None:
        if self.raising:
            self.raising = False  # one KeyboardInterrupt; the next signal is only noted
            raise KeyboardInterrupt
        self.received = True

    def __enter__(self) -> _Signals:
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, self)
        return self

    def __exit__(self, *exc_info: object) -> None:
        # Ignored, not noted: Python puts a handler of its own back to the default
        # while the interpreter shuts down, but leaves an ignored signal ignored.
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, signal.SIG_IGN)

    @contextlib.contextmanager
    def raised(self) -> Iterator[None]:
        """Ctrl-C raises again inside: the KeyboardInterrupt ends the block, no more."""
        try:
            self.raising = True  # in the try, so that a signal just after it is taken
            yield
        except KeyboardInterrupt:
            pass
        finally:
            self.raising = False
