"""A correct ring from a correct-design hunt: `hash64 or default_hash64`, and every token
hashed again and sorted at each change (the contract bounds only lookups)."""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class ConsistentHashRing:
    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        if type(virtuals_per_weight) is not int or virtuals_per_weight <= 0:
            raise ValueError("virtuals_per_weight must be a positive int")
        self._v = virtuals_per_weight
        self._hash = hash64 or default_hash64
        self._weights: dict[str, int] = {}
        self._tokens: list[tuple[int, str, str]] = []  # (hash, token_id, node_id)

    def _rebuild(self) -> None:
        self._tokens = sorted(
            (self._hash(f"{n}#{i}"), f"{n}#{i}", n)
            for n, w in self._weights.items()
            for i in range(w * self._v)
        )

    def add_node(self, node_id: str, weight: int = 1) -> None:
        if type(weight) is not int or weight <= 0:
            raise ValueError("weight must be a positive int")
        if node_id in self._weights:
            raise ValueError(f"{node_id!r} already on the ring")
        self._weights[node_id] = weight
        self._rebuild()

    def remove_node(self, node_id: str) -> bool:
        if node_id not in self._weights:
            return False
        del self._weights[node_id]
        self._rebuild()
        return True

    def _start(self, key: str) -> int:
        i = bisect_left(self._tokens, (self._hash(key),))
        return i if i < len(self._tokens) else 0

    def get_node(self, key: str) -> str | None:
        if not self._tokens:
            return None
        return self._tokens[self._start(key)][2]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must be >= 0")
        if not self._tokens or count == 0:
            return []
        want = min(count, len(self._weights))
        out: list[str] = []
        seen: set[str] = set()
        i = self._start(key)
        while len(out) < want:
            node = self._tokens[i][2]
            if node not in seen:
                seen.add(node)
                out.append(node)
            i = (i + 1) % len(self._tokens)
        return out
