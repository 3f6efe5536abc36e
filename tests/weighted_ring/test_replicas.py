"""Spec tests for weighted_ring: get_nodes, the replica walk.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.weighted_ring.oracle import KEYS, Oracle, misroutes, new_ring, refused

NODES = {"a": 1, "b": 2, "c": 1, "d": 1, "e": 3}


def test_replicas_are_distinct_nodes_in_clockwise_order():
    """get_nodes walks clockwise and skips nodes it already has"""
    ring = new_ring(10, NODES)
    problem = misroutes(ring, Oracle(10, NODES), KEYS[:400], count=3)
    assert not problem, f"nodes a1 b2 c1 d1 e3 (V=10), 3 replicas: {problem}"


def test_replicas_stop_when_every_node_is_taken():
    """asking for more replicas than nodes gives each node once"""
    nodes = {"a": 1, "b": 1, "c": 2}
    ring = new_ring(10, nodes)
    problem = misroutes(ring, Oracle(10, nodes), KEYS[:200], count=7)
    assert not problem, f"3 nodes a1 b1 c2 (V=10), 7 replicas asked for: {problem}"


def test_first_replica_is_the_node_of_the_key():
    """get_nodes(key, n)[0] is get_node(key)"""
    ring = new_ring(10, NODES)
    wrong = [key for key in KEYS[:400] if ring.get_nodes(key, 2)[:1] != [ring.get_node(key)]]
    assert not wrong, (
        f"nodes a1 b2 c1 d1 e3 (V=10): get_nodes(key, 2)[0] should equal get_node(key); "
        f"{len(wrong)} keys differ, e.g. {wrong[:3]}"
    )


def test_zero_and_negative_counts():
    """count 0 gives [], a negative count raises ValueError"""
    ring = new_ring(10, NODES)
    got = ring.get_nodes("order-1", 0)
    assert got == [], f"get_nodes('order-1', 0) should give []; got {got!r}"
    refused("get_nodes('order-1', -1)", lambda: ring.get_nodes("order-1", -1))
