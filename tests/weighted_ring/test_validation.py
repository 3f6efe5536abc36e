"""Spec tests for weighted_ring: arguments that must be refused.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.weighted_ring.oracle import new_ring, refused


def test_virtuals_per_weight_must_be_a_positive_int():
    """ConsistentHashRing refuses a virtuals_per_weight that is not a positive int"""
    for bad in (0, -3, 2.5, "4"):
        refused(f"ConsistentHashRing({bad!r})", lambda bad=bad: new_ring(bad))


def test_weight_must_be_a_positive_int():
    """add_node refuses a weight that is not a positive int, and adds nothing"""
    for bad in (0, -1, 1.5):
        ring = new_ring(4)
        refused(f"add_node('a', {bad!r})", lambda ring=ring, bad=bad: ring.add_node("a", bad))
        got = ring.get_node("order-1")
        assert got is None, (
            f"after add_node('a', {bad!r}) was refused the ring should be empty; got {got!r}"
        )
