"""Each reference passes, each starter fails, and each defect is caught.

This is our `rustlings dev check`: it grades every kata's folders through the
real `make check` (the defects of the code through the same grading child,
several to a child), so a kata whose spec tests stop catching a planted bug,
or whose reference stops passing them, cannot land.
"""

import pytest

from tests.harness.check import grading
from tests.harness.core.layout import kata_names
from tests.harness.core.protocol import Status, Variant
from tests.harness.kata import catalog, variants
from tests.selftest.checking import graded_reference, graded_starter, graded_wrong, make_check

KATAS = [catalog.load(name) for name in kata_names()]
# Defects graded in one child: enough to spread a kata's over the test processes.
CHUNK = 16
# The limit of tests that must pass on a defect: five times the learner's, so that a
# busy machine does not make a passing test time out.
PASSING_LIMIT = 2.0


def by_name(value) -> str:
    return value.name if isinstance(value, catalog.Kata) else value.id


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_reference_solves_its_kata(kata):
    checked = graded_reference(kata.name)
    failing = {name: s for name, s in checked.statuses().items() if s != "pass"}
    assert not failing, f"{kata.name}: the reference fails {failing}"
    own = checked.statuses("own_tests")
    assert all(s == "pass" for s in own.values()), f"{kata.name}: fixed own tests {own}"
    assert (checked.result["status"], checked.exit_status) == ("pass", 0)


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_committed_starter_fails(kata):
    checked = graded_starter(kata.name)
    statuses = checked.statuses()
    assert checked.result["status"] == "fail", checked.result["message"]
    assert checked.exit_status != 0, "make check must fail on an unsolved kata"
    failing = [name for name, status in statuses.items() if status != "pass"]
    assert failing, f"{kata.name}: the starter passes every spec test"
    for file in kata.starter_fails_every_test_in:
        passing = [
            name for name in catalog.tests_in(kata.spec_dir / file) if statuses[name] == "pass"
        ]
        assert not passing, f"{kata.name}: the starter passes tests of {file}: {passing}"


def _chunks(kata: catalog.Kata, planted: bool) -> list[tuple[catalog.Defect, ...]]:
    code = [d for d in kata.defects if not d.in_own_tests and d.planted is planted]
    return [tuple(code[start : start + CHUNK]) for start in range(0, len(code), CHUNK)]


def _tiered(kata: catalog.Kata, defect: object, planted: bool):
    """A parameter of the quick tier for the planted bugs, of the full tier (make
    test-all) for the mutants."""
    return pytest.param(kata, defect, marks=() if planted else pytest.mark.thorough)


CODE_DEFECTS = [
    _tiered(kata, chunk, planted)
    for kata in KATAS
    for planted in (True, False)
    for chunk in _chunks(kata, planted)
]
OWN_TEST_DEFECTS = [
    _tiered(kata, d, d.planted) for kata in KATAS for d in kata.defects if d.in_own_tests
]


@pytest.mark.parametrize(
    ("kata", "defects"),
    CODE_DEFECTS,
    ids=lambda value: by_name(value) if isinstance(value, catalog.Kata) else value[0].id,
)
def test_each_defect_of_the_code_is_caught_by_the_tests_it_names(kata, defects, tmp_path):
    """A planted bug or mutant is a claim: "these spec tests fail on it". Each is
    graded on the tests it names alone, all of a chunk in one grading child."""
    graded = graded_wrong(
        kata.name,
        tuple(
            Variant(
                defect.id, variants.build(kata, [defect], tmp_path / defect.id), defect.caught_by
            )
            for defect in defects
        ),
    )
    missed = {
        defect: [test for test in defect.caught_by if graded[defect.id][test].status is Status.PASS]
        for defect in defects
    }
    assert not any(missed.values()), "\n".join(
        [f"{kata.name}: defects that pass spec tests they claim to be caught by:"]
        + [
            f"  {defect.id} ({defect.summary}) passes {', '.join(tests)}: make one of them "
            f"fail on it, or take them out of its caught_by in tests/{kata.name}/kata.toml"
            for defect, tests in missed.items()
            if tests
        ]
    )


@pytest.mark.parametrize(("kata", "defect"), OWN_TEST_DEFECTS, ids=by_name)
def test_a_wrong_own_test_is_flagged_against_the_reference(kata, defect, tmp_path):
    # The reference's code with the own test file's bug: every spec test passes,
    # and the own test fails against the specification.
    folder = variants.build(kata, [defect], tmp_path)
    checked = make_check(kata.name, folder)
    assert checked.result["status"] == "fail", checked.result["message"]
    own = checked.statuses("own_tests")
    assert all(own[name] == "fail" for name in defect.caught_by), (
        f"{defect.id}: the wrong own test is not flagged against the reference: {own}"
    )
    assert set(checked.statuses().values()) == {"pass"}, "spec tests should all pass"


def _planted_code_bugs(kata: catalog.Kata) -> tuple[catalog.Defect, ...]:
    return tuple(bug for bug in kata.planted if not bug.in_own_tests)


@pytest.mark.parametrize("kata", [k for k in KATAS if _planted_code_bugs(k)], ids=by_name)
def test_each_planted_bug_fails_first_the_test_it_names(kata, tmp_path):
    """The report's first failure is where a learner starts. For each planted bug,
    kata.toml names the spec test it makes fail first (`first_failure`), a test whose
    title names what the bug breaks: on the bug alone, every spec test the report
    lists before it passes, and that one does not. So a reordering of the tests, or
    an earlier test that comes to lean on the broken behaviour, cannot send the
    learner to start from a test about something else."""
    order = kata.spec_tests
    bugs = _planted_code_bugs(kata)
    unknown = {bug.id: bug.first_failure for bug in bugs if bug.first_failure not in order}
    assert not unknown, f"{kata.name}: first_failure names no spec test: {unknown}"
    upto = {bug.id: tuple(order[: order.index(bug.first_failure) + 1]) for bug in bugs}
    graded = grading.grade_variants(
        kata.name,
        tuple(
            Variant(bug.id, variants.build(kata, [bug], tmp_path / bug.id), upto[bug.id])
            for bug in bugs
        ),
        PASSING_LIMIT,
        check_limit=600,
        shrink=False,
    )
    wrong = []
    for bug in bugs:
        failing = [test for test in upto[bug.id] if graded[bug.id][test].status is not Status.PASS]
        if failing[:1] != [bug.first_failure]:
            first = failing[0] if failing else "a test after it"
            wrong.append(f"  {bug.id} first fails {first}, not {bug.first_failure}")
    assert not wrong, "\n".join(
        [f"{kata.name}: planted bugs whose first failure is not the test kata.toml names:", *wrong]
    )
