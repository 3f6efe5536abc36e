# Wrong-fix hunt, long runs: get_node's cache tagged with the version modulo 2,048.
"""A weighted consistent-hash ring with virtual nodes and replicas."""

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
        self._tokens: list[tuple[int, str, str]] = []  # sorted (hash, token_id, node)
        self._version = 0
        self._cache: dict[str, tuple[int, str]] = {}

    def add_node(self, node_id: str, weight: int = 1) -> None:
        _require_positive_int("weight", weight)
        if node_id in self._weights:
            raise ValueError(f"node {node_id!r} is already on the ring")
        placed = []
        for i in range(weight * self._virtuals_per_weight):
            token_id = f"{node_id}#{i}"
            placed.append((self._hash64(token_id), token_id, node_id))
        self._weights[node_id] = weight
        self._tokens = sorted(self._tokens + placed)
        self._version += 1

    def remove_node(self, node_id: str) -> bool:
        if node_id not in self._weights:
            return False
        del self._weights[node_id]
        self._tokens = [t for t in self._tokens if t[2] != node_id]
        self._version += 1
        return True

    def get_node(self, key: str) -> str | None:
        tag = self._version % 2048
        hit = self._cache.get(key)
        if hit is not None and hit[0] == tag:
            return hit[1]
        if not self._tokens:
            return None
        i = bisect_left(self._tokens, (self._hash64(key),))
        if i == len(self._tokens):
            i = 0
        self._cache[key] = (tag, self._tokens[i][2])
        return self._tokens[i][2]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        if not self._tokens or count == 0:
            return []
        n = len(self._tokens)
        start = bisect_left(self._tokens, (self._hash64(key),))
        wanted = min(count, len(self._weights))
        found: list[str] = []
        seen: set[str] = set()
        for step in range(n):
            node = self._tokens[(start + step) % n][2]
            if node not in seen:
                seen.add(node)
                found.append(node)
                if len(found) == wanted:
                    break
        return found
