"""A weighted consistent-hash ring whose weights change while lookups go on."""

from __future__ import annotations

import hashlib
import heapq
from bisect import bisect_left
from collections.abc import Callable

Token = tuple[int, str, str]


def default_hash64(text: str) -> int:
    """The first 8 bytes of the SHA-256 digest of the UTF-8 text, big-endian."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_int(name: str, value: object, lowest: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


class RingView:
    """One published state of the ring: nothing changes it once it is made."""

    def __init__(
        self,
        tokens: tuple[Token, ...],
        weights: dict[str, int],
        version: int,
        hash64: Callable[[str], int],
    ) -> None:
        self._tokens = tokens
        self._weights = weights
        self._version = version
        self._hash64 = hash64

    @property
    def version(self) -> int:
        return self._version

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._weights)

    def get_node(self, key: str) -> str | None:
        if not self._tokens:
            return None
        start = bisect_left(self._tokens, (self._hash64(key),))
        if start == len(self._tokens):
            start = 0
        return self._tokens[start][2]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"count must be an int, got {count!r}")
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        if not self._tokens or count == 0:
            return []
        start = bisect_left(self._tokens, (self._hash64(key),))
        wanted = min(count, len(self._weights))
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


class SnapshotRing:
    """A weighted ring whose readers take immutable snapshots while weights change."""

    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_int("virtuals_per_weight", virtuals_per_weight, lowest=1)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._view = RingView((), {}, 0, self._hash64)

    def set_weight(self, node_id: str, weight: int) -> None:
        _require_int("weight", weight, lowest=0)
        current = self._view
        had = current._weights.get(node_id, 0)
        if had == weight:
            return
        v = self._virtuals_per_weight
        weights = dict(current._weights)
        weights.pop(node_id, None)
        if weight:
            weights[node_id] = weight
        if weight < had:
            dropped = {f"{node_id}#{i}" for i in range(weight * v, had * v)}
            tokens = [t for t in current._tokens if not (t[2] == node_id and t[1] in dropped)]
        else:
            new = []
            for i in range(had * v, weight * v):
                token_id = f"{node_id}#{i}"
                new.append((self._hash64(token_id), token_id, node_id))
            if len(new) > 1024:
                # A big raise: merge rather than sort the whole ring again.
                tokens = list(heapq.merge(current._tokens, new))
            else:
                tokens = sorted(current._tokens + tuple(new))
        self._view = RingView(tuple(tokens), weights, current.version + 1, self._hash64)

    def snapshot(self) -> RingView:
        return self._view

    def get_node(self, key: str) -> str | None:
        return self._view.get_node(key)
