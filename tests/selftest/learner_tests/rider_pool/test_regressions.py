import random

from rider_pool import RiderPool


def test_a_moved_rider_can_be_removed():
    pool = RiderPool(random.Random(1))
    for rider in "abcde":
        pool.add(rider)
    pool.remove("a")  # e moves into a's slot
    pool.add("f")
    pool.add("g")
    assert pool.remove("e") is True
    assert {pool.pick() for _ in range(300)} == {"b", "c", "d", "f", "g"}


def test_removing_the_last_rider_forgets_it():
    pool = RiderPool(random.Random(1))
    pool.add("a")
    pool.remove("a")
    assert ["a" in pool, len(pool), pool.add("a")] == [False, 0, True]


def test_the_last_slot_is_picked():
    pool = RiderPool(random.Random(1))
    pool.add("a")
    pool.add("b")
    assert {pool.pick() for _ in range(100)} == {"a", "b"}


def test_picks_stay_in_the_pool():
    pool = RiderPool(random.Random(1))
    for rider in "abc":
        pool.add(rider)
    for _ in range(10):
        pool.pick()
    assert len(pool) == 3


def test_empty_pool_picks_none():
    assert RiderPool(random.Random(1)).pick() is None
