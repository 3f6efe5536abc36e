"""A weighted consistent-hash ring with virtual nodes and replicas.

Each node owns weight * V tokens; token i of node n is the string "n#i" and
sits at hash64("n#i"). A key goes to the node of the first token at or after
hash64(key).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable


def default_hash64(text: str) -> int:
    """A 64-bit position on the ring for `text`."""
    return hash(text) % 2**64


def _require_positive_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")


class ConsistentHashRing:
    """Routes keys to nodes; a node of weight w gets w * V virtual tokens."""

    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_positive_int("virtuals_per_weight", virtuals_per_weight)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._weights: dict[str, int] = {}
        # Token hash -> token id, and the hashes in ring order for lookups.
        self._ring: dict[int, str] = {}
        self._hashes: list[int] = []

    def add_node(self, node_id: str, weight: int = 1) -> None:
        """Put weight * V tokens of a new node on the ring."""
        _require_positive_int("weight", weight)
        if node_id in self._weights:
            raise ValueError(f"node {node_id!r} is already on the ring")
        placed = {}
        for i in range(weight * self._virtuals_per_weight):
            token_id = f"{node_id}#{i}"
            placed[self._hash64(token_id)] = token_id
        self._weights[node_id] = weight
        self._ring.update(placed)
        self._hashes = sorted(self._ring)

    def remove_node(self, node_id: str) -> bool:
        """Take the node's tokens off the ring; False if it was not on it."""
        if self._weights.pop(node_id, None) is None:
            return False
        self._ring = {h: t for h, t in self._ring.items() if not t.startswith(node_id)}
        self._hashes = sorted(self._ring)
        return True

    def _node_at(self, index: int) -> str:
        token_id = self._ring[self._hashes[index]]
        return token_id.rsplit("#", 1)[0]

    def get_node(self, key: str) -> str | None:
        """The node of the first token at or after the key; None if empty."""
        if not self._hashes:
            return None
        return self._node_at(bisect_left(self._hashes, self._hash64(key)))

    def get_nodes(self, key: str, count: int) -> list[str]:
        """Up to `count` nodes, walking clockwise from the key's token."""
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        start = bisect_left(self._hashes, self._hash64(key))
        nodes: list[str] = []
        for step in range(len(self._hashes)):
            if len(nodes) == count:
                break
            nodes.append(self._node_at((start + step) % len(self._hashes)))
        return nodes
