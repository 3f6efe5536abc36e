"""Spec tests for weighted_ring: arguments that must be refused, and what a refusal leaves.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

import contextlib
import numbers

from tests.weighted_ring.model import (
    KEYS,
    before_the_end,
    misroutes,
    model,
    new_ring,
    refused,
    sha64,
)


class IntLike:
    """Not an int, though it can stand for one, as numpy's integers can (and like them, it
    is registered as a numbers.Integral, below)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    __int__ = __index__

    def __repr__(self) -> str:
        return f"IntLike({self.value})"


numbers.Integral.register(IntLike)


def test_virtuals_per_weight_must_be_a_positive_int():
    """ConsistentHashRing refuses a virtuals_per_weight that is not a positive int"""
    for bad in (0, -3, 2.5, 4.0, True, "4", None, IntLike(4)):
        refused(f"ConsistentHashRing({bad!r})", lambda bad=bad: new_ring(bad))


def test_weight_must_be_a_positive_int():
    """add_node refuses a weight that is not a positive int"""
    for bad in (0, -1, 1.5, 2.0, True, "2", IntLike(2)):
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
        lambda: tried.add_node("d", 1.5),
        lambda: tried.get_nodes("k", -1),
    ):
        with contextlib.suppress(ValueError):
            call()
    scenario = (
        "two rings of nodes a, b of weights 1, 2 (V=6); on one, add_node('a', 3), "
        "add_node('c', 0), "
        "add_node('d', 1.5) and get_nodes('k', -1) were refused"
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


def test_arguments_by_name():
    """the arguments may be passed by the names the contract gives them"""
    from weighted_ring import ConsistentHashRing

    by_name = ConsistentHashRing(virtuals_per_weight=6, hash64=sha64)
    by_name.add_node(node_id="a", weight=2)
    by_name.add_node(node_id="b")
    by_name.add_node(node_id="c", weight=1)
    removed = by_name.remove_node(node_id="c")
    by_position = new_ring(6, {"a": 2, "b": 1})
    keys = before_the_end(KEYS[:200], model(6, {"a": 2, "b": 1}))
    differ = [
        key
        for key in keys
        if (by_name.get_node(key=key), by_name.get_nodes(key=key, count=2))
        != (by_position.get_node(key), by_position.get_nodes(key, 2))
    ]
    assert removed is True and not differ, (
        "ConsistentHashRing(virtuals_per_weight=6, hash64=...), add_node(node_id='a', "
        "weight=2), add_node(node_id='b'), add_node(node_id='c', weight=1) and "
        f"remove_node(node_id='c') (which gave {removed!r}: it should be True) should "
        "answer get_node(key=...) and get_nodes(key=..., count=2) as a ring built by "
        f"position does; they differ for {len(differ)} of {len(keys)} keys, e.g. {differ[:3]}"
    )


def test_a_hash64_that_raises_leaves_the_ring_as_it_was():
    """when hash64 raises, the call that asked for the hash changes nothing: tried again, it
    works"""
    failures = ["b#1"]

    def flaky(text: str) -> int:
        if text in failures:
            failures.remove(text)
            raise RuntimeError("the hash service is down")
        return sha64(text)

    def twice(call):
        """The call, and once more if hash64 failed the first time (whenever it hashes)."""
        try:
            return call()
        except RuntimeError:
            return call()

    ring = new_ring(3, {"a": 1}, flaky)
    try:
        twice(lambda: ring.add_node("b"))
        twice(lambda: ring.get_node("k"))
    except ValueError as error:
        raise AssertionError(
            "V=3, node a, then add_node('b') while hash64 fails once on 'b#1': tried again "
            f"after the failure, the call should work; it raised ValueError: {error}"
        ) from None
    problem = misroutes(ring, model(3, {"a": 1, "b": 1}), KEYS[:300])
    assert not problem, (
        "V=3, node a, then add_node('b') while hash64 fails once on 'b#1', each call tried "
        f"again after the failure: the ring should hold a and b: {problem}"
    )
    failures.append("a#1")  # and once more, should removing a ask for a hash
    removed = twice(lambda: ring.remove_node("a"))
    twice(lambda: ring.get_node("k"))
    problem = misroutes(ring, model(3, {"b": 1}), KEYS[:300])
    assert removed is True and not problem, (
        "same ring, then remove_node('a') while hash64 fails once on 'a#1' (tried again "
        f"after a failure; it gave {removed!r}, which should be True): the ring should hold "
        f"b alone: {problem or 'it does'}"
    )
