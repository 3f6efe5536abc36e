"""Spec tests for hash_ring: points that share a position.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The collisions are real ones of position(), listed in tests/hash_ring/model.py:
each pair is chosen so that any tie order other than plain str order of the
worker ids (numbers in the ids, labels, point indexes, case-blind, by length,
or whichever came first) sends some key to the wrong worker.
"""

from tests.hash_ring.model import COLLISIONS, label, position
from tests.hash_ring.routing import new_ring


def test_a_key_on_a_shared_position_goes_to_the_smaller_id():
    """a key on a position two points share goes to the smaller worker id in plain str
    order, whichever was added first"""
    for (smaller, i), (larger, j) in COLLISIONS:
        shared = position(label(smaller, i))
        assert shared == position(label(larger, j)), "test setup: the points no longer collide"
        key = label(larger, j)  # the point's own text: exactly at the shared position
        for order in ([smaller, larger], [larger, smaller]):
            ring = new_ring(max(i, j) + 1, order)
            got = ring.worker_for(key)
            assert got == smaller, (
                f"point {label(smaller, i)} and point {label(larger, j)} share position "
                f"{shared:,}; with the workers added in the order {', '.join(order)}, "
                f"worker_for({key!r}) should give {smaller!r} ({smaller!r} < {larger!r} in str "
                f"order); got {got!r}"
            )


def test_the_other_point_stays_when_the_smaller_id_is_removed():
    """once the smaller id is removed, a key on the shared position goes to the other worker"""
    for (smaller, i), (larger, j) in COLLISIONS:
        key = label(smaller, i)
        for order in ([smaller, larger], [larger, smaller]):
            ring = new_ring(max(i, j) + 1, order)
            ring.remove_worker(smaller)
            got = ring.worker_for(key)
            assert got == larger, (
                f"point {label(smaller, i)} and point {label(larger, j)} share a position; "
                f"added in the order {', '.join(order)}, then {smaller!r} removed: "
                f"worker_for({key!r}) should give {larger!r}, whose point is still there; "
                f"got {got!r}"
            )
