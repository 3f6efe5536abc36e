"""Shared by the weighted_ring spec tests: a ring factory and an oracle.

The oracle reads the contract literally — every token sorted by
(hash, token_id), a clockwise scan from the key — and computes hashes itself,
so the tests trust nothing of the learner's module but its public API.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import pytest


def sha64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def new_ring(virtuals: int, nodes: dict[str, int] | None = None, hash64=None):
    """A learner's ring with `nodes` (id -> weight) added in order."""
    from weighted_ring import ConsistentHashRing

    ring = ConsistentHashRing(virtuals) if hash64 is None else ConsistentHashRing(virtuals, hash64)
    for node, weight in (nodes or {}).items():
        ring.add_node(node, weight)
    return ring


def table_hash(positions: dict[str, int]) -> Callable[[str], int]:
    """A hash64 that places each given string where the test says."""

    def hash64(text: str) -> int:
        if text not in positions:
            raise KeyError(f"the test's hash64 was asked for {text!r}, which it does not know")
        return positions[text]

    return hash64


class Oracle:
    def __init__(self, virtuals: int, nodes: dict[str, int], hash64=sha64) -> None:
        self.hash64 = hash64
        self.tokens = sorted(
            (hash64(f"{node}#{i}"), f"{node}#{i}", node)
            for node, weight in nodes.items()
            for i in range(weight * virtuals)
        )

    def nodes(self, key: str, count: int) -> list[str]:
        start = next((i for i, token in enumerate(self.tokens) if token[0] >= self.hash64(key)), 0)
        found: list[str] = []
        for _, _, node in self.tokens[start:] + self.tokens[:start]:
            if node not in found:
                found.append(node)
        return found[:count]

    def node(self, key: str) -> str | None:
        nodes = self.nodes(key, 1)
        return nodes[0] if nodes else None


def misroutes(ring, oracle: Oracle, keys: list[str], count: int | None = None) -> str:
    """'' if the ring answers like the oracle for every key, else a summary of the misses.

    With `count`, compares get_nodes(key, count); without, get_node(key).
    """
    wrong = []
    for key in keys:
        if count is None:
            call, got, expected = f"get_node({key!r})", ring.get_node(key), oracle.node(key)
        else:
            call = f"get_nodes({key!r}, {count})"
            got, expected = ring.get_nodes(key, count), oracle.nodes(key, count)
        if got != expected:
            wrong.append(f"{call}: expected {expected!r}, got {got!r}")
    if not wrong:
        return ""
    return f"{len(wrong)} of {len(keys)} keys wrong, e.g. " + "; ".join(wrong[:3])


def refused(scenario: str, call: Callable[[], object]) -> None:
    """Fail unless `call` raises ValueError; other exceptions are the learner's to see."""
    try:
        result = call()
    except ValueError:
        return
    pytest.fail(f"{scenario} should raise ValueError; it returned {result!r}")


KEYS = ["", *(f"key-{n}" for n in range(1500))]
