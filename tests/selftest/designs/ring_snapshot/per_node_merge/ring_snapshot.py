"""A correct snapshot ring: each node keeps its own sorted tokens; a view merges them.

A view holds, per node, the tuple of its tokens in ring order, and the merged
ring. set_weight reuses the node's tokens that stay, hashes only the new ones,
and merges the lists again with heapq.merge: O(M) per change, O(1) snapshots.
"""

from __future__ import annotations

import hashlib
import heapq
from bisect import bisect_left
from collections.abc import Callable

Token = tuple[int, str, str]


def default_hash64(text: str) -> int:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], byteorder="big", signed=False)


def _check(name: str, value: object, lowest: int) -> None:
    if type(value) is bool or not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int >= {lowest}: {value!r}")


class RingView:
    def __init__(
        self,
        per_node: dict[str, tuple[Token, ...]],
        weights: dict[str, int],
        ring: tuple[Token, ...],
        version: int,
        hash64: Callable[[str], int],
    ) -> None:
        self._per_node = per_node
        self._weight_of = weights
        self._ring = ring
        self._version = version
        self._hash64 = hash64

    @property
    def version(self) -> int:
        return self._version

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._weight_of)

    def get_node(self, key: str) -> str | None:
        if not self._ring:
            return None
        index = bisect_left(self._ring, (self._hash64(key),))
        return self._ring[index % len(self._ring)][2]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must be >= 0")
        result: list[str] = []
        if not self._ring or not count:
            return result
        index = bisect_left(self._ring, (self._hash64(key),))
        size = len(self._ring)
        goal = min(count, len(self._per_node))
        seen = set()
        while len(result) < goal:
            node = self._ring[index % size][2]
            if node not in seen:
                seen.add(node)
                result.append(node)
            index += 1
        return result


class SnapshotRing:
    def __init__(self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None):
        _check("virtuals_per_weight", virtuals_per_weight, 1)
        self._v = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._view = self._make({}, {}, 0)

    def _make(self, per_node, weights, version) -> RingView:
        ring = tuple(heapq.merge(*per_node.values()))
        return RingView(per_node, weights, ring, version, self._hash64)

    def set_weight(self, node_id: str, weight: int) -> None:
        _check("weight", weight, 0)
        old = self._view
        had = old._weight_of.get(node_id, 0)
        if had == weight:
            return
        count = weight * self._v
        kept = [t for t in old._per_node.get(node_id, ()) if int(t[1][len(node_id) + 1 :]) < count]
        fresh = [
            (self._hash64(f"{node_id}#{i}"), f"{node_id}#{i}", node_id)
            for i in range(had * self._v, count)
        ]
        per_node = dict(old._per_node)
        weights = dict(old._weight_of)
        if weight:
            per_node[node_id] = tuple(sorted(kept + fresh))
            weights[node_id] = weight
        else:
            del per_node[node_id]
            del weights[node_id]
        self._view = self._make(per_node, weights, old.version + 1)

    def snapshot(self) -> RingView:
        return self._view

    def get_node(self, key: str) -> str | None:
        return self._view.get_node(key)
