"""Spec tests for weighted_ring: adding and removing nodes.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

import pytest

from tests.harness.toolkit.differential import same
from tests.weighted_ring.model import KEYS, before_the_end, misroutes, model, new_ring


def test_remove_says_whether_the_node_was_there():
    """remove_node returns True for a node on the ring, then False: those two values exactly"""
    ring = new_ring(5, {"a": 1, "b": 2})
    got = [ring.remove_node("a"), ring.remove_node("a"), ring.remove_node("ghost")]
    assert same(got, [True, False, False]), (
        "nodes a (weight 1) and b (weight 2): remove_node('a'), remove_node('a') again and "
        f"remove_node('ghost') should give True, False, False; got {got!r}"
    )


@pytest.mark.slow
def test_remove_takes_exactly_that_nodes_tokens():
    """removing a node leaves the nodes whose ids merely start the same way (n10 after n1,
    a#b after a)"""
    nodes = dict.fromkeys(["n1", "n10", "n11", "n2", "a", "a#b", "a#1", "a#"], 1)
    ring = new_ring(20, nodes)
    # Ids equal to those added, but other str objects: ids compare by value.
    ring.remove_node("".join(["n", "1"]))
    ring.remove_node("a")
    left = {node: 1 for node in nodes if node not in ("n1", "a")}
    problem = misroutes(ring, model(20, left), KEYS)
    assert not problem, (
        f"nodes {', '.join(map(repr, nodes))} with 20 tokens each, then remove_node('n1') and "
        f"remove_node('a'): {problem}"
    )


@pytest.mark.slow
def test_node_ids_of_every_shape():
    """any string is a node id: empty, '#', case and whitespace variants, non-ASCII text in
    any Unicode form, ids that differ past their 40th character"""
    nodes = dict.fromkeys(["", "#", "a", "A", " a", "a ", "é", "e\u0301", "中", "x" * 50], 1)
    nodes.update(dict.fromkeys(["x" * 40 + "1", "x" * 40 + "2"], 1))
    problem = misroutes(new_ring(6, nodes), model(6, nodes), KEYS)
    assert not problem, f"nodes {', '.join(map(repr, nodes))}, weight 1, V=6: {problem}"


@pytest.mark.slow
def test_every_token_belongs_to_a_live_node():
    """after a mix of adds and removes, keys route as if the live nodes were added afresh"""
    ring = new_ring(8, {"a": 1, "b": 2, "c": 1, "d": 3})
    ring.remove_node("b")
    ring.add_node("e", 2)
    ring.remove_node("a")
    problem = misroutes(ring, model(8, {"c": 1, "d": 3, "e": 2}), KEYS)
    assert not problem, (
        f"add a, b, c, d; remove b; add e; remove a (V=8, c, d, e of weights 1, 3, 2): {problem}"
    )


@pytest.mark.slow
def test_a_removed_node_can_be_added_again():
    """a node removed and added again is back, with its new weight, heavier or lighter"""
    for before, after in ((1, 3), (3, 1)):
        ring = new_ring(8, {"a": before, "b": 1})
        ring.remove_node("a")
        ring.add_node("a", after)
        problem = misroutes(ring, model(8, {"b": 1, "a": after}), KEYS)
        assert not problem, (
            f"node a of weight {before} and b of weight 1 (V=8), then remove_node('a') and "
            f"add_node('a', {after}): {problem}"
        )


def test_adding_moves_keys_only_to_the_new_node_and_removing_restores_them():
    """a new node takes keys only for itself; removing it restores every key"""
    nodes = {"a": 1, "b": 2, "c": 1}
    ring = new_ring(16, nodes)
    keys = before_the_end(KEYS, model(16, nodes))
    before = {key: ring.get_node(key) for key in keys}
    ring.add_node("d", 2)
    moved = [
        f"{key}: {before[key]!r} -> {got!r}"
        for key in keys
        if (got := ring.get_node(key)) not in (before[key], "d")
    ]
    assert not moved, (
        "V=16, nodes a, b, c of weights 1, 2, 1, then d (weight 2) added: keys may only move "
        "to d, but "
        f"{len(moved)} moved elsewhere, e.g. {'; '.join(moved[:3])}"
    )
    ring.remove_node("d")
    changed = [key for key in keys if ring.get_node(key) != before[key]]
    assert not changed, (
        f"same ring after removing d again: every key should route as before; "
        f"{len(changed)} of {len(keys)} do not, e.g. {changed[:3]}"
    )


@pytest.mark.slow
def test_lookups_see_every_change():
    """a lookup after a node joins or leaves sees the change, whatever was looked up before"""
    ring, expected = new_ring(10, {"a": 1, "b": 1}), model(10, {"a": 1, "b": 1})
    # The last change swaps one node for another: as many tokens as before.
    changes = [[("add", "c")], [("remove", "a")], [("add", "a")], [("remove", "c")]]
    changes.append([("remove", "a"), ("add", "d")])
    for change in changes:
        for key in before_the_end(KEYS[:300], expected):
            ring.get_node(key)
        for side in (ring, expected):
            for what, node in change:
                side.add_node(node) if what == "add" else side.remove_node(node)
        done = " and ".join(f"{what}_node({node!r})" for what, node in change)
        problem = misroutes(ring, expected, KEYS[:300])
        assert not problem, (
            f"nodes a and b (weight 1, V=10), keys looked up, then {done} "
            f"(now {', '.join(expected.weights)}): {problem}"
        )


def test_rings_are_independent():
    """several rings at once: each answers with its own nodes only, and changing one
    changes no other"""
    nodes = {"a": 1, "b": 2}
    ring = new_ring(10, nodes)
    others = {
        "a second ring of the same nodes": (new_ring(10, nodes), set(nodes)),
        "a ring of c alone with V=20": (new_ring(20, {"c": 1}), {"c"}),
    }
    keys = before_the_end(KEYS[:500], model(10, nodes))
    # Neither check below needs the routing to be right: only independence counts.
    before = {
        name: [(other.get_node(key), other.get_nodes(key, 2)) for key in keys]
        for name, (other, _) in others.items()
    }
    for name, (_, own) in others.items():
        answers = {node for single, replicas in before[name] for node in [single, *replicas]}
        strangers = sorted(answers - own, key=repr)
        assert not strangers, (
            f"{name}, made beside other rings, should answer with its own nodes only; it "
            f"also gave {strangers[:3]}"
        )
    ring.add_node("c", 2)
    ring.remove_node("a")
    for name, (other, _) in others.items():
        changed = [
            key
            for key, was in zip(keys, before[name], strict=True)
            if (other.get_node(key), other.get_nodes(key, 2)) != was
        ]
        assert not changed, (
            f"after 'c' joined and 'a' left one ring of nodes a, b of weights 1, 2 (V=10), "
            f"{name} should answer get_node and get_nodes(key, 2) as before; "
            f"{len(changed)} of {len(keys)} keys changed, e.g. {changed[:3]}"
        )


def test_a_new_ring_never_answers_for_an_old_one():
    """a ring made after others were dropped starts empty and answers with its own hash64
    only"""
    for n in range(20):
        # Each ring gets a hash64 of its own, made for it: odd rings put b first.
        spots = {"a#0": 100, "b#0": 200} if n % 2 else {"a#0": 200, "b#0": 100}
        ring = new_ring(1, {}, lambda text, spots=spots: spots.get(text, 150))
        got = ring.get_node("order-1")
        assert got is None, (
            f"a ring made after {n} other(s), each dropped once used: a new, empty ring "
            f"should give None; got {got!r}"
        )
        ring.add_node("a")
        ring.add_node("b")
        expected = "b" if n % 2 else "a"
        got = (ring.get_node("order-1"), ring.get_nodes("order-1", 1))
        assert got == (expected, [expected]), (
            f"a ring made after {n} other(s), each dropped once used, with a hash64 of its "
            f"own (a#0 at {spots['a#0']}, b#0 at {spots['b#0']}, keys at 150) and nodes a "
            f"and b: get_node('order-1') and get_nodes('order-1', 1) should give "
            f"{expected!r} and [{expected!r}]; got {got[0]!r} and {got[1]!r}"
        )
        del ring  # dropped before the next is made, as a short-lived ring would be
