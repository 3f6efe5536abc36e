"""A correct ring: three parallel arrays (hashes, token ids, nodes) in ring order."""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable


def _sha(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], byteorder="big")


def _check(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"{what} must be a positive int")


class ConsistentHashRing:
    def __init__(self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None):
        _check(virtuals_per_weight, "virtuals_per_weight")
        self._v = virtuals_per_weight
        self._h = _sha if hash64 is None else hash64
        self._nodes_on: set[str] = set()
        self._hashes: list[int] = []
        self._ids: list[str] = []
        self._owners: list[str] = []

    def _store(self, records: list[tuple[int, str, str]]) -> None:
        records.sort()
        self._hashes = [record[0] for record in records]
        self._ids = [record[1] for record in records]
        self._owners = [record[2] for record in records]

    def _records(self) -> list[tuple[int, str, str]]:
        return list(zip(self._hashes, self._ids, self._owners, strict=True))

    def add_node(self, node_id: str, weight: int = 1) -> None:
        _check(weight, "weight")
        if node_id in self._nodes_on:
            raise ValueError(f"{node_id!r} is on the ring already")
        new = [
            (self._h(f"{node_id}#{i}"), f"{node_id}#{i}", node_id) for i in range(weight * self._v)
        ]
        self._nodes_on.add(node_id)
        self._store(self._records() + new)

    def remove_node(self, node_id: str) -> bool:
        if node_id not in self._nodes_on:
            return False
        self._nodes_on.remove(node_id)
        self._store([record for record in self._records() if record[2] != node_id])
        return True

    def get_node(self, key: str) -> str | None:
        if not self._hashes:
            return None
        # bisect_left on the hashes alone finds the first of equal hashes: ties
        # are already in token-id order.
        index = bisect_left(self._hashes, self._h(key))
        return self._owners[index % len(self._owners)]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must not be negative")
        found: dict[str, None] = {}
        if self._hashes and count:
            start = bisect_left(self._hashes, self._h(key))
            size, wanted = len(self._owners), min(count, len(self._nodes_on))
            for step in range(size):
                found.setdefault(self._owners[(start + step) % size])
                if len(found) == wanted:
                    break
        return list(found)
