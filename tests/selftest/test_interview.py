"""`make interview`: solved ends with the debrief, time up says so, Ctrl-C is recorded
and never kills it; on a terminal it ends on a screen that waits for a key, and round
mode counts each ask of the full report."""

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

from tests.harness.core import terminal
from tests.harness.kata import catalog, variants
from tests.harness.learner.progress import Progress
from tests.harness.wording import rounds
from tests.selftest.checking import learner_env, make_in, repository_copy

KATA = catalog.load("round_robin")
SPEC_TESTS = sum(len(catalog.tests_in(path)) for path in KATA.spec_files)
SOLVED_COUNT = f"{SPEC_TESTS}/{SPEC_TESTS} spec tests pass".encode()
SIZE = (30, 100)  # rows, columns: a laptop's terminal window


class Interviewing:
    """An interview in a copy of the repository, piped (or on a terminal of SIZE), and
    what it printed."""

    def __init__(self, repo, *options: str, tty: bool = False) -> None:
        command = [sys.executable, "-m", "tests.harness", "interview", KATA.name]
        command += ["--timeout", "0.5", *options]
        env = learner_env()
        if tty:
            self.fd, terminal_end = pty.openpty()
            rows, columns = SIZE
            fcntl.ioctl(terminal_end, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            ends = {"stdin": terminal_end, "stdout": terminal_end, "stderr": terminal_end}
            env["TERM"] = "xterm"
        else:
            ends = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
        self.process = subprocess.Popen(command, cwd=repo, env=env, **ends)
        if tty:
            os.close(terminal_end)
        else:
            self.fd = self.process.stdout.fileno()
        self.output = b""
        self.unread = 0  # where in `output` the next read_until looks from

    def read_until(self, text: bytes, within: float = 60) -> bytes:
        """Everything printed until `text`, after what earlier calls found."""
        give_up = time.monotonic() + within
        while text not in self.output[self.unread :]:
            left = give_up - time.monotonic()
            assert left > 0, f"{text!r} not printed:\n{self.output[-3000:]!r}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # a terminal whose other end has closed
                    chunk = b""
                assert chunk, f"ended before {text!r}:\n{self.output[-3000:]!r}"
                self.output += chunk
        self.unread = self.output.index(text, self.unread) + len(text)
        return self.output[: self.unread]

    def screen(self) -> list[str]:
        """The rows of the latest screen: what followed the latest clear of the screen."""
        text = self.output.decode(errors="replace")
        latest = text[text.rindex(terminal.CLEAR) + len(terminal.CLEAR) :]
        return terminal.ESCAPE.sub("", latest).split("\r\n")

    def press(self, key: bytes) -> None:
        os.write(self.fd, key)

    def finish(self) -> None:
        self.process.kill()
        self.process.wait()
        if self.process.stdout is None:
            os.close(self.fd)


def one_bug_left(repo):
    """katas/round_robin holding the reference with one planted bug: quick to grade."""
    return variants.build(KATA, [KATA.planted[0]], repo / "katas" / KATA.name)


def interviews(repo) -> list[dict]:
    return Progress(repo / ".katas").interviews(KATA.name)


def test_solving_stops_the_clock_shows_the_debrief_and_is_recorded(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    one_bug_left(repo)
    interview = Interviewing(repo)
    interview.read_until(b"left \xc2\xb7 last change")
    for name in KATA.files:
        shutil.copyfile(KATA.solution_dir / name, repo / "katas" / KATA.name / name)
    output = interview.read_until(b"5. Say it aloud")
    assert b"the clock stops" in output and b"Debrief" in output
    assert interview.process.wait(30) == 0, "a solved interview ends by itself"
    (recorded,) = interviews(repo)
    assert recorded.solved and recorded.in_time and recorded.checks == 2
    assert "best interview 0:" in make_in(repo, "list").stdout


def test_ctrl_c_ends_the_interview_and_keeps_it(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    one_bug_left(repo)
    interview = Interviewing(repo)
    interview.read_until(b"(watching for changes")
    interview.process.send_signal(signal.SIGINT)
    assert interview.process.wait(10) == 0
    assert b"Traceback" not in interview.process.stderr.read()
    (recorded,) = interviews(repo)
    assert not recorded.solved and recorded.checks == 1


def test_when_time_runs_out_it_says_so_and_goes_on_untimed_without_the_answers(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    one_bug_left(repo)
    interview = Interviewing(repo, "--minutes", "0.03")
    output = interview.read_until(b"Going on untimed")
    assert b"Time is up" in output
    assert b"(time box 0:01 " in output, "the report does not show the interview's time box"
    assert b"revealed" not in output, "going on untimed must not start from the answers"
    for name in KATA.files:
        shutil.copyfile(KATA.solution_dir / name, repo / "katas" / KATA.name / name)
    interview.read_until(SOLVED_COUNT)
    interview.process.send_signal(signal.SIGINT)
    assert interview.process.wait(10) == 0
    (recorded,) = interviews(repo)
    assert recorded.solved and not recorded.in_time


def test_stopping_after_the_time_ran_out_shows_the_debrief(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    one_bug_left(repo)
    interview = Interviewing(repo, "--minutes", "0.03")
    interview.read_until(b"Going on untimed")
    interview.process.send_signal(signal.SIGINT)
    assert interview.process.wait(30) == 0
    output = interview.output + interview.process.stdout.read()
    assert b"not solved: time is up" in output, output[-2000:]
    assert b"not touched yet" in output, "the bugs were not located in the untouched code"
    (recorded,) = interviews(repo)
    assert not recorded.solved


def test_ctrl_c_again_and_again_while_the_interview_ends_never_kills_it(tmp_path):
    """A Ctrl-C while the solved interview records itself and ends (the moment a
    learner's impatience, or a test, sends one) must not kill it with a traceback."""
    repo = repository_copy(tmp_path / "repo", KATA)
    one_bug_left(repo)
    interview = Interviewing(repo)
    interview.read_until(b"left \xc2\xb7 last change")
    for name in KATA.files:
        shutil.copyfile(KATA.solution_dir / name, repo / "katas" / KATA.name / name)
    interview.read_until(SOLVED_COUNT)
    # From the solved report on, a Ctrl-C every 5 ms until the process has ended.
    while interview.process.poll() is None:
        interview.process.send_signal(signal.SIGINT)
        time.sleep(0.005)
    assert interview.process.wait() == 0
    assert b"Traceback" not in interview.process.stderr.read()
    (recorded,) = interviews(repo)
    assert recorded.solved


def test_on_a_terminal_a_solved_interview_waits_for_a_key_then_prints_the_debrief(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    one_bug_left(repo)
    interview = Interviewing(repo, tty=True)
    try:
        interview.read_until(b"Press any key to start the clock")
        interview.press(b" ")
        interview.read_until(b"left \xc2\xb7 h hint")
        for name in KATA.files:
            shutil.copyfile(KATA.solution_dir / name, repo / "katas" / KATA.name / name)
        interview.read_until(b"Press any key to leave")
        screen = interview.screen()
        assert len(screen) <= SIZE[0], f"{len(screen)} rows on a screen of {SIZE[0]}"
        assert all(len(row) < SIZE[1] for row in screen), screen
        assert "clock stopped at 0:" in screen[0] and "Solved in 0:" in "\n".join(screen)
        # The screen stays until a key is pressed.
        assert interview.process.poll() is None
        time.sleep(1)
        assert interview.process.poll() is None, "the last screen did not wait for a key"
        interview.press(b"x")
        interview.read_until(b"The interview is over")
        assert interview.process.wait(30) == 0
        # The debrief, whole, after the last screen: the terminal's scrollback holds it.
        debrief = "\n".join(interview.screen())
        for part in ("Debrief", "1. Time and effort", "2. The bugs", "5. Say it aloud"):
            assert part in debrief, f"{part!r} is not in what follows the last screen"
    finally:
        interview.finish()


def test_round_mode_shows_the_full_report_at_a_key_and_counts_each_ask(tmp_path):
    repo = repository_copy(tmp_path / "repo", KATA)
    one_bug_left(repo)
    interview = Interviewing(repo, "--mode", "round", tty=True)
    try:
        interview.read_until(b"Press any key to start the clock")
        interview.press(b" ")
        interview.read_until(rounds.ASK_KEY.encode())
        interview.read_until(b"behaviours still break")
        assert b"Spec tests" not in interview.output
        interview.press(b"a")
        interview.read_until(b"The interviewer's answer")
        assert "The first failing behaviour:" in interview.screen()
        interview.press(b"a")  # back to round mode; again: the same check's, not counted
        interview.read_until(rounds.ASK_KEY.encode())  # the full report's footer offers "back"
        interview.press(b"a")
        interview.read_until(b"not counted again")
        for name in KATA.files:
            shutil.copyfile(KATA.solution_dir / name, repo / "katas" / KATA.name / name)
        interview.read_until(b"Press any key to leave")
        assert rounds.asked_count(1) in "\n".join(interview.screen())
        interview.press(b"x")
        interview.read_until(b"The interview is over")
        assert interview.process.wait(30) == 0
        debrief = " ".join("\n".join(interview.screen()).split())
        assert f"; {rounds.asked_count(1)}." in debrief, debrief[:600]
        (recorded,) = interviews(repo)
        assert (recorded.mode, recorded.asked) == ("round", 1)
    finally:
        interview.finish()
