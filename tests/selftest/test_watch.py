"""`make watch`: one grading per change, none for a save that changes nothing,
keys on a terminal, and nothing left running when it ends."""

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.harness.check.commands import Commands
from tests.harness.core import terminal
from tests.harness.core.layout import ROOT
from tests.harness.kata import catalog, variants
from tests.harness.learner.watch import POLL, QUIET
from tests.harness.wording import loop, reports

KATA = catalog.load("round_robin")
SPEC_TESTS = sum(len(catalog.tests_in(path)) for path in KATA.spec_files)
SOLVED_COUNT = f"{SPEC_TESTS}/{SPEC_TESTS} spec tests pass".encode()
WAITING = loop.WATCH_WAITING.encode()
HEADER = f"== {KATA.name} ·".encode()
# Two saves this far apart are one change to the watch (POLL < QUICK < QUIET).
QUICK = 0.04


class Watching:
    """A watch process and what it has printed so far."""

    def __init__(
        self,
        folder: Path,
        state: Path,
        tty: bool = False,
        size: tuple[int, int] = (30, 100),
        term: str = "xterm",
    ) -> None:
        command = [sys.executable, "-m", "tests.harness", "watch", KATA.name]
        command += ["--dir", str(folder), "--timeout", "0.5"]
        env = {**os.environ, "KATAS_STATE": str(state), "TERM": term}
        for name in ("NO_COLOR", "FORCE_COLOR"):
            env.pop(name, None)
        self.output = b""
        if tty:
            self.fd, terminal_end = pty.openpty()
            rows, columns = size  # a terminal of that size, as a person's window would be
            fcntl.ioctl(terminal_end, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            ends = {"stdin": terminal_end, "stdout": terminal_end, "stderr": terminal_end}
        else:
            ends = {"stdin": subprocess.DEVNULL, "stdout": subprocess.PIPE}
            ends["stderr"] = subprocess.PIPE
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, **ends)
        if tty:
            os.close(terminal_end)
        else:
            self.fd = self.process.stdout.fileno()

    def read_until(self, text: bytes, within: float = 30) -> bytes:
        """Everything printed until `text` has appeared (AssertionError if it does not)."""
        give_up = time.monotonic() + within
        while text not in self.output:
            left = give_up - time.monotonic()
            assert left > 0, f"{text!r} not printed within {within} s:\n{self.output[-3000:]!r}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # a pty whose other end has closed
                    chunk = b""
                assert chunk, f"the watch ended before {text!r}:\n{self.output[-3000:]!r}"
                self.output += chunk
        seen, _, self.output = self.output.partition(text)
        return seen + text

    def drain(self, quiet: float) -> None:
        """Read and forget what comes until nothing has come for `quiet` seconds."""
        while not self.nothing_for(quiet):
            self.output += os.read(self.fd, 65536)
        self.output = b""

    def nothing_for(self, seconds: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], seconds)
        return not ready

    def no_grading_for(self, seconds: float) -> bool:
        """No report header printed for `seconds` (the end of a line may still come)."""
        give_up = time.monotonic() + seconds
        while (left := give_up - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                self.output += os.read(self.fd, 65536)
        graded = HEADER in self.output
        self.output = b""
        return not graded

    def descendants(self) -> list[int]:
        """Every process below the watch (pgrep: Linux and macOS alike)."""
        found, pending = [], [self.process.pid]
        while pending:
            listed = subprocess.run(["pgrep", "-P", str(pending.pop())], capture_output=True)
            children = [int(pid) for pid in listed.stdout.split()]
            found += children
            pending += children
        return found


def alive(pid: int) -> bool:
    """Still running a second after its parent ended (a zombie is reaped by then)."""
    give_up = time.monotonic() + 1
    while time.monotonic() < give_up:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.05)
    return True


def reference_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(KATA.solution_dir, folder)
    return folder


def test_a_change_grades_once_and_a_save_without_change_not_at_all(tmp_path):
    assert POLL < QUICK < QUIET
    folder = reference_copy(tmp_path)
    watching = Watching(folder, tmp_path / "state")
    try:
        first = watching.read_until(WAITING)
        assert SOLVED_COUNT in first and b"Still watching" in first
        module = folder / "round_robin.py"
        # Two saves in quick succession (closer than QUIET, further than POLL):
        # one grading, of the last one. A loaded machine may space them further
        # than QUIET, and then two gradings are right: such a pair is tried again.
        for attempt in range(3):
            # Timed from before the first save, so that a pause of this process
            # between the saves always counts: spaced is never less than the gap.
            first = time.monotonic()
            module.write_text(module.read_text() + f"# save {attempt}\n")
            time.sleep(QUICK)
            module.write_text(module.read_text().replace("return None", "return 'nobody'", 1))
            spaced = time.monotonic() - first
            second = watching.read_until(WAITING)
            assert b"FAIL" in second, second
            if spaced < QUIET:
                break
            watching.drain(2.5)
        assert spaced < QUIET, f"three pairs of saves spaced more than {QUIET} s apart"
        assert watching.no_grading_for(1.5), "two quick saves graded twice"
        # Saved again with the same bytes: no grading.
        module.write_bytes(module.read_bytes())
        assert watching.no_grading_for(1.5), "a save that changed nothing was graded"
    finally:
        watching.process.kill()
        watching.process.wait()


