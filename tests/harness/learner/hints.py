"""`make hint`: which behaviour the learner is stuck on, and its next hint.

Hints follow the learner's current code: the first spec test that does not
pass (or, once they all pass, the first of the kata's own tests that is not
right). A planted bug still in the code explains a failing test when every
spec test it is caught by fails: then its hints are given. Otherwise the
test's own hints are: the learner's change broke it. The texts are data, in
kata.toml; each behaviour has three levels (a question about the symptom,
where to look, the mistake in words) and never the fixed code.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from tests.harness.core.protocol import Status
from tests.harness.kata import starter
from tests.harness.kata.catalog import Defect, Kata
from tests.harness.learner import spec_hints
from tests.harness.learner.progress import Outcome, Progress
from tests.harness.wording import loop, reports
from tests.harness.wording.common import repo_relative


@dataclass(frozen=True)
class Behaviour:
    """What a hint is about; `key` is how the level reached is remembered."""

    key: str
    about: str  # in words, shown above the hints
    levels: tuple[str, ...]


def give(
    kata: Kata,
    folder: Path,
    outcome: Outcome,
    progress: Progress,
    watching: bool = False,
    command: str = "",
) -> list[str]:
    """The next hint for the learner's code in `folder` as `outcome` found it,
    recorded as taken; `watching`: in a watch loop, where a key asks for the next
    and a save grades; else `command` asks for the next."""
    if not outcome.tests:
        return loop.hint_blocked(outcome.message, kata.name, watching)
    behaviour = stuck_on(kata, outcome, set(starter.touched(kata, folder)))
    if behaviour is None:
        return [loop.hint_solved(kata.name)]
    seen = progress.hint_level(kata.name, behaviour.key)
    level = min(seen + 1, len(behaviour.levels))
    progress.record_hint(kata.name, behaviour.key, level)
    again = loop.HINT_KEY if watching else command
    about, levels = behaviour.about, behaviour.levels
    shown = shlex.quote(repo_relative(str(folder)))
    return loop.hint(about, levels, level, kata.name, level > seen, again, shown)


def stuck_on(kata: Kata, outcome: Outcome, touched: set[str] = frozenset()) -> Behaviour | None:
    """The behaviour the next hint is about; None when the kata is solved.

    `touched`: the planted bugs whose lines the learner has changed. A failing
    test several bugs explain is put down to one the learner has not touched
    yet, if there is one: two bugs can break the same tests, and the one just
    fixed should not be hinted at again.
    """
    failing = [name for name, status in outcome.tests.items() if status is not Status.PASS]
    if failing:
        return _spec_test(kata, outcome, failing, touched)
    if outcome.own_tests_problem:
        return Behaviour("own-file", outcome.own_tests_problem, loop.OWN_FILE_HINTS)
    for name, status in outcome.own_tests.items():
        if status is not Status.PASS:
            return _own_test(kata, name, status)
    return None


def _spec_test(kata: Kata, outcome: Outcome, failing: list[str], touched: set[str]) -> Behaviour:
    first = failing[0]
    about = outcome.descriptions.get(first) or first
    candidates = [bug for bug in _still_there(kata, outcome.tests) if first in bug.caught_by]
    # Untouched bugs first; among them, the one whose tests fail the way the first
    # failure does (a TIMEOUT's hint is about the bug whose tests time out), then
    # the kata's order (the sort is stable).
    kind = outcome.tests[first]

    def share_of_kind(bug: Defect) -> float:
        return sum(outcome.tests.get(test) is kind for test in bug.caught_by) / len(bug.caught_by)

    candidates.sort(key=lambda bug: (bug.id in touched, -share_of_kind(bug)))
    if candidates:
        return Behaviour(f"bug:{candidates[0].id}", about, candidates[0].hints)
    return Behaviour(f"test:{first}", about, spec_hints.levels(kata, first))


def _still_there(kata: Kata, statuses: dict[str, Status]) -> list[Defect]:
    """The planted bugs of the code whose every spec test still fails."""
    return [
        bug
        for bug in kata.planted
        if not bug.in_own_tests
        and all(statuses.get(test, Status.PASS) is not Status.PASS for test in bug.caught_by)
    ]


def _own_test(kata: Kata, name: str, status: Status) -> Behaviour:
    about = loop.own_test_about(name, reports.whose(kata.is_round))
    for bug in kata.planted:
        if bug.in_own_tests and name in bug.caught_by:
            return Behaviour(f"bug:{bug.id}", about, bug.hints)
    if status is Status.WEAK:
        duty = next(duty for duty in kata.own_test_duties if duty.name == name)
        return Behaviour(f"own:{name}", about, loop.weak_hints(duty.name, duty.checks))
    return Behaviour(f"own:{name}", about, loop.wrong_hints(name))
