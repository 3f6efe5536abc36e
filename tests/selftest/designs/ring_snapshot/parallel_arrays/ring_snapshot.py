"""A correct snapshot ring: each view is three parallel tuples, and writers take a lock.

The hashes, token ids and nodes sit in three tuples in ring order; a lookup
bisects the hashes alone (the first of equal hashes is the first in ring
order, since equal hashes are sorted by token id). set_weight rebuilds the
tuples from a filtered merge under a writers' lock; readers take no lock.
"""

from __future__ import annotations

import hashlib
import threading
from bisect import bisect_left
from types import MappingProxyType


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class RingView:
    __slots__ = ("_hash64", "_hashes", "_ids", "_nodes", "_version", "_weights")

    def __init__(self, hashes, ids, nodes, weights, version, hash64) -> None:
        self._hashes: tuple[int, ...] = hashes
        self._ids: tuple[str, ...] = ids
        self._nodes: tuple[str, ...] = nodes
        self._weights = MappingProxyType(weights)
        self._version = version
        self._hash64 = hash64

    @property
    def version(self) -> int:
        return self._version

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._weights)

    def get_node(self, key: str) -> str | None:
        if not self._hashes:
            return None
        index = bisect_left(self._hashes, self._hash64(key))
        return self._nodes[index if index < len(self._nodes) else 0]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must not be negative")
        if not self._hashes or count == 0:
            return []
        size = len(self._nodes)
        index = bisect_left(self._hashes, self._hash64(key)) % size
        wanted = min(count, len(self._weights))
        found: list[str] = []
        for step in range(size):
            node = self._nodes[(index + step) % size]
            if node not in found:
                found.append(node)
                if len(found) == wanted:
                    break
        return found


class SnapshotRing:
    def __init__(self, virtuals_per_weight: int, hash64=None) -> None:
        if not _is_int(virtuals_per_weight) or virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be a positive int")
        self._virtuals = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._writing = threading.Lock()
        self._view = RingView((), (), (), {}, 0, self._hash64)

    def set_weight(self, node_id: str, weight: int) -> None:
        if not _is_int(weight) or weight < 0:
            raise ValueError("weight must be an int of at least 0")
        with self._writing:
            old = self._view
            had = old._weights.get(node_id, 0)
            if had == weight:
                return
            keep = weight * self._virtuals
            records = [
                record
                for record in zip(old._hashes, old._ids, old._nodes, strict=True)
                if record[2] != node_id or int(record[1].rsplit("#", 1)[1]) < keep
            ]
            for index in range(had * self._virtuals, keep):
                token_id = f"{node_id}#{index}"
                records.append((self._hash64(token_id), token_id, node_id))
            records.sort()
            weights = dict(old._weights)
            if weight:
                weights[node_id] = weight
            else:
                del weights[node_id]
            hashes = tuple(record[0] for record in records)
            ids = tuple(record[1] for record in records)
            nodes = tuple(record[2] for record in records)
            self._view = RingView(hashes, ids, nodes, weights, old.version + 1, self._hash64)

    def snapshot(self) -> RingView:
        return self._view

    def get_node(self, key: str) -> str | None:
        return self._view.get_node(key)
