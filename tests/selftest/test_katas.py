"""Each reference passes, each starter fails, and each defect is caught.

This is our `rustlings dev check`: it grades every kata's folders through the
real `make check`, so a kata whose spec tests stop catching a planted bug, or
whose reference stops passing them, cannot land.
"""

import pytest

from tests.harness import catalog, variants
from tests.harness.layout import kata_names
from tests.selftest.checking import graded_starter, make_check

KATAS = [catalog.load(name) for name in kata_names()]
DEFECTS = [(kata, defect) for kata in KATAS for defect in kata.defects]
# A defect that hangs costs this per test; the reference gets the default limit.
SHORT_LIMIT = 0.3


def by_name(value) -> str:
    return value.name if isinstance(value, catalog.Kata) else value.id


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_reference_solves_its_kata(kata):
    checked = make_check(kata.name, kata.solution_dir)
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


@pytest.mark.parametrize(("kata", "defect"), DEFECTS, ids=by_name)
def test_single_defect_is_caught(kata, defect, tmp_path):
    folder = variants.build(kata, [defect], tmp_path)
    # A defect of the code is graded on the tests it names alone: that is what
    # is claimed, and it costs a fraction of a full check.
    # A defect of the own test file leaves the reference's code, which never
    # hangs but has spec tests slower than the short limit under load: it
    # gets the default limit.
    only = () if defect.in_own_tests else defect.caught_by
    limit = {} if defect.in_own_tests else {"timeout": SHORT_LIMIT}
    checked = make_check(kata.name, folder, only=only, **limit)
    assert checked.result["status"] == "fail", checked.result["message"]
    if defect.in_own_tests:
        own = checked.statuses("own_tests")
        assert all(own[name] == "fail" for name in defect.caught_by), (
            f"{defect.id}: the wrong own test is not flagged against the reference: {own}"
        )
        assert set(checked.statuses().values()) == {"pass"}, "spec tests should all pass"
    else:
        statuses = checked.statuses()
        missed = [name for name in defect.caught_by if statuses[name] == "pass"]
        assert not missed, f"{defect.id} ({defect.summary}) is not caught by {missed}"
