"""Spec tests for weighted_ring: adding and removing nodes.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.weighted_ring.oracle import KEYS, Oracle, misroutes, new_ring, refused


def test_remove_says_whether_the_node_was_there():
    """remove_node returns True for a node on the ring, then False"""
    ring = new_ring(5, {"a": 1, "b": 2})
    got = [ring.remove_node("a"), ring.remove_node("a"), ring.remove_node("ghost")]
    assert got == [True, False, False], (
        "nodes a, b: remove_node('a'), remove_node('a') again and remove_node('ghost') "
        f"should give True, False, False; got {got!r}"
    )


def test_remove_takes_exactly_that_nodes_tokens():
    """removing n1 leaves n10, n11 and every other node's tokens in place"""
    nodes = dict.fromkeys(["n1", "n10", "n11", "n2"], 1)
    ring = new_ring(20, nodes)
    ring.remove_node("n1")
    left = {node: 1 for node in nodes if node != "n1"}
    problem = misroutes(ring, Oracle(20, left), KEYS)
    assert not problem, f"nodes n1, n10, n11, n2 with 20 tokens each, n1 removed: {problem}"


def test_every_token_belongs_to_a_live_node():
    """after a mix of adds and removes, keys route as if the live nodes were added afresh"""
    ring = new_ring(8, {"a": 1, "b": 2, "c": 1, "d": 3})
    ring.remove_node("b")
    ring.add_node("e", 2)
    ring.remove_node("a")
    live = {"c": 1, "d": 3, "e": 2}
    problem = misroutes(ring, Oracle(8, live), KEYS)
    assert not problem, (
        f"add a, b, c, d; remove b; add e; remove a (V=8, weights c1 d3 e2): {problem}"
    )


def test_adding_moves_keys_only_to_the_new_node_and_removing_restores_them():
    """a new node takes keys only for itself; removing it restores every key"""
    nodes = {"a": 1, "b": 2, "c": 1}
    ring = new_ring(16, nodes)
    before = {key: ring.get_node(key) for key in KEYS}
    ring.add_node("d", 2)
    moved = [
        f"{key}: {before[key]!r} -> {got!r}"
        for key in KEYS
        if (got := ring.get_node(key)) not in (before[key], "d")
    ]
    assert not moved, (
        f"V=16, nodes a1 b2 c1, then d (weight 2) added: keys may only move to d, but "
        f"{len(moved)} moved elsewhere, e.g. {'; '.join(moved[:3])}"
    )
    ring.remove_node("d")
    changed = [key for key in KEYS if ring.get_node(key) != before[key]]
    assert not changed, (
        f"same ring after removing d again: every key should route as before; "
        f"{len(changed)} of {len(KEYS)} do not, e.g. {changed[:3]}"
    )


def test_adding_a_node_twice_is_refused():
    """adding a node already on the ring raises ValueError and changes nothing"""
    ring = new_ring(6, {"a": 1, "b": 1})
    refused("nodes a, b on the ring: add_node('a', 3)", lambda: ring.add_node("a", 3))
    problem = misroutes(ring, Oracle(6, {"a": 1, "b": 1}), KEYS[:300])
    assert not problem, f"nodes a, b with 6 tokens, after a refused add_node('a', 3): {problem}"
