"""Spec tests for ring_snapshot: which keys a change of weight moves.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The first two tests compare the learner's ring with itself, before and after
one change, so they hold whatever the routing is; the third asks which of the
node's tokens each key reached, which the model knows.
"""

import pytest

from tests.ring_snapshot.model import KEYS, before_the_end, model, new_ring

WEIGHTS = {"a": 1, "b": 2, "c": 1}
SCENARIO = "V=16, nodes a, b, c of weights 1, 2, 1"


def moves(ring, node: str, weight: int, keys: list[str]) -> list[tuple[str, object, object]]:
    """(key, node before, node after) for each key set_weight(node, weight) moved."""
    before = ring.snapshot()
    was = {key: before.get_node(key) for key in keys}
    ring.set_weight(node, weight)
    after = ring.snapshot()
    return [(key, was[key], now) for key in keys if (now := after.get_node(key)) != was[key]]


def shown(moved: list[tuple[str, object, object]]) -> str:
    return "; ".join(f"{key}: {was!r} -> {now!r}" for key, was, now in moved[:3])


def test_raising_a_weight_moves_keys_only_to_that_node():
    """raising a node's weight moves keys to that node, and no key anywhere else"""
    for weight in (3, 5):
        ring = new_ring(16, WEIGHTS)
        keys = before_the_end(KEYS, model(16, WEIGHTS))
        wrong = [move for move in moves(ring, "b", weight, keys) if move[2] != "b"]
        assert not wrong, (
            f"{SCENARIO}, then set_weight('b', {weight}): keys may only move to b, but "
            f"{len(wrong)} of {len(keys)} moved elsewhere, e.g. {shown(wrong)}"
        )


def test_lowering_a_weight_moves_keys_only_away_from_that_node():
    """lowering a node's weight, to 0 included, moves keys away from that node only"""
    for weight in (1, 0):
        heavier = {**WEIGHTS, "b": 4}
        ring = new_ring(16, heavier)
        keys = before_the_end(KEYS, model(16, heavier))
        wrong = [move for move in moves(ring, "b", weight, keys) if move[1] != "b"]
        assert not wrong, (
            f"V=16, nodes a, b, c of weights 1, 4, 1, then set_weight('b', {weight}): only "
            f"keys of b may move, but {len(wrong)} of {len(keys)} other keys moved, e.g. "
            f"{shown(wrong)}"
        )


@pytest.mark.slow
def test_the_tokens_a_node_keeps_keep_their_keys():
    """a re-weighted node keeps the same tokens below its new count, so their keys stay put"""
    for first, then in ((4, 2), (2, 3), (3, 1)):
        weights = {**WEIGHTS, "b": first}
        expected = model(16, weights).snapshot()
        kept = {f"b#{i}" for i in range(16 * min(first, then))}
        keys = [key for key in before_the_end(KEYS, expected) if expected.token_of(key) in kept]
        ring = new_ring(16, weights)
        ring.set_weight("b", then)
        view = ring.snapshot()
        wrong = [(key, got) for key in keys if (got := view.get_node(key)) != "b"]
        assert not wrong, (
            f"V=16, nodes a, b, c of weights 1, {first}, 1, then set_weight('b', {then}): the "
            f"{len(keys)} keys that reach b#0 .. b#{len(kept) - 1} should still go to b, "
            f"whose tokens those are at both weights; {len(wrong)} do not, e.g. "
            + "; ".join(f"{key} -> {got!r}" for key, got in wrong[:3])
        )
