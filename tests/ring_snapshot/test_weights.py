"""Spec tests for ring_snapshot: set_weight, and the arguments it must refuse.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Where a sentence says that a call changes nothing, the test compares two of
the learner's own rings, one with the call and one without, so that a bug in
the routing itself fails the routing tests, not this one.
"""

import contextlib

from tests.ring_snapshot.model import (
    KEYS,
    new_ring,
    refused,
    routes,
    weights_of,
    weights_text,
)


def state(ring, keys: list[str]) -> tuple:
    """What a ring shows: its snapshot's version, weights and routes, as the learner gave them."""
    view = ring.snapshot()
    return view.version, view.weights, routes(view, keys)


def differences(tried: tuple, untouched: tuple, keys: list[str]) -> str:
    """The parts of two states that differ, in words."""
    parts = []
    if tried[0] != untouched[0]:
        parts.append(f"version {tried[0]!r} against {untouched[0]!r}")
    if tried[1] != untouched[1]:
        parts.append(f"weights {tried[1]!r} against {untouched[1]!r}")
    differ = [key for key, x, y in zip(keys, tried[2], untouched[2], strict=True) if x != y]
    if differ:
        parts.append(f"get_node differs for {len(differ)} of {len(keys)} keys, e.g. {differ[:3]}")
    return "; ".join(parts)


def like_a_twin(ring, twin, keys: list[str]) -> str:
    """'' if two rings show the same weights and answers (versions aside), else how not."""
    mine, theirs = ring.snapshot(), twin.snapshot()
    parts = []
    weights = weights_of(mine), weights_of(theirs)
    if weights[0] != weights[1]:
        parts.append(f"weights {weights[0]} against {weights[1]}")
    for what, count in (("get_node(key)", None), ("get_nodes(key, 3)", 3)):
        pairs = zip(keys, routes(mine, keys, count), routes(theirs, keys, count), strict=True)
        differ = [f"{key!r}: {got} against {want}" for key, got, want in pairs if got != want]
        if differ:
            parts.append(f"{what} differs for {len(differ)} of {len(keys)} keys, e.g. {differ[0]}")
    return "; ".join(parts)


def test_raising_a_weight_gives_exactly_the_tokens_of_the_new_weight():
    """after raising a node's weight, the ring is the ring of the new weight: as if the node
    had had it from the start"""
    for first, then in ((1, 3), (2, 5)):
        ring, twin = new_ring(8, {"a": first, "b": 2}), new_ring(8, {"b": 2, "a": then})
        ring.set_weight("a", then)
        problem = like_a_twin(ring, twin, KEYS[:400])
        assert not problem, (
            f"V=8, set_weight('a', {first}), set_weight('b', 2), then set_weight('a', {then}): "
            f"the ring should show what a ring of set_weight('b', 2), set_weight('a', {then}) "
            f"shows; it shows {problem}"
        )


def test_lowering_a_weight_gives_exactly_the_tokens_of_the_new_weight():
    """after lowering a node's weight, the ring is the ring of the new weight: the tokens past
    the new count are gone"""
    for first, then in ((3, 1), (5, 2)):
        ring, twin = new_ring(8, {"a": first, "b": 2}), new_ring(8, {"b": 2, "a": then})
        ring.set_weight("a", then)
        problem = like_a_twin(ring, twin, KEYS[:400])
        assert not problem, (
            f"V=8, set_weight('a', {first}), set_weight('b', 2), then set_weight('a', {then}): "
            f"the ring should show what a ring of set_weight('b', 2), set_weight('a', {then}) "
            f"shows; it shows {problem}"
        )


def test_weight_zero_removes_the_node_and_it_can_come_back():
    """set_weight(node, 0) takes every token of the node off the ring, and no other; the node
    may come back"""
    others = {"b": 2, "a#b": 1, "a ": 1}
    ring, twin = new_ring(8, {"a": 3, **others}), new_ring(8, others)
    ring.set_weight("a", 0)
    problem = like_a_twin(ring, twin, KEYS[:400])
    assert not problem, (
        "V=8, nodes 'a' (weight 3), 'b' (weight 2), 'a#b' and 'a ' (weight 1), then "
        "set_weight('a', 0): the ring should show what a ring that never had 'a' shows; it "
        f"shows {problem}"
    )
    ring.set_weight("a", 1)
    twin.set_weight("a", 1)
    problem = like_a_twin(ring, twin, KEYS[:400])
    assert not problem, (
        "same ring, then set_weight('a', 1) on it and on the ring that never had 'a': both "
        f"should show the same; that ring shows {problem}"
    )


def test_weight_zero_for_an_unknown_node_changes_nothing():
    """set_weight(node, 0) for a node not on the ring changes nothing, version included"""
    keys = KEYS[:300]
    for weights in ({"a": 2, "b": 1}, {}):
        tried, untouched = new_ring(6, weights), new_ring(6, weights)
        scenario = f"two rings of {weights_text(weights)} (V=6)"
        try:
            tried.set_weight("ghost", 0)
            tried.set_weight("a#", 0)
        except Exception as error:
            raise AssertionError(
                f"{scenario}; on one, set_weight('ghost', 0) and set_weight('a#', 0) should do "
                f"nothing; one raised {type(error).__name__}: {error}"
            ) from None
        problem = differences(state(tried, keys), state(untouched, keys), keys)
        assert not problem, (
            f"{scenario}; on one, set_weight('ghost', 0) and set_weight('a#', 0), for nodes "
            f"not on it: both should show the same snapshot; they differ: {problem}"
        )


def test_virtuals_per_weight_must_be_a_positive_int():
    """SnapshotRing refuses a virtuals_per_weight of 0 or below"""
    for bad in (0, -3):
        refused(f"SnapshotRing({bad!r})", lambda bad=bad: new_ring(bad))


def test_a_negative_weight_is_refused():
    """set_weight refuses a negative weight, for a node on the ring or not"""
    for bad in (-1, -5):
        for weights in ({}, {"a": 2}):
            ring = new_ring(4, weights)
            on = "a new ring" if not weights else "a ring holding 'a' of weight 2"
            refused(
                f"on {on}, set_weight('a', {bad!r})",
                lambda ring=ring, bad=bad: ring.set_weight("a", bad),
            )


def test_a_refused_weight_changes_nothing():
    """after refused set_weight calls, the ring shows what it showed before, version included"""
    weights = {"a": 2, "b": 1}
    tried, untouched = new_ring(6, weights), new_ring(6, weights)
    calls = [("a", -1), ("c", -2), ("b", -3)]
    for node, weight in calls:
        with contextlib.suppress(ValueError):
            tried.set_weight(node, weight)
    keys = KEYS[:300]
    scenario = (
        "two rings of 'a' (weight 2) and 'b' (weight 1), V=6; on one, set_weight was refused "
        f"for {', '.join(f'({node!r}, {weight!r})' for node, weight in calls)}"
    )
    problem = differences(state(tried, keys), state(untouched, keys), keys)
    assert not problem, f"{scenario}: both should show the same snapshot; they differ: {problem}"
    for ring in (tried, untouched):
        ring.set_weight("c", 1)
        ring.set_weight("a", 3)
    problem = differences(state(tried, keys), state(untouched, keys), keys)
    assert not problem, (
        f"{scenario}; then, on both, set_weight('c', 1) and set_weight('a', 3): both should "
        f"show the same snapshot; they differ: {problem}"
    )
