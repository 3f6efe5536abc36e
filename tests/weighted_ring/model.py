"""The weighted_ring contract read as plainly as possible, and helpers of the spec tests.

The model computes hashes itself and keeps nothing but the weights of the
live nodes: every lookup sorts every token and scans from the start, which
is slow and obviously right. The spec tests trust nothing of the learner's
module but its public API.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest

from tests.harness.differential import shown

Hash64 = Callable[[str], int]


def sha64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def ring_tokens(
    weights: dict[str, int], virtuals: int, hash64: Hash64
) -> list[tuple[int, str, str]]:
    """Every token of nodes of these weights as (hash, token id, node id), in ring order."""
    return sorted(
        (hash64(f"{node}#{i}"), f"{node}#{i}", node)
        for node, weight in weights.items()
        for i in range(weight * virtuals)
    )


def walk(tokens: list[tuple[int, str, str]], hash64: Hash64, key: str, count: int) -> list[str]:
    """The first `count` distinct nodes clockwise from the token `key` goes to."""
    start = next((i for i, token in enumerate(tokens) if token[0] >= hash64(key)), 0)
    found: list[str] = []
    for _, _, node in tokens[start:] + tokens[:start]:
        if node not in found:
            found.append(node)
    return found[:count]


class Ring:
    def __init__(self, virtuals_per_weight: int, hash64: Hash64 | None = None) -> None:
        if not positive_int(virtuals_per_weight):
            raise ValueError("virtuals_per_weight must be a positive int")
        self.virtuals = virtuals_per_weight
        self.hash64 = sha64 if hash64 is None else hash64
        self.weights: dict[str, int] = {}
        self._tokens: list[tuple[int, str, str]] | None = None

    def add_node(self, node_id: str, weight: int = 1) -> None:
        if not positive_int(weight):
            raise ValueError("weight must be a positive int")
        if node_id in self.weights:
            raise ValueError("node already on the ring")
        self.weights[node_id] = weight
        self._tokens = None

    def remove_node(self, node_id: str) -> bool:
        self._tokens = None
        return self.weights.pop(node_id, None) is not None

    def tokens(self) -> list[tuple[int, str, str]]:
        """Every token as (hash, token id, node id), in ring order."""
        if self._tokens is None:
            self._tokens = ring_tokens(self.weights, self.virtuals, self.hash64)
        return self._tokens

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must not be negative")
        return walk(self.tokens(), self.hash64, key, count)

    def get_node(self, key: str) -> str | None:
        nodes = self.get_nodes(key, 1)
        return nodes[0] if nodes else None


def model(virtuals: int, nodes: dict[str, int], hash64: Hash64 = sha64) -> Ring:
    """The model ring with `nodes` (id -> weight) added in order."""
    ring = Ring(virtuals, hash64)
    for node, weight in nodes.items():
        ring.add_node(node, weight)
    return ring


def new_ring(virtuals: int, nodes: dict[str, int] | None = None, hash64: Hash64 = sha64):
    """A learner's ring with `nodes` (id -> weight) added in order.

    The hash is always given, SHA-256 by default, so that only the tests
    whose subject is the default hash depend on it.
    """
    from weighted_ring import ConsistentHashRing

    ring = ConsistentHashRing(virtuals, hash64)
    for node, weight in (nodes or {}).items():
        ring.add_node(node, weight)
    return ring


def table_hash(positions: dict[str, int]) -> Hash64:
    """A hash64 that places each given string where the test says."""

    def hash64(text: str) -> int:
        if text not in positions:
            raise KeyError(f"the test's hash64 was asked for {text!r}, which it does not know")
        return positions[text]

    return hash64


def before_the_end(keys: list[str], expected: Ring) -> list[str]:
    """The keys that reach a token without wrapping past the end of the ring.

    Only the tests of wrapping use keys past the last token, so that code
    that mishandles them fails those tests and no others.
    """
    tokens = expected.tokens()
    return [key for key in keys if tokens and expected.hash64(key) <= tokens[-1][0]]


def misroutes(ring, expected: Ring, keys: list[str], count: int | None = None) -> str:
    """'' if the ring answers like the model for every key, else a summary of the misses.

    With `count`, compares get_nodes(key, count); without, get_node(key). Keys
    past the last token are left out (see before_the_end).
    """
    wrong = []
    for key in before_the_end(keys, expected):
        if count is None:
            call, want = f"get_node({shown(key)})", expected.get_node(key)
            got = answer(lambda key=key: ring.get_node(key))
        else:
            call, want = f"get_nodes({shown(key)}, {count})", expected.get_nodes(key, count)
            got = answer(lambda key=key: ring.get_nodes(key, count))
        if got != repr(want):
            wrong.append(f"{call}: expected {want!r}, got {got}")
    if not wrong:
        return ""
    return f"{len(wrong)} of {len(keys)} keys wrong, e.g. " + "; ".join(wrong[:3])


def answer(call: Callable[[], object]) -> object:
    """What the call gave, or the exception it raised, for a list of wrong answers."""
    try:
        return repr(call())
    except Exception as error:
        return f"{type(error).__name__}: {error}"


def refused(scenario: str, call: Callable[[], object]) -> None:
    """Fail unless `call` raises ValueError; other exceptions are the learner's to see."""
    try:
        result = call()
    except ValueError:
        return
    pytest.fail(f"{scenario} should raise ValueError; it returned {result!r}")


KEYS = [f"key-{n}" for n in range(800)]
