"""The weighted_ring contract read as plainly as possible, and helpers of the spec tests.

The ring of tokens itself, and what the spec tests of weighted_ring and
ring_snapshot share, are in tests/harness/toolkit/token_ring.py. Here the model adds
and removes nodes: it keeps nothing but the weights of the live nodes, and
every lookup sorts every token and walks from the start, which is slow and
obviously right. The spec tests trust nothing of the learner's module but its
public API.
"""

from __future__ import annotations

from tests.harness.toolkit.token_ring import (
    KEYS,
    Hash64,
    Tokens,
    answer,
    before_the_end,
    misroutes,
    positive_int,
    refused,
    sha64,
    table_hash,
)

__all__ = [
    "KEYS",
    "Ring",
    "answer",
    "before_the_end",
    "misroutes",
    "model",
    "new_ring",
    "refused",
    "sha64",
    "table_hash",
]


class Ring(Tokens):
    def __init__(self, virtuals_per_weight: int, hash64: Hash64 | None = None) -> None:
        if not positive_int(virtuals_per_weight):
            raise ValueError("virtuals_per_weight must be a positive int")
        super().__init__(virtuals_per_weight, sha64 if hash64 is None else hash64, {})

    @property
    def weights(self) -> dict[str, int]:
        return self._weights

    def add_node(self, node_id: str, weight: int = 1) -> None:
        if not positive_int(weight):
            raise ValueError("weight must be a positive int")
        if node_id in self._weights:
            raise ValueError("node already on the ring")
        self._weights[node_id] = weight
        self._tokens = None

    def remove_node(self, node_id: str) -> bool:
        self._tokens = None
        return self._weights.pop(node_id, None) is not None


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
