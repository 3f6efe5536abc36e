"""Weighted ring of frozen, ordered dataclass tokens; bisect with key=; properties."""

from __future__ import annotations

import hashlib
from bisect import bisect_left, insort
from dataclasses import dataclass, field
from operator import attrgetter


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


@dataclass(frozen=True, order=True)
class Token:
    hash: int
    token_id: str
    node_id: str = field(compare=False)


class ConsistentHashRing:
    def __init__(self, virtuals_per_weight: int, hash64=None) -> None:
        if not isinstance(virtuals_per_weight, int) or virtuals_per_weight < 1:
            raise ValueError(f"virtuals_per_weight must be >= 1, got {virtuals_per_weight!r}")
        self._v = virtuals_per_weight
        self._hash64 = hash64 if hash64 is not None else default_hash64
        self._tokens: list[Token] = []
        self._nodes: dict[str, int] = {}

    @property
    def nodes(self) -> list[str]:
        return list(self._nodes)

    def add_node(self, node_id: str, weight: int = 1) -> None:
        if not isinstance(weight, int) or weight < 1:
            raise ValueError(f"weight must be >= 1, got {weight!r}")
        if node_id in self._nodes:
            raise ValueError(f"{node_id!r} is already on the ring")
        tokens = [
            Token(self._hash64(f"{node_id}#{i}"), f"{node_id}#{i}", node_id)
            for i in range(weight * self._v)
        ]
        for t in tokens:
            insort(self._tokens, t)
        self._nodes[node_id] = weight

    def remove_node(self, node_id: str) -> bool:
        if node_id not in self._nodes:
            return False
        self._tokens = [t for t in self._tokens if t.node_id != node_id]
        del self._nodes[node_id]
        return True

    def _index(self, key: str) -> int:
        i = bisect_left(self._tokens, self._hash64(key), key=attrgetter("hash"))
        return i % len(self._tokens)

    def get_node(self, key: str) -> str | None:
        if not self._tokens:
            return None
        return self._tokens[self._index(key)].node_id

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        if not self._tokens or count == 0:
            return []
        n = len(self._tokens)
        start = self._index(key)
        limit = min(count, len(self._nodes))
        result: list[str] = []
        seen: set[str] = set()
        for step in range(n):
            node = self._tokens[(start + step) % n].node_id
            if node not in seen:
                seen.add(node)
                result.append(node)
                if len(result) == limit:
                    break
        return result
