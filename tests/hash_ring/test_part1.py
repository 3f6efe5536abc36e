"""Spec tests for hash_ring: the contract in katas/hash_ring/README.md.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The seed's eight tests. Expected answers come from the model in
tests/hash_ring/model.py, which computes positions itself, so the tests
trust neither the learner's ring nor the learner's copy of ringhash.py.
"""

from tests.harness.toolkit.differential import shown
from tests.hash_ring.model import COLLISIONS, points, position
from tests.hash_ring.routing import KEYS, describe, mismatches, new_ring, owners

SEED_WORKERS = ["oak", "elm", "ash"]
# The first real collision of the model's table: both points sit at
# 3,842,405,138. In str order "c140355" < "c1746", the reverse of numeric order.
COLLIDING = (COLLISIONS[0][1][0], COLLISIONS[0][0][0])


def test_seed_example_before_and_after_removal():
    """the README's example: oak, elm, ash with 2 points each, then ash removed"""
    ring = new_ring(2, SEED_WORKERS)
    for key, expected in [("order-100", "ash"), ("order-112", "oak"), ("order-104", "elm")]:
        got = ring.worker_for(key)
        assert got == expected, (
            f"worker_for({key!r}) on {describe(SEED_WORKERS, 2)}: expected {expected!r}, "
            f"got {got!r}"
        )
    ring.remove_worker("ash")
    got = ring.worker_for("order-100")
    assert got == "oak", (
        f"worker_for('order-100') on {describe(SEED_WORKERS, 2)} after remove_worker('ash'): "
        f"expected 'oak' (ash:0 is gone, oak:0 comes next), got {got!r}"
    )


def test_keys_past_the_highest_point_wrap_to_the_lowest():
    """a key beyond the highest point goes to the worker of the lowest point"""
    workers = ["oak", "elm", "ash", "fir"]
    ring = new_ring(3, workers)
    (_, lowest), (highest, top) = min(on_ring := points(workers, 3)), max(on_ring)
    assert lowest != top, "test setup: the lowest and highest points have the same worker"
    beyond = [key for key in KEYS if position(key) > highest]
    assert beyond, "test setup: no key lies beyond the highest point"
    problem = mismatches(ring, workers, 3, beyond, wrapping=True)
    assert not problem, f"keys past the highest point on {describe(workers, 3)}: {problem}"


def test_key_on_a_point_goes_to_that_point():
    """a key whose position equals a point's position goes to that point's worker"""
    ring = new_ring(2, SEED_WORKERS)
    for worker in SEED_WORKERS:
        for i in range(2):
            key = f"{worker}:{i}"  # the point's own text: the same position
            got = ring.worker_for(key)
            assert got == worker, (
                f"worker_for({key!r}) on {describe(SEED_WORKERS, 2)}: the key sits exactly on "
                f"point {key}, so expected {worker!r}, got {got!r}"
            )


def test_empty_ring_gives_none():
    """a ring with no points, new or emptied by removals, returns None"""
    ring = new_ring(3)
    for key in ["order-100", "", "x" * 100]:
        got = ring.worker_for(key)
        assert got is None, f"worker_for({key!r}) on a new, empty ring: expected None, got {got!r}"
    ring = new_ring(3, ["oak", "elm"])
    ring.remove_worker("oak")
    ring.remove_worker("elm")
    got = ring.worker_for("order-100")
    assert got is None, (
        "worker_for('order-100') after adding and then removing oak and elm: "
        f"expected None, got {got!r}"
    )


def test_removal_takes_every_point_of_the_worker():
    """remove_worker() takes every point of the worker off the ring, and only those"""
    workers = [f"w{n}" for n in range(5)]
    ring = new_ring(50, workers)
    ring.remove_worker("w2")
    left = [w for w in workers if w != "w2"]
    problem = mismatches(ring, left, 50, KEYS)
    assert not problem, f"{describe(workers, 50)}, after remove_worker('w2'): {problem}"


def test_removing_an_unknown_worker_changes_nothing():
    """remove_worker() of a worker not on the ring does nothing and raises nothing"""
    ring = new_ring(4)
    ring.remove_worker("ghost")
    ring.add_worker("oak")
    ring.add_worker("elm")
    ring.remove_worker("ghost")
    ring.remove_worker("elm")
    ring.remove_worker("elm")
    problem = mismatches(ring, ["oak"], 4, KEYS[:200])
    assert not problem, (
        f"ring of oak/elm with 4 points each, after removing 'ghost' (never added) and 'elm' "
        f"twice: {problem}"
    )


def test_colliding_points_are_ordered_by_worker_id():
    """points at the same position go to the smaller id in str order, then to the other"""
    smaller, larger = sorted(COLLIDING)
    key = f"{larger}:0"  # exactly at the shared position
    assert position(f"{smaller}:0") == position(key), "test setup: the points no longer collide"
    for order in (list(COLLIDING), list(reversed(COLLIDING))):
        ring = new_ring(1, [*order, "oak"])
        got = ring.worker_for(key)
        assert got == smaller, (
            f"points {smaller}:0 and {larger}:0 share position {position(key):,}; added in the "
            f"order {', '.join(order)}, oak: worker_for({key!r}) should give {smaller!r} "
            f"('{smaller}' < '{larger}' in str order), got {got!r}"
        )
        ring.remove_worker(smaller)
        got = ring.worker_for(key)
        assert got == larger, (
            f"same ring after remove_worker({smaller!r}): worker_for({key!r}) should give "
            f"{larger!r}, whose point is still there, got {got!r}"
        )


def test_adding_a_worker_moves_keys_only_to_it():
    """a new worker takes keys only for itself, and removing it restores every key"""
    workers = ["oak", "elm", "ash", "fir"]
    before = owners(workers, 20, KEYS)
    ring = new_ring(20, workers)
    ring.add_worker("yew")
    moved_elsewhere = [
        f"{shown(key)}: {before[key]!r} -> {got!r}"
        for key in KEYS
        if (got := ring.worker_for(key)) not in (before[key], "yew")
    ]
    assert not moved_elsewhere, (
        f"adding 'yew' to {describe(workers, 20)} moved keys to workers other than yew: "
        f"{len(moved_elsewhere)} of {len(KEYS)}, e.g. {'; '.join(moved_elsewhere[:3])}"
    )
    ring.remove_worker("yew")
    problem = mismatches(ring, workers, 20, KEYS)
    assert not problem, (
        f"{describe(workers, 20)}: after adding and removing 'yew' every key should route "
        f"as before: {problem}"
    )
