"""Tests written by the team that owns the rider pool."""

import random

from rider_pool import RiderPool


def test_added_rider_is_in_the_pool():
    pool = RiderPool(random.Random(1))
    assert pool.add("ann") is True
    assert ["ann" in pool, len(pool)] == [True, 1]


def test_adding_twice_is_refused():
    pool = RiderPool(random.Random(1))
    pool.add("ann")
    assert pool.add("ann") is False
    assert len(pool) == 1


def test_removed_rider_is_gone():
    pool = RiderPool(random.Random(1))
    for rider in ("ann", "bob", "cid"):
        pool.add(rider)
    assert pool.remove("cid") is True
    assert ["cid" in pool, len(pool)] == [False, 2]
    assert pool.remove("cid") is False


def test_empty_pool_picks_nobody():
    pool = RiderPool(random.Random(1))
    assert pool.pick() is None


def test_pick_with_a_seeded_rng():
    pool = RiderPool(random.Random(42))
    for rider in ("ann", "bob", "cid"):
        pool.add(rider)
    picks = [pool.pick() for _ in range(300)]
    # Uniform picks: every rider comes up, and nobody else.
    assert set(picks) == {"ann", "bob", "cid"}
