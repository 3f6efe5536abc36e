"""Spec tests for weighted_ring: get_nodes, the replica walk.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

import pytest

from tests.weighted_ring.model import (
    KEYS,
    answer,
    before_the_end,
    misroutes,
    model,
    new_ring,
    refused,
)

NODES = {"a": 1, "b": 2, "c": 1, "d": 1, "e": 3}


def test_replicas_are_distinct_nodes_in_clockwise_order():
    """get_nodes walks clockwise and skips nodes it already has"""
    ring = new_ring(10, NODES)
    problem = misroutes(ring, model(10, NODES), KEYS[:150], count=3)
    assert not problem, (
        f"nodes a, b, c, d, e of weights 1, 2, 1, 1, 3 (V=10), 3 replicas: {problem}"
    )


def test_replicas_stop_when_every_node_is_taken():
    """asking for more replicas than nodes gives each node once, however many are asked for"""
    nodes = {"a": 1, "b": 1, "c": 2}
    ring = new_ring(10, nodes)
    for count, keys in ((7, KEYS[:200]), (10**12, KEYS[:50])):
        problem = misroutes(ring, model(10, nodes), keys, count=count)
        assert not problem, (
            f"nodes a, b, c of weights 1, 1, 2 (V=10), {count} replicas asked for: {problem}"
        )


def test_first_replica_is_the_node_of_the_key():
    """get_nodes(key, n)[0] is get_node(key)"""
    ring = new_ring(10, NODES)
    keys = before_the_end(KEYS[:400], model(10, NODES))
    wrong = [key for key in keys if ring.get_nodes(key, 2)[:1] != [ring.get_node(key)]]
    assert not wrong, (
        "nodes a, b, c, d, e of weights 1, 2, 1, 1, 3 (V=10): get_nodes(key, 2)[0] should "
        "equal get_node(key); "
        f"{len(wrong)} keys differ, e.g. {wrong[:3]}"
    )


def test_count_zero_gives_no_replica():
    """get_nodes with count 0 gives []"""
    ring = new_ring(10, NODES)
    got = ring.get_nodes("order-1", 0)
    assert got == [], (
        "nodes a, b, c, d, e of weights 1, 2, 1, 1, 3: get_nodes('order-1', 0) should give "
        f"[]; got {got!r}"
    )


def test_negative_count_is_refused():
    """a negative count raises ValueError, on an empty ring too"""
    for nodes in (NODES, {}):
        ring = new_ring(10, nodes)
        on = "nodes a, b, c, d, e of weights 1, 2, 1, 1, 3" if nodes else "an empty ring"
        refused(
            f"on {on}, get_nodes('order-1', -1)", lambda ring=ring: ring.get_nodes("order-1", -1)
        )


def test_each_call_returns_a_new_list():
    """the caller may keep or change the list get_nodes returns: later calls are not affected"""
    changed, untouched = new_ring(10, NODES), new_ring(10, NODES)
    keys = before_the_end(KEYS[:100], model(10, NODES))
    for key in keys:
        changed.get_nodes(key, 3).append("zz")
        changed.get_nodes(key, 2).clear()
    differ = [key for key in keys if changed.get_nodes(key, 3) != untouched.get_nodes(key, 3)]
    assert not differ, (
        "two rings of nodes a, b, c, d, e of weights 1, 2, 1, 1, 3 (V=10); on one, 'zz' was "
        "appended to the list "
        "of each get_nodes(key, 3) and the list of each get_nodes(key, 2) cleared: both "
        f"should still answer get_nodes(key, 3) alike; they differ for {len(differ)} of "
        f"{len(keys)} keys, e.g. {differ[:3]}"
    )


@pytest.mark.slow
def test_the_replica_walk_goes_as_far_as_it_must():
    """the replica walk goes on past every token of the nodes it has, however many: 20,000
    tokens of one node before the other node's token

    With hash64=lambda text: 0 every token sits at 0, so the ring is in token-id order,
    a#0 .. a#19999 then b#0, and every key starts at a#0. Measured on a 2-core machine:
    0.06 s for the reference, most of it adding a.
    """
    ring = new_ring(1, {"a": 20_000, "b": 1}, lambda text: 0)
    for count in (2, 3):
        got = answer(lambda count=count: ring.get_nodes("k", count))
        assert got == repr(["a", "b"]), (
            "nodes a of weight 20,000 and b of weight 1 (V=1), hash64=lambda text: 0, so "
            f"that a's 20,000 tokens come before b#0: get_nodes('k', {count}) should give "
            f"['a', 'b']; got {got}"
        )
