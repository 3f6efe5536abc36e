"""Spec tests for ring_snapshot: RingView.get_nodes, the replica walk.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

import contextlib

import pytest

from tests.ring_snapshot.model import (
    KEYS,
    answer,
    before_the_end,
    misroutes,
    model,
    new_ring,
    refused,
)

WEIGHTS = {"a": 1, "b": 2, "c": 1, "d": 1, "e": 3}
SCENARIO = "nodes a, b, c, d, e of weights 1, 2, 1, 1, 3 (V=10)"


@pytest.mark.slow
def test_replicas_are_distinct_nodes_in_clockwise_order():
    """get_nodes walks clockwise from the key's token and skips nodes it already has"""
    view = new_ring(10, WEIGHTS).snapshot()
    problem = misroutes(view, model(10, WEIGHTS), KEYS[:400], count=3)
    assert not problem, f"{SCENARIO}, 3 replicas: {problem}"


def test_replicas_stop_when_every_node_is_taken():
    """asking for more replicas than nodes gives each node once, however many are asked for"""
    weights = {"a": 1, "b": 1, "c": 2}
    view = new_ring(10, weights).snapshot()
    for count, keys in ((7, KEYS[:200]), (10**12, KEYS[:50])):
        problem = misroutes(view, model(10, weights), keys, count=count)
        assert not problem, (
            f"nodes a, b, c of weights 1, 1, 2 (V=10), {count} replicas asked for: {problem}"
        )


def test_count_zero_gives_no_replica():
    """get_nodes with count 0 gives []"""
    got = new_ring(10, WEIGHTS).snapshot().get_nodes("order-1", 0)
    assert got == [], f"{SCENARIO}: get_nodes('order-1', 0) should give []; got {got!r}"


def test_negative_count_is_refused():
    """a negative count raises ValueError, on an empty ring too"""
    for weights in (WEIGHTS, {}):
        view = new_ring(10, weights).snapshot()
        on = SCENARIO if weights else "an empty ring"
        refused(
            f"on a snapshot of {on}, get_nodes('order-1', -1)",
            lambda view=view: view.get_nodes("order-1", -1),
        )


def test_each_call_returns_a_new_list():
    """the caller may keep or change the list get_nodes returns: later calls are not affected"""
    changed, untouched = new_ring(10, WEIGHTS).snapshot(), new_ring(10, WEIGHTS).snapshot()
    keys = before_the_end(KEYS[:100], model(10, WEIGHTS))
    for key in keys:
        with contextlib.suppress(Exception):
            changed.get_nodes(key, 3).append("zz")
        with contextlib.suppress(Exception):
            changed.get_nodes(key, 2).clear()
    # Compared as the learner's code gave them, errors included: only independence counts.
    differ = [
        key
        for key in keys
        if answer(lambda key=key: changed.get_nodes(key, 3))
        != answer(lambda key=key: untouched.get_nodes(key, 3))
    ]
    assert not differ, (
        f"snapshots of two rings of {SCENARIO}; on one, 'zz' was appended to the list of "
        "each get_nodes(key, 3) and the list of each get_nodes(key, 2) cleared: both should "
        f"still answer get_nodes(key, 3) alike; they differ for {len(differ)} of {len(keys)} "
        f"keys, e.g. {differ[:3]}"
    )


@pytest.mark.slow
def test_the_replica_walk_goes_as_far_as_it_must():
    """the replica walk goes on past every token of the nodes it has, however many: 20,000
    tokens of one node before the other node's token

    With hash64=lambda text: 0 every token sits at 0, so the ring is in token-id order,
    a#0 .. a#19999 then b#0, and every key starts at a#0. Measured on a 2-core machine:
    0.06 s for the reference, most of it setting a's weight.
    """
    view = new_ring(1, {"a": 20_000, "b": 1}, lambda text: 0).snapshot()
    for count in (2, 3):
        got = answer(lambda count=count: view.get_nodes("k", count))
        assert got == repr(["a", "b"]), (
            "nodes a of weight 20,000 and b of weight 1 (V=1), hash64=lambda text: 0, so "
            f"that a's 20,000 tokens come before b#0: snapshot().get_nodes('k', {count}) "
            f"should give ['a', 'b']; got {got}"
        )
