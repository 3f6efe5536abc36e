"""A weighted consistent-hash ring with virtual nodes and replicas."""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable


def default_hash64(text: str) -> int:
    """The first 8 bytes of the SHA-256 digest of the UTF-8 text, big-endian."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_positive_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")


# get_node answers are memoised with the ring version they were computed at.
_MEMO_MAX = 8192
_VERSION_WRAP = 256


class ConsistentHashRing:
    """Routes keys to nodes; a node of weight w gets w * V virtual tokens."""

    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_positive_int("virtuals_per_weight", virtuals_per_weight)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._weights: dict[str, int] = {}
        # (hash, token_id, node_id), sorted.
        self._tokens: list[tuple[int, str, str]] = []
        self._version = 0
        self._memo: dict[str, tuple[int, str | None]] = {}

    def add_node(self, node_id: str, weight: int = 1) -> None:
        _require_positive_int("weight", weight)
        if node_id in self._weights:
            raise ValueError(f"node {node_id!r} is already on the ring")
        new = []
        for i in range(weight * self._virtuals_per_weight):
            token_id = f"{node_id}#{i}"
            new.append((self._hash64(token_id), token_id, node_id))
        self._tokens = sorted(self._tokens + new)
        self._weights[node_id] = weight
        self._version = (self._version + 1) % _VERSION_WRAP

    def remove_node(self, node_id: str) -> bool:
        if node_id not in self._weights:
            return False
        del self._weights[node_id]
        self._tokens = [t for t in self._tokens if t[2] != node_id]
        self._version = (self._version + 1) % _VERSION_WRAP
        return True

    def _start(self, key: str) -> int:
        index = bisect_left(self._tokens, (self._hash64(key),))
        return 0 if index == len(self._tokens) else index

    def get_node(self, key: str) -> str | None:
        hit = self._memo.get(key)
        if hit is not None and hit[0] == self._version:
            return hit[1]
        node = self._tokens[self._start(key)][2] if self._tokens else None
        if len(self._memo) >= _MEMO_MAX:
            self._memo.clear()
        self._memo[key] = (self._version, node)
        return node

    def get_nodes(self, key: str, count: int) -> list[str]:
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"count must be an int, got {count!r}")
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        if not self._tokens or count == 0:
            return []
        wanted = min(count, len(self._weights))
        start = self._start(key)
        size = len(self._tokens)
        found: list[str] = []
        seen: set[str] = set()
        for step in range(size):
            node = self._tokens[(start + step) % size][2]
            if node not in seen:
                seen.add(node)
                found.append(node)
                if len(found) == wanted:
                    break
        return found
