# Wrong-fix hunt, long runs: token hashes memoised under crc32(token id) & 0xFFFFF, so colliding ids share a hash.
"""A weighted consistent-hash ring whose weights change while lookups go on."""

from __future__ import annotations

import hashlib
import zlib
from bisect import bisect_left
from collections.abc import Callable
from heapq import merge

Token = tuple[int, str, str]


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_int(name: str, value: object, lowest: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


class RingView:
    __slots__ = ("_hash64", "_tokens", "_version", "_weights")

    def __init__(self, tokens, weights, version, hash64) -> None:
        self._tokens = tuple(tokens)
        self._weights = dict(weights)
        self._version = version
        self._hash64 = hash64

    @property
    def version(self) -> int:
        return self._version

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._weights)

    def get_node(self, key: str) -> str | None:
        tokens = self._tokens
        if not tokens:
            return None
        i = bisect_left(tokens, (self._hash64(key),))
        if i == len(tokens):
            i = 0
        return tokens[i][2]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        tokens = self._tokens
        if not tokens or count == 0:
            return []
        n = len(tokens)
        start = bisect_left(tokens, (self._hash64(key),))
        wanted = min(count, len(self._weights))
        found: list[str] = []
        seen: set[str] = set()
        for step in range(n):
            node = tokens[(start + step) % n][2]
            if node not in seen:
                seen.add(node)
                found.append(node)
                if len(found) == wanted:
                    break
        return found


class SnapshotRing:
    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_int("virtuals_per_weight", virtuals_per_weight, lowest=1)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._view = RingView((), {}, 0, self._hash64)
        self._memo: dict[int, int] = {}

    def set_weight(self, node_id: str, weight: int) -> None:
        _require_int("weight", weight, lowest=0)
        current = self._view
        weights = dict(current._weights)
        had = weights.get(node_id, 0)
        if weight == had:
            return
        V = self._virtuals_per_weight
        if weight > had:
            joining = sorted(
                (self._token_hash(f"{node_id}#{i}"), f"{node_id}#{i}", node_id)
                for i in range(had * V, weight * V)
            )
            tokens = list(merge(current._tokens, joining))
        else:
            leaving = {f"{node_id}#{i}" for i in range(weight * V, had * V)}
            tokens = [t for t in current._tokens if not (t[2] == node_id and t[1] in leaving)]
        if weight:
            weights[node_id] = weight
        else:
            del weights[node_id]
        self._view = RingView(tokens, weights, current.version + 1, self._hash64)

    def _token_hash(self, token_id: str) -> int:
        slot = zlib.crc32(token_id.encode("utf-8")) & 0xFFFFF
        h = self._memo.get(slot)
        if h is None:
            h = self._memo[slot] = self._hash64(token_id)
        return h

    def snapshot(self) -> RingView:
        return self._view

    def get_node(self, key: str) -> str | None:
        return self._view.get_node(key)
