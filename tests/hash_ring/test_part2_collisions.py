"""Spec tests for hash_ring: points that share a position.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The collisions are real ones of position(), listed in tests/hash_ring/model.py:
each is chosen so that any tie order other than plain str order of the
worker ids (numbers in the ids, labels, point indexes, case-blind, by length,
whichever came first, only the first two) sends some key to the wrong worker.
"""

from itertools import pairwise, permutations

from tests.hash_ring.model import COLLISIONS, SELF_COLLISION, label, points, position
from tests.hash_ring.routing import new_ring

# A key far past every point of the rings here: it wraps to the lowest point.
WRAPPING = "order-104"


def shared(collision: tuple) -> int:
    spots = {position(label(worker, i)) for worker, i in collision}
    assert len(spots) == 1, f"test setup: the points {collision} no longer collide"
    return spots.pop()


def describe(collision: tuple) -> str:
    return " and ".join(label(worker, i) for worker, i in collision)


def test_a_key_on_a_shared_position_goes_to_the_smallest_id():
    """a key reaching a position that points share goes to the smallest worker id in plain
    str order, whichever was added first, even when the key wraps around to it"""
    for collision in COLLISIONS:
        spot, smallest = shared(collision), collision[0][0]
        workers = [worker for worker, _ in collision]
        count = max(i for _, i in collision) + 1
        keys = [label(*collision[-1])]
        on_ring = points(workers, count)
        if on_ring[0][0] == spot and position(WRAPPING) > on_ring[-1][0]:
            keys.append(WRAPPING)  # past the highest point, it wraps onto the tie
        for order in permutations(workers):
            ring = new_ring(count, list(order))
            for key in keys:
                got = ring.worker_for(key)
                assert got == smallest, (
                    f"points {describe(collision)} share position {spot:,}; with the workers "
                    f"added in the order {', '.join(order)} ({count} point(s) each), "
                    f"worker_for({key!r}) should give {smallest!r}, the smallest id in str "
                    f"order; got {got!r}"
                )


def test_the_other_points_stay_when_the_smaller_ids_are_removed():
    """as the smaller ids are removed one by one, a key on the shared position goes to the
    next worker whose point is still there"""
    for collision in COLLISIONS:
        workers, key = [worker for worker, _ in collision], label(*collision[0])
        for order in (workers, workers[::-1]):
            ring = new_ring(max(i for _, i in collision) + 1, order)
            for gone, left in pairwise(workers):
                ring.remove_worker(gone)
                got = ring.worker_for(key)
                assert got == left, (
                    f"points {describe(collision)} share a position; added in the order "
                    f"{', '.join(order)}, then {', '.join(workers[: workers.index(gone) + 1])} "
                    f"removed: worker_for({key!r}) should give {left!r}, whose point is still "
                    f"there; got {got!r}"
                )


def test_a_worker_loses_both_of_its_points_at_one_position():
    """removing a worker takes both of its points that share a position"""
    worker, first, second = SELF_COLLISION
    shared(((worker, first), (worker, second)))
    ring = new_ring(200, [worker, "oak"])
    ring.remove_worker(worker)
    for i in (first, second):
        got = ring.worker_for(label(worker, i))
        assert got == "oak", (
            f"{worker} (200 points, of which {label(worker, first)} and "
            f"{label(worker, second)} share a position) and oak, then {worker} removed: "
            f"worker_for({label(worker, i)!r}) should give 'oak', the only worker left; "
            f"got {got!r}"
        )


def test_removing_an_absent_worker_spares_a_point_at_its_position():
    """removing a worker that is not on the ring does nothing, even when one of its points
    would share a position with a point that is"""
    for collision in COLLISIONS:
        (present, i), (absent, _) = collision[0], collision[-1]
        count = max(index for _, index in collision) + 1
        for gone in (absent, present + "-gone"):
            ring = new_ring(count, [present, "oak"])
            ring.remove_worker(absent)
            ring.remove_worker(gone)
            got = ring.worker_for(label(present, i))
            assert got == present, (
                f"{present} and oak ({count} point(s) each); {absent}, never added, would "
                f"have a point at the position of {label(present, i)}: after "
                f"remove_worker({absent!r}), worker_for({label(present, i)!r}) should still "
                f"give {present!r}; got {got!r}"
            )
