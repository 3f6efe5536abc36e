"""The learner's regression tests, scored: which planted bugs and mutants they catch.

The debrief runs the test files a learner added to the kata folder (the
grading child's regression run: tests.harness.engine.child.plan_regression) on the
reference first, then on every single-defect variant of the kata's code. A
test that does not pass on the reference is wrong, and counts for nothing; a
variant is caught when any other test fails, raises or times out on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.harness.check.grading import Followed
from tests.harness.core.protocol import STARTER, Role, Status
from tests.harness.kata.catalog import Kata
from tests.harness.wording import debriefs


@dataclass
class Score:
    files: tuple[str, ...]
    tests: int = 0
    wrong: dict[str, str] = field(default_factory=dict)  # test -> why, on the reference
    caught: list[str] = field(default_factory=list)  # defect ids
    missed: list[str] = field(default_factory=list)
    starter_caught: bool = False  # some test fails on the starter as shipped
    problem: str = ""  # why nothing could run, if nothing could


def score(kata: Kata, files: tuple[str, ...], followed: Followed | str) -> Score:
    result = Score(files)
    if isinstance(followed, str):
        result.problem = followed
        return result
    # For each group (the reference, or a variant by its defect): each test's status.
    on: dict[tuple[Role, str], dict[str, Status]] = {}
    for item in followed.items:
        found = followed.results.get(item.key)
        test = f"{item.test.file}::{item.test.name}"
        group = (item.test.role, item.test.defect)
        on.setdefault(group, {})[test] = found.status if found else Status.ERROR
        if item.test.role is Role.OWN_REFERENCE and (not found or found.status != Status.PASS):
            result.wrong[test] = found.message if found else followed.why_not_run
    reference = on.get((Role.OWN_REFERENCE, ""), {})
    for error in followed.collect_errors:
        if error.role is Role.OWN_REFERENCE:
            result.wrong[debriefs.A_TEST_FILE] = error.message
    result.tests = len(reference)
    counted = [test for test in reference if test not in result.wrong]

    def caught(variant: str) -> bool:
        statuses = on.get((Role.OWN_VARIANT, variant), {})
        return any(statuses.get(test, Status.ERROR) != Status.PASS for test in counted)

    result.starter_caught = caught(STARTER)
    for defect in kata.defects:
        if not defect.in_own_tests:
            (result.caught if caught(defect.id) else result.missed).append(defect.id)
    return result
