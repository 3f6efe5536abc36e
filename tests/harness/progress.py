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
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from tests.harness import files, wording
from tests.harness.layout import KATAS, ROOT

# The learner's state: gitignored. KATAS_STATE moves it (the self-tests do).
STATE = Path(os.environ.get("KATAS_STATE") or ROOT / ".katas")
VERSION = 1
# Pass counts kept per attempt: enough for any practice session.
HISTORY = 500

if TYPE_CHECKING:
    from tests.harness.verdicts import Grading

T = TypeVar("T")


@dataclass
class Outcome:
    """A full check, as much of it as hints need: statuses by test name."""

    fingerprint: str  # of the files graded (tests.harness.files)
    status: str
    tests: dict[str, str] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    own_tests: dict[str, str] = field(default_factory=dict)
    own_tests_problem: str = ""
    message: str = ""  # why no test could run, when none could

    @property
    def passed(self) -> int:
        return sum(status == "pass" for status in self.tests.values())

    @classmethod
    def of(cls, grading: Grading, fingerprint: str) -> Outcome:
        return cls(
            fingerprint=fingerprint,
            status=grading.status.value,
            tests={verdict.name: verdict.status.value for verdict in grading.tests},
            descriptions={verdict.name: verdict.description for verdict in grading.tests},
            own_tests={verdict.name: verdict.status.value for verdict in grading.own_tests},
            own_tests_problem=grading.own_tests_problem,
            message="" if grading.tests else grading.message,
        )


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

    def record(self, kata: str, folder: Path, outcome: Outcome, status: str) -> bool:
        """Record a full check if it graded the kata's own folder; other folders
        (DIR=, a maintainer's variants) are not the learner's progress. True if
        this check is the one that solved the kata."""
        if folder.resolve() == (KATAS / kata).resolve():
            return self.record_check(kata, outcome, solved=status == "pass")
        return False

    def record_check(self, kata: str, outcome: Outcome, solved: bool) -> bool:
        """Add a full check of the learner's folder to the kata's current attempt;
        True if it is the first to solve it."""

        def change(attempt: dict) -> bool:
            stamp = now()
            attempt["started"] = attempt.get("started") or stamp
            attempt["latest"] = stamp
            attempt["checks"] = int(attempt.get("checks", 0)) + 1
            history = list(attempt.get("history", []))
            history.append([stamp, outcome.passed, len(outcome.tests)])
            attempt["history"] = history[-HISTORY:]
            attempt["outcome"] = asdict(outcome)
            if solved and not attempt.get("solved_at"):
                attempt["solved_at"] = stamp
                attempt["time_to_solve_s"] = seconds_between(attempt["started"], stamp)
                # What it took: checks run after the solve do not count.
                attempt["checks_to_solve"] = attempt["checks"]
                attempt["hints_to_solve"] = int(attempt.get("hints_taken", 0))
                return True
            return False

        return self._change_attempt(kata, change)

    def record_hint(self, kata: str, behaviour: str, level: int) -> None:
        """The learner has now seen `level` hints about `behaviour`."""

        def change(attempt: dict) -> None:
            levels = dict(attempt.get("hints", {}))
            if level > int(levels.get(behaviour, 0)):
                attempt["hints_taken"] = int(attempt.get("hints_taken", 0)) + 1
                levels[behaviour] = level
            attempt["hints"] = levels

        self._change_attempt(kata, change)

    def record_interview(self, kata: str, interview: dict) -> None:
        """Keep one interview (tests.harness.interview), however it ended."""

        def change(data: dict) -> None:
            record = data["katas"].setdefault(kata, {"attempts": []})
            record.setdefault("interviews", []).append(interview)

        self._change(change)

    def interviews(self, kata: str) -> list[dict]:
        return list(self._change(lambda data: data["katas"].get(kata, {}).get("interviews", [])))

    def after_reset(self, kata: str) -> None:
        """A reset ends a solved attempt: the next check starts a new one, timed
        afresh. An attempt not solved yet goes on, its clock and hints with it."""

        def change(data: dict) -> None:
            attempts = data["katas"].get(kata, {}).get("attempts", [])
            if attempts and attempts[-1].get("solved_at") and not attempts[-1].get("closed"):
                attempts[-1]["closed"] = now()

        self._change(change)

    # -- what the loop reads --

    def attempts(self, kata: str) -> list[dict]:
        return list(self._change(lambda data: data["katas"].get(kata, {}).get("attempts", [])))

    def current(self, kata: str) -> dict:
        """The open attempt of the kata, or {} when there is none yet."""
        attempts = self.attempts(kata)
        return attempts[-1] if attempts and not attempts[-1].get("closed") else {}

    def latest_outcome(self, kata: str) -> Outcome | None:
        stored = self.current(kata).get("outcome")
        try:
            return Outcome(**stored) if stored else None
        except TypeError:
            return None

    def hint_level(self, kata: str, behaviour: str) -> int:
        return int(self.current(kata).get("hints", {}).get(behaviour, 0))

    # -- the file --

    def _change_attempt(self, kata: str, change: Callable[[dict], T]) -> T:
        def on_data(data: dict) -> T:
            record = data["katas"].setdefault(kata, {"attempts": []})
            attempts = record.setdefault("attempts", [])
            if not attempts or attempts[-1].get("closed"):
                attempts.append({})
            return change(attempts[-1])

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
            _warn(wording.progress_unwritable(self.path, error))
            return change(_empty())

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.state.mkdir(parents=True, exist_ok=True)
        with (self.state / "progress.lock").open("a") as lock:
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
        _warn(wording.progress_moved_aside(self.path, why, aside))


def _empty() -> dict:
    return {"version": VERSION, "katas": {}}


def _warn(line: str) -> None:
    print(f"warning: {line}", file=sys.stderr)
