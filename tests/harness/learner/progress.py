"""Where the learner stands: .katas/progress.json, one record per kata.

Every full check of katas/<kata> adds to the kata's current attempt: first and
latest check, the pass counts over time, when it was first solved, hints
taken, and the outcome of the latest check (so `make hint` need not grade
files that have not changed). `make reset` of a solved kata closes its
attempt, so the next check opens a new one (earlier attempts stay for the
record); an attempt not solved yet goes on after a reset.

The file is written whole to a temporary file and renamed, under a lock, so
a watch loop and a check at the same moment never lose each other's work. A
file that cannot be read (corrupt, hand-edited) is moved aside with a
one-line warning; a file that cannot be written costs a warning, never a
check.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from tests.harness.core import files, layout
from tests.harness.core.layout import KATAS
from tests.harness.core.protocol import Status
from tests.harness.wording import loop

STATE = layout.state()
VERSION = 1
# Pass counts kept per attempt: enough for any practice session.
HISTORY = 500

if TYPE_CHECKING:
    from tests.harness.check.verdicts import Grading

T = TypeVar("T")


@dataclass
class Outcome:
    """A full check, as much of it as hints need: statuses by test name."""

    fingerprint: str  # of the files graded (tests.harness.core.files)
    status: Status
    tests: dict[str, Status] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    own_tests: dict[str, Status] = field(default_factory=dict)
    own_tests_problem: str = ""
    message: str = ""  # why no test could run, when none could

    @property
    def passed(self) -> int:
        return sum(status is Status.PASS for status in self.tests.values())

    @property
    def solved(self) -> bool:
        return self.status is Status.PASS

    @classmethod
    def of(cls, grading: Grading) -> Outcome:
        return cls(
            fingerprint=grading.fingerprint,
            status=grading.status,
            tests={verdict.name: verdict.status for verdict in grading.tests},
            descriptions={verdict.name: verdict.description for verdict in grading.tests},
            own_tests={verdict.name: verdict.status for verdict in grading.own_tests},
            own_tests_problem=grading.own_tests_problem,
            message="" if grading.tests else grading.message,
        )

    @classmethod
    def from_data(cls, data: dict) -> Outcome:
        return cls(
            fingerprint=data["fingerprint"],
            status=Status(data["status"]),
            tests={name: Status(status) for name, status in data["tests"].items()},
            descriptions=dict(data["descriptions"]),
            own_tests={name: Status(status) for name, status in data["own_tests"].items()},
            own_tests_problem=data["own_tests_problem"],
            message=data["message"],
        )


@dataclass(frozen=True)
class Effort:
    """What solving took, as the debrief tells it."""

    time_to_solve_s: float | None = None
    checks: int = 0
    hints: int = 0
    # An interview in round mode: how often the full report was asked for (None otherwise).
    asked: int | None = None


@dataclass
class Attempt:
    """One attempt at a kata: from its first check until a reset closes it, once solved."""

    started: str = ""  # the first check's time (UTC, see `now`)
    latest: str = ""
    checks: int = 0
    history: list[list] = field(default_factory=list)  # [time, passed, total] per check
    outcome: Outcome | None = None  # the latest check's
    solved_at: str = ""
    time_to_solve_s: float | None = None
    # What it took: checks and hints after the solve do not count.
    checks_to_solve: int | None = None
    hints_to_solve: int | None = None
    hints_taken: int = 0
    hints: dict[str, int] = field(default_factory=dict)  # the level reached per behaviour
    closed: str = ""  # when a reset closed it

    @property
    def effort(self) -> Effort:
        return Effort(
            self.time_to_solve_s,
            self.checks if self.checks_to_solve is None else self.checks_to_solve,
            self.hints_taken if self.hints_to_solve is None else self.hints_to_solve,
        )

    def to_data(self) -> dict:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict) -> Attempt:
        known = {item.name for item in fields(cls)}
        values = {name: value for name, value in data.items() if name in known}
        if values.get("outcome") is not None:
            values["outcome"] = Outcome.from_data(values["outcome"])
        return cls(**values)


@dataclass(frozen=True)
class Interview:
    """One timed interview (tests.harness.learner.interview), however it ended."""

    started: str
    ended: str
    time_box_s: float
    seconds: float  # to solve it, or until it ended
    checks: int
    hints: int
    solved: bool
    in_time: bool
    # Round mode's asks of the full report (tests.harness.wording.rounds); recorded
    # since round mode came: an older record is a practice-mode interview.
    mode: str = "practice"
    asked: int = 0

    @classmethod
    def from_data(cls, data: dict) -> Interview:
        return cls(**{item.name: data[item.name] for item in fields(cls) if item.name in data})


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def seconds_between(start: str, end: str) -> float:
    def parse(stamp: str) -> datetime:
        return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)

    return (parse(end) - parse(start)).total_seconds()


class Progress:
    """The progress file in `state`; every change is one locked read-modify-write."""

    def __init__(self, state: Path = STATE) -> None:
        self.state = state
        self.path = state / "progress.json"

    # -- what the loop records --

    def record(self, kata: str, folder: Path, outcome: Outcome) -> bool:
        """Record a full check if it graded the kata's own folder; other folders
        (DIR=, a maintainer's variants) are not the learner's progress.

        True if this check solved the kata: the first of the attempt to pass.
        This is the one definition of "solved by this check"; what follows it
        (the debrief) waits for it.
        """
        if folder.resolve() != (KATAS / kata).resolve():
            return False
        return self.record_check(kata, outcome)

    def record_check(self, kata: str, outcome: Outcome) -> bool:
        """Add a full check of the learner's folder to the kata's current attempt; True
        if it is the first to solve it (see `record`)."""

        def change(attempt: Attempt) -> bool:
            stamp = now()
            attempt.started = attempt.started or stamp
            attempt.latest = stamp
            attempt.checks += 1
            attempt.history = [*attempt.history, [stamp, outcome.passed, len(outcome.tests)]]
            attempt.history = attempt.history[-HISTORY:]
            attempt.outcome = outcome
            if outcome.solved and not attempt.solved_at:
                attempt.solved_at = stamp
                attempt.time_to_solve_s = seconds_between(attempt.started, stamp)
                attempt.checks_to_solve = attempt.checks
                attempt.hints_to_solve = attempt.hints_taken
                return True
            return False

        return self._change_attempt(kata, change)

    def record_hint(self, kata: str, behaviour: str, level: int) -> None:
        """The learner has now seen `level` hints about `behaviour`."""

        def change(attempt: Attempt) -> None:
            if level > attempt.hints.get(behaviour, 0):
                attempt.hints_taken += 1
                attempt.hints = {**attempt.hints, behaviour: level}

        self._change_attempt(kata, change)

    def record_interview(self, kata: str, interview: Interview) -> None:
        """Keep one interview, however it ended."""

        def change(data: dict) -> None:
            record = data["katas"].setdefault(kata, {"attempts": []})
            record.setdefault("interviews", []).append(asdict(interview))

        self._change(change)

    def interviews(self, kata: str) -> list[Interview]:
        def read(data: dict) -> list[Interview]:
            stored = data["katas"].get(kata, {}).get("interviews", [])
            return [Interview.from_data(entry) for entry in stored]

        return self._change(read)

    def after_reset(self, kata: str) -> None:
        """A reset ends a solved attempt: the next check starts a new one, timed
        afresh. An attempt not solved yet goes on, its clock and hints with it."""

        def change(data: dict) -> None:
            attempts = data["katas"].get(kata, {}).get("attempts", [])
            if attempts and attempts[-1].get("solved_at") and not attempts[-1].get("closed"):
                attempts[-1]["closed"] = now()

        self._change(change)

    # -- what the loop reads --

    def attempts(self, kata: str) -> list[Attempt]:
        def read(data: dict) -> list[Attempt]:
            stored = data["katas"].get(kata, {}).get("attempts", [])
            return [Attempt.from_data(entry) for entry in stored]

        return self._change(read)

    def current(self, kata: str) -> Attempt:
        """The open attempt of the kata; a new, empty one when there is none yet."""
        attempts = self.attempts(kata)
        return attempts[-1] if attempts and not attempts[-1].closed else Attempt()

    def latest_outcome(self, kata: str) -> Outcome | None:
        return self.current(kata).outcome

    def hint_level(self, kata: str, behaviour: str) -> int:
        return self.current(kata).hints.get(behaviour, 0)

    # -- the file --

    def _change_attempt(self, kata: str, change: Callable[[Attempt], T]) -> T:
        def on_data(data: dict) -> T:
            record = data["katas"].setdefault(kata, {"attempts": []})
            attempts = record.setdefault("attempts", [])
            if not attempts or attempts[-1].get("closed"):
                attempts.append({})
            attempt = Attempt.from_data(attempts[-1])
            result = change(attempt)
            attempts[-1] = attempt.to_data()
            return result

        return self._change(on_data)

    def _change(self, change: Callable[[dict], T]) -> T:
        """Apply `change` to the file's data under the lock, and save it if it changed."""
        try:
            with self._locked():
                data = self._load()
                before = json.dumps(data, sort_keys=True)
                try:
                    result = change(data)
                except (AttributeError, KeyError, TypeError, ValueError) as error:
                    # Valid JSON of the wrong shape: a hand edit. Start again, keep the old.
                    self._move_aside(f"unexpected content ({type(error).__name__}: {error})")
                    data = _empty()
                    result = change(data)
                if json.dumps(data, sort_keys=True) != before:
                    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
                    files.write_atomically(self.path, text.encode("utf-8"))
                return result
        except OSError as error:
            _warn(loop.progress_unwritable(self.path, error))
            return change(_empty())

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.state.mkdir(parents=True, exist_ok=True)
        with (self.state / "progress.lock").open("ab") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _load(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return _empty()
        except (OSError, ValueError) as error:
            self._move_aside(f"{type(error).__name__}: {error}")
            return _empty()
        if not isinstance(data, dict) or data.get("version") != VERSION:
            self._move_aside(f"not a version {VERSION} progress file")
            return _empty()
        if not isinstance(data.get("katas"), dict):
            self._move_aside("no katas in it")
            return _empty()
        return data

    def _move_aside(self, why: str) -> None:
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        aside = self.path.with_name(f"progress.{stamp}.unreadable.json")
        count = 1
        while aside.exists():
            count += 1
            aside = self.path.with_name(f"progress.{stamp}-{count}.unreadable.json")
        os.replace(self.path, aside)
        _warn(loop.progress_moved_aside(self.path, why, aside))


def _empty() -> dict:
    return {"version": VERSION, "katas": {}}


def _warn(line: str) -> None:
    print(f"warning: {line}", file=sys.stderr)