def test_ctrl_c_ends_it_with_status_0_and_no_child_left(tmp_path):
    folder = reference_copy(tmp_path)
    watching = Watching(folder, tmp_path / "state")
    watching.read_until(WAITING)
    # Ctrl-C in the middle of a grading: a save that makes assign() loop for ever.
    variants.build(KATA, [KATA.defect("unbounded-search")], folder)
    time.sleep(0.6)
    children = watching.descendants()
    assert children, "no grading child was running"
    watching.process.send_signal(signal.SIGINT)
    assert watching.process.wait(10) == 0
    stderr = watching.process.stderr.read().decode()
    assert "Traceback" not in stderr, stderr
    assert not [pid for pid in children if alive(pid)], "a grading child was left running"


def screens(output: bytes) -> list[list[str]]:
    """Each screen a watch drew (what followed a clear of the screen), as the rows a
    terminal shows, escape sequences left out."""
    drawn = output.decode(errors="replace").split(terminal.CLEAR)[1:]
    return [terminal.ESCAPE.sub("", screen).split("\r\n") for screen in drawn]


def fits(screen: list[str], size: tuple[int, int]) -> None:
    """No more rows than the window has, long lines wrapped, and the header on one."""
    rows, columns = size
    used = sum(terminal.rows(line, columns) for line in screen)
    assert used <= rows, f"{used} rows on a screen of {rows}: {screen}"
    assert len(screen[0]) < columns, f"a header wider than the window: {screen[0]}"


@pytest.mark.parametrize("size", [(30, 100), (40, 120)])
def test_a_screen_too_small_for_the_report_starts_with_the_first_failure(tmp_path, size):
    """On 100x30 and 120x40 the report of a starter does not fit: the screen says it is
    grading, then shows the counts and the first failing spec test with its scenario,
    then as much as fits, that failure's scenario not again. A folder with a long path
    (as a long kata name makes) keeps the header on one row, and the command that prints
    the rest whole (it was cut to the window's width)."""
    folder = variants.build(KATA, [KATA.planted[0]], tmp_path / ("a-long-folder-name-" * 3))
    watching = Watching(folder, tmp_path / "state", tty=True, size=size)
    try:
        drawn = screens(watching.read_until(b"prints them all)"))
        grading, screen = drawn[0], drawn[-1]
        assert loop.GRADING in grading[0] and "Grading " in " ".join(grading), grading
        for shown in drawn:
            fits(shown, size)
            assert shown[0].startswith("watching ") and "q quit" in shown[0], shown[0]
        first = screen.index(reports.FIRST_FAILURE)
        assert "FAIL" in screen[first + 1] and "should give" in "".join(
            screen[first + 2 : first + 4]
        )
        name = next(row.strip() for row in screen[first:] if row.strip().startswith("(test_"))
        assert sum(name in row for row in screen) == 1, f"{name}: the first failure twice"
        check = Commands(KATA.name, str(folder)).check
        assert any(check in row for row in screen), screen
        os.write(watching.fd, b"q")
        assert watching.process.wait(10) == 0
    finally:
        watching.process.kill()
        watching.process.wait()
        os.close(watching.fd)


def test_once_the_spec_tests_pass_a_wrong_test_is_on_the_screen(tmp_path):
    """The reference's code with the starter's test file: every spec test passes, and the
    screen shows the WRONG test and why, not only the advice about it."""
    (wrong,) = [bug for bug in KATA.planted if bug.in_own_tests]
    folder = variants.build(KATA, [wrong], tmp_path / "mine")
    watching = Watching(folder, tmp_path / "state", tty=True)
    try:
        screen = screens(watching.read_until(b"more lines"))[-1]
        fits(screen, (30, 100))
        (test,) = wrong.caught_by
        assert any("WRONG" in row and test in row for row in screen), screen
        os.write(watching.fd, b"q")
        assert watching.process.wait(10) == 0
    finally:
        watching.process.kill()
        watching.process.wait()
        os.close(watching.fd)


def test_a_dumb_terminal_gets_no_screen_codes(tmp_path):
    """On a terminal of TERM=dumb (an editor's shell) each grading is printed after the
    last, with no code to clear the screen or move the cursor (they showed as text)."""
    folder = variants.build(KATA, [KATA.planted[0]], tmp_path / "mine")
    watching = Watching(folder, tmp_path / "state", tty=True, term="dumb")
    try:
        shown = watching.read_until(loop.WATCH_WAITING.encode())
        assert not terminal.ESCAPE.search(shown.decode(errors="replace")), shown
    finally:
        watching.process.kill()
        watching.process.wait()
        os.close(watching.fd)


def test_on_a_terminal_h_gives_a_hint_and_q_quits(tmp_path):
    folder = variants.build(KATA, [KATA.planted[0]], tmp_path / "mine")
    watching = Watching(folder, tmp_path / "state", tty=True)
    try:
        screen = watching.read_until(b"q quit")
        assert terminal.CLEAR.encode() in screen and b"watching" in screen
        report = watching.read_until(b"more lines")
        assert terminal.RED.encode() + b"FAIL" in report, "no colour on a terminal"
        os.write(watching.fd, b"h")
        watching.read_until(b"Hint 1 of 3")
        os.write(watching.fd, b"q")
        assert watching.process.wait(10) == 0
    finally:
        watching.process.kill()
        watching.process.wait()
        os.close(watching.fd)


def test_keys_pressed_together_each_count_and_an_arrow_is_no_key(monkeypatch):
    """Two keys pressed quickly arrive in one read: a trial's second a (back, then
    the full report again) was lost under load. An arrow's letters are not keys."""
    read, write = os.pipe()
    with os.fdopen(read) as stdin:
        monkeypatch.setattr(sys, "stdin", stdin)
        os.write(write, b"a\033[Aa\033OPh")
        os.close(write)
        assert [terminal.key_pressed() for _ in range(4)] == ["a", "a", "h", ""]
