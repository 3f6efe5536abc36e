"""Spec tests for weighted_ring: arguments that must be refused, and what a refusal leaves.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

import contextlib

from tests.weighted_ring.model import (
    KEYS,
    before_the_end,
    model,
    new_ring,
    refused,
)


def test_virtuals_per_weight_must_be_a_positive_int():
    """ConsistentHashRing refuses a virtuals_per_weight of 0 or below"""
    for bad in (0, -3):
        refused(f"ConsistentHashRing({bad!r})", lambda bad=bad: new_ring(bad))


def test_weight_must_be_a_positive_int():
    """add_node refuses a weight of 0 or below"""
    for bad in (0, -1):
        ring = new_ring(4)
        refused(f"add_node('a', {bad!r})", lambda ring=ring, bad=bad: ring.add_node("a", bad))


def test_adding_a_node_twice_is_refused():
    """adding a node already on the ring raises ValueError"""
    ring = new_ring(6, {"a": 1, "b": 1})
    refused("nodes a, b on the ring: add_node('a', 3)", lambda: ring.add_node("a", 3))


def test_a_refused_call_changes_nothing():
    """after refused calls, the ring answers as if they had not been made"""
    nodes = {"a": 1, "b": 2}
    tried, untouched = new_ring(6, nodes), new_ring(6, nodes)
    for call in (
        lambda: tried.add_node("a", 3),
        lambda: tried.add_node("c", 0),
        lambda: tried.add_node("d", -1),
        lambda: tried.get_nodes("k", -1),
    ):
        with contextlib.suppress(ValueError):
            call()
    scenario = (
        "two rings of nodes a, b of weights 1, 2 (V=6); on one, add_node('a', 3), "
        "add_node('c', 0), "
        "add_node('d', -1) and get_nodes('k', -1) were refused"
    )
    for step in ("", "add_node('c', 1) and add_node('d', 1)"):
        if step:
            for ring in (tried, untouched):
                try:
                    ring.add_node("c", 1)
                    ring.add_node("d", 1)
                except ValueError as error:
                    raise AssertionError(
                        f"{scenario}; then, on both, {step} should add two new nodes: on the "
                        f"{'first' if ring is tried else 'second'} it raised ValueError: {error}"
                    ) from None
            scenario += f"; then, on both, {step}"
        keys = before_the_end(KEYS[:300], model(6, nodes))
        differ = [
            key
            for key in keys
            if (tried.get_node(key), tried.get_nodes(key, 3))
            != (untouched.get_node(key), untouched.get_nodes(key, 3))
        ]
        assert not differ, (
            f"{scenario}: both should answer get_node(key) and get_nodes(key, 3) alike; they "
            f"differ for {len(differ)} of {len(keys)} keys, e.g. {differ[:3]}"
        )
