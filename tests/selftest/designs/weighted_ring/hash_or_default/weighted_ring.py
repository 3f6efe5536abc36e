"""A correct ring as many candidates write it: `hash64 or default`, plain `< 1` checks.

The contract says None means the default and leaves other types open, so
`self._hash = hash64 or default_hash64` is right, and so is a weight check
that only compares with 1. Tokens are inserted one by one with insort into a
sorted list of (hash, token id, node id), and each node keeps its token
records, so removal filters by them.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left, insort


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class ConsistentHashRing:
    def __init__(self, virtuals_per_weight, hash64=None):
        if virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be at least 1")
        self._v = virtuals_per_weight
        self._hash = hash64 or default_hash64
        self._ring: list[tuple[int, str, str]] = []
        self._owned: dict[str, list[tuple[int, str, str]]] = {}

    def add_node(self, node_id, weight=1):
        if weight < 1:
            raise ValueError("weight must be at least 1")
        if node_id in self._owned:
            raise ValueError(f"{node_id!r} is already on the ring")
        records = []
        for i in range(weight * self._v):
            token = f"{node_id}#{i}"
            records.append((self._hash(token), token, node_id))
        self._owned[node_id] = records
        for record in records:
            insort(self._ring, record)

    def remove_node(self, node_id):
        if node_id not in self._owned:
            return False
        del self._owned[node_id]
        self._ring = [record for record in self._ring if record[2] != node_id]
        return True

    def get_node(self, key):
        if not self._ring:
            return None
        index = bisect_left(self._ring, (self._hash(key),))
        return self._ring[index % len(self._ring)][2]

    def get_nodes(self, key, count):
        if count < 0:
            raise ValueError("count must not be negative")
        result = []
        if not self._ring or count == 0:
            return result
        wanted = min(count, len(self._owned))
        index = bisect_left(self._ring, (self._hash(key),))
        taken = set()
        while len(result) < wanted:
            node = self._ring[index % len(self._ring)][2]
            if node not in taken:
                taken.add(node)
                result.append(node)
            index += 1
        return result
