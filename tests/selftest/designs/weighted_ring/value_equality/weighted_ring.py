"""The reference with an __eq__ that compares rings by value (the same V, nodes and
tokens), which leaves it unhashable. The contract says nothing of equality."""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_positive_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")


class ConsistentHashRing:
    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_positive_int("virtuals_per_weight", virtuals_per_weight)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._weights: dict[str, int] = {}
        self._tokens: list[tuple[int, str, str]] = []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ConsistentHashRing):
            return NotImplemented
        mine = (self._virtuals_per_weight, self._weights, self._tokens)
        return mine == (other._virtuals_per_weight, other._weights, other._tokens)

    def add_node(self, node_id: str, weight: int = 1) -> None:
        _require_positive_int("weight", weight)
        if node_id in self._weights:
            raise ValueError(f"node {node_id!r} is already on the ring")
        token_ids = (f"{node_id}#{i}" for i in range(weight * self._virtuals_per_weight))
        tokens = [(self._hash64(token_id), token_id, node_id) for token_id in token_ids]
        self._weights[node_id] = weight
        self._tokens.extend(tokens)
        self._tokens.sort()

    def remove_node(self, node_id: str) -> bool:
        if self._weights.pop(node_id, None) is None:
            return False
        self._tokens = [token for token in self._tokens if token[2] != node_id]
        return True

    def get_node(self, key: str) -> str | None:
        nodes = self.get_nodes(key, 1)
        return nodes[0] if nodes else None

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        if not self._tokens or count == 0:
            return []
        start = bisect_left(self._tokens, (self._hash64(key),))
        wanted = min(count, len(self._weights))
        found: list[str] = []
        seen: set[str] = set()
        for step in range(len(self._tokens)):
            node = self._tokens[(start + step) % len(self._tokens)][2]
            if node not in seen:
                seen.add(node)
                found.append(node)
                if len(found) == wanted:
                    break
        return found
