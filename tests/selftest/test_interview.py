"""`make interview`: solved ends with the debrief, time up says so, Ctrl-C is recorded."""

import os
import select
import shutil
import signal
import subprocess
import sys
import time

from tests.harness.kata import catalog, variants
from tests.harness.learner.progress import Progress
from tests.selftest.checking import learner_env, make_in, repository_copy

KATA = catalog.load("round_robin")
SPEC_TESTS = sum(len(catalog.tests_in(path)) for path in KATA.spec_files)
SOLVED_COUNT = f"{SPEC_TESTS}/{SPEC_TESTS} spec tests pass".encode()


class Interviewing:
    """An interview in a copy of the repository, piped, and what it printed."""

    def __init__(self, repo, *options: str) -> None:
        command = [sys.executable, "-m", "tests.harness", "interview", KATA.name]
        command += ["--timeout", "0.5", *options]
        self.process = subprocess.Popen(
            command, cwd=repo, env=learner_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.output = b""

    def read_until(self, text: bytes, within: float = 60) -> bytes:
        give_up = time.monotonic() + within
        while text not in self.output:
            left = give_up - time.monotonic()
            assert left > 0, f"{text!r} not printed:\n{self.output[-3000:]!r}"
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                assert chunk, f"ended before {text!r}:\n{self.output[-3000:]!r}"
                self.output += chunk
        return self.output


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
