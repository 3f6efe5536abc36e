"""The progress file: every check counted, written whole, and never a crash."""

import json
import multiprocessing
from pathlib import Path

from tests.harness.core.protocol import Status
from tests.harness.learner.progress import Attempt, Outcome, Progress

PASSING = Outcome("f", Status.PASS, {"t1": Status.PASS, "t2": Status.PASS})
FAILING = Outcome("f", Status.FAIL, {"t1": Status.PASS, "t2": Status.FAIL})


def test_checks_make_an_attempt_and_solving_it_is_timed(tmp_path):
    state = Progress(tmp_path)
    state.record_check("k", FAILING)
    state.record_check("k", PASSING)
    state.record_check("k", PASSING)
    attempt = state.current("k")
    assert attempt.checks == 3
    assert [entry[1:] for entry in attempt.history] == [[1, 2], [2, 2], [2, 2]]
    assert attempt.solved_at and attempt.time_to_solve_s >= 0
    assert attempt.checks_to_solve == 2, "a check after the solve counted toward it"
    assert state.latest_outcome("k") == PASSING


def test_a_reset_goes_on_with_an_unsolved_attempt(tmp_path):
    state = Progress(tmp_path)
    state.record_check("k", FAILING)
    state.record_hint("k", "bug:x", 2)
    state.after_reset("k")
    state.record_check("k", FAILING)
    assert len(state.attempts("k")) == 1 and state.current("k").checks == 2
    assert state.hint_level("k", "bug:x") == 2


def test_a_reset_closes_a_solved_attempt_and_the_next_check_opens_one(tmp_path):
    state = Progress(tmp_path)
    state.record_check("k", PASSING)
    state.record_hint("k", "bug:x", 1)
    state.after_reset("k")
    assert state.current("k") == Attempt() and state.latest_outcome("k") is None
    assert state.hint_level("k", "bug:x") == 0
    state.record_check("k", FAILING)
    attempts = state.attempts("k")
    assert len(attempts) == 2 and attempts[0].solved_at and not attempts[1].solved_at


def _record_many(state_dir: str, count: int) -> None:
    state = Progress(Path(state_dir))
    for _ in range(count):
        state.record_check("k", FAILING)


def test_checks_at_the_same_moment_are_all_counted(tmp_path):
    """A watch loop and a check write at once: the lock keeps every check."""
    # Spawned, not forked: a pytest-xdist worker has threads, and a fork copies their
    # locks held (Python 3.12+ warns of the deadlock).
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_record_many, args=(str(tmp_path), 25)) for _ in range(4)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    assert Progress(tmp_path).current("k").checks == 100
    assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"


def test_a_corrupt_file_is_moved_aside_and_the_check_still_counts(tmp_path, capsys):
    (tmp_path / "progress.json").write_bytes(b'{"version": 1, "katas": {"k": [trunc')
    Progress(tmp_path).record_check("k", FAILING)
    warning = capsys.readouterr().err
    assert warning.startswith("warning:") and warning.count("\n") == 1, warning
    aside = list(tmp_path.glob("progress.*.unreadable.json"))
    assert len(aside) == 1 and aside[0].read_bytes().endswith(b"[trunc")
    assert Progress(tmp_path).current("k").checks == 1


def test_a_hand_edited_file_of_the_wrong_shape_is_moved_aside(tmp_path, capsys):
    edited = {"version": 1, "katas": {"k": {"attempts": [{"checks": "five"}]}}}
    (tmp_path / "progress.json").write_text(json.dumps(edited))
    Progress(tmp_path).record_check("k", FAILING)
    assert "warning:" in capsys.readouterr().err
    assert len(list(tmp_path.glob("progress.*.unreadable.json"))) == 1
    assert Progress(tmp_path).current("k").checks == 1


def test_a_state_that_cannot_be_written_costs_a_warning_not_a_crash(tmp_path, capsys):
    blocked = tmp_path / "state"
    blocked.write_text("a file where the state folder should be")
    Progress(blocked).record_check("k", FAILING)
    assert "not recorded" in capsys.readouterr().err
    assert Progress(blocked).current("k") == Attempt()
