"""The learner's regression tests, scored: which planted bugs and mutants they catch.

The debrief runs the test files a learner added to the kata folder (the
grading child's regression run: tests.harness.child.plan_regression) on the
reference first, then on every single-defect variant of the kata's code. A
test that does not pass on the reference is wrong, and counts for nothing; a
variant is caught when any other test fails, raises or times out on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.harness import wording
from tests.harness.catalog import Kata
from tests.harness.grading import Followed
from tests.harness.protocol import STARTER, Role, Status

# Test files of the learner's that the debrief runs: all but the kata's own.
PATTERN = "test_*.py"


@dataclass
class Score:
    files: tuple[str, ...]
    tests: int = 0
    wrong: dict[str, str] = field(default_factory=dict)  # test -> why, on the reference
    caught: list[str] = field(default_factory=list)  # defect ids
    missed: list[str] = field(default_factory=list)
    starter_caught: bool = False  # some test fails on the starter as shipped
    problem: str = ""  # why nothing could run, if nothing could


def files_of(kata: Kata, folder: Path) -> tuple[str, ...]:
    """The learner's own added test files, by path: every test_*.py of the folder and of
    a tests/ folder in it, but the kata's own test file."""
    found = [*folder.glob(PATTERN), *folder.glob(f"tests/{PATTERN}")]
    names = {path.relative_to(folder).as_posix() for path in found if path.is_file()}
    return tuple(sorted(names - {kata.own_tests}))


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
            result.wrong[wording.A_TEST_FILE] = error.message
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
