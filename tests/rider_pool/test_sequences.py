"""Spec tests for rider_pool: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several pools at once, each with a seeded rng, get generated calls: awkward
ids (the empty id, case and whitespace variants, é written two ways, ids that
are prefixes of each other), ids built at run time (equal to a rider's,
another object), riders added twice, removed when not there, removed and
added back (also once others came and went and the pool is its size again),
a rider removed after a pick gave it and others moved, families of look-alike
ids added together, whole pools drained, len and `in` asked for riders in and
out, single picks and runs of hundreds of picks. A pick must give a rider of
the model's pool (None when it is empty), and a run of picks each of its
riders. The long runs add pools of hundreds of riders, hundreds of removals
in a row (past 64, 100 and 256), thousands of picks on one pool, and a rider
removed and added back over a thousand times: state that drifts, wraps,
resets or is compacted late shows there. A failure is shrunk to the smallest
sequence of calls that still breaks the contract, shown as lines to paste
into python3. The machines are in tests/rider_pool/machines.py.
"""

from __future__ import annotations

import random

import pytest

from tests.harness.toolkit.differential import explore
from tests.harness.toolkit.spec import fresh, show
from tests.rider_pool.machines import LongRuns, Pools

# Generated sequences: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several pools at once, does
    what the contract says"""
    explore(Pools, sequences=100, steps=40, seed=1)


def test_long_runs_follow_the_contract():
    """pools of hundreds of riders, hundreds of removals in a row, thousands of picks on
    one pool, and a rider removed and added back over a thousand times: every call does
    what the contract says"""
    explore(LongRuns, sequences=8, steps=14, seed=2, min_steps=8)


# -- the longest runs: checked as they go, far past any counter kept in 16 bits --


def new_pool():
    return fresh("rider_pool").RiderPool(random.Random(7))


def test_hundreds_of_thousands_of_riders_are_each_counted_once():
    """200,000 riders added, then 120,000 of them removed: every add and every removal
    says True, len(pool) counts them, and each is in the pool or not as it should be

    Past 2**16 riders (a count kept in 16 bits wraps) and enough of them that ids
    told apart by 32 bits of their hash collide.
    """
    riders = [f"rider-{n}" for n in range(200_000)]
    target = new_pool()
    added = sum(target.add(rider) is True for rider in riders)
    counted = len(target)
    removed = sum(target.remove(rider) is True for rider in riders[::5] + riders[1::5])
    removed += sum(target.remove(rider) is True for rider in riders[2::5])
    left = len(target)
    wrong = [r for n, r in enumerate(riders) if (r in target) != (n % 5 > 2)][:3]
    got = (added, counted, removed, left)
    assert got == (200_000, 200_000, 120_000, 80_000) and not wrong, (
        "RiderPool with rider-0 to rider-199999 added, then those whose number ends in "
        "0, 1, 2 modulo 5 removed: 200,000 adds and 120,000 removals should each return "
        "True, and len(pool) be 200,000 after the adds and 80,000 after the removals; got "
        f"{added:,} adds, len {counted:,}, {removed:,} removals, len {left:,}"
        + (f"; and `in` is wrong for {show(wrong)}" if wrong else "")
    )


def test_a_rider_added_and_removed_70_000_times_is_one_rider():
    """a rider removed and added back 70,000 times, beside another, is one rider of two:
    each add and removal says True, and the pool answers for both"""
    target = new_pool()
    target.add("bob")
    said = 0
    for _ in range(70_000):
        said += target.add("ann") is True
        said += target.remove("ann") is True
    said += target.add("ann") is True
    picks = {target.pick() for _ in range(200)}
    got = (said, len(target), "ann" in target, "bob" in target, sorted(picks, key=repr))
    assert got == (140_001, 2, True, True, ["ann", "bob"]), (
        "RiderPool with bob, then ann added and removed 70,000 times, then added once more: "
        "every add and removal should return True (140,001), and the pool hold ann and bob "
        "(len 2, both in, 200 picks give both); got "
        f"{said:,} True, len {got[1]}, ann in: {got[2]}, bob in: {got[3]}, picks "
        f"{show(got[4])}"
    )


def test_a_picked_rider_removed_after_another_left_is_removed():
    """a rider picked, then another rider removed, then the picked rider removed: both
    leave, and the pool holds exactly the others

    A pool of r0 to r9 (seed 7); 3,000 rounds of: pick(), remove another rider (each
    of the others in turn), remove the rider picked, check len and `in` for every
    rider, add both back. A removal may move the picked rider to another slot, so
    where a pick found it is no longer where it is.
    """
    riders = [f"r{n}" for n in range(10)]
    target = new_pool()
    for rider in riders:
        target.add(rider)
    for n in range(3_000):
        picked = target.pick()
        other = [rider for rider in riders if rider != picked][n % 9]
        said = (target.remove(other), target.remove(picked))
        left = [rider for rider in riders if rider in target]
        expected = [rider for rider in riders if rider not in (picked, other)]
        got = (said, len(target), left)
        assert got == ((True, True), 8, expected), (
            f"RiderPool(random.Random(7)) with riders r0 to r9, round {n + 1} of: pick() "
            f"(it gave {picked!r}), remove({other!r}), remove({picked!r}), add both back: "
            f"the two removals should return True, True and leave len 8 and the riders "
            f"{show(expected)}; got {show(said)}, len {got[1]} and {show(left)}"
        )
        target.add(other)
        target.add(picked)
