"""A correct snapshot ring as many candidates write it: `hash64 or default`, `< 0` checks.

The contract says None means the default and leaves other types open, so
`self._hash = hash64 or default_hash64` is right, and so is a weight check
that only compares with 0. Each view is a frozen tuple of (hash, token id,
node id) records and a frozen mapping of weights; set_weight filters and
merges into a new tuple and publishes the new view with one assignment.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from types import MappingProxyType


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class RingView:
    __slots__ = ("_hash", "_records", "_weights", "version")

    def __init__(self, records, weights, version, hash64):
        self._records = records
        self._weights = MappingProxyType(weights)
        self.version = version
        self._hash = hash64

    @property
    def weights(self):
        return dict(self._weights)

    def get_node(self, key):
        if not self._records:
            return None
        at = bisect_left(self._records, (self._hash(key),))
        return self._records[at % len(self._records)][2]

    def get_nodes(self, key, count):
        if count < 0:
            raise ValueError("count must not be negative")
        if not self._records or count == 0:
            return []
        want = min(count, len(self._weights))
        at = bisect_left(self._records, (self._hash(key),))
        picked, seen = [], set()
        while len(picked) < want:
            node = self._records[at % len(self._records)][2]
            if node not in seen:
                seen.add(node)
                picked.append(node)
            at += 1
        return picked


class SnapshotRing:
    def __init__(self, virtuals_per_weight, hash64=None):
        if virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be at least 1")
        self._v = virtuals_per_weight
        self._hash = hash64 or default_hash64
        self._view = RingView((), {}, 0, self._hash)

    def set_weight(self, node_id, weight):
        if weight < 0:
            raise ValueError("weight must not be negative")
        view = self._view
        had = view._weights.get(node_id, 0)
        if weight == had:
            return
        keep, add = min(had, weight) * self._v, weight * self._v
        records = [
            record
            for record in view._records
            if record[2] != node_id or int(record[1].rpartition("#")[2]) < keep
        ]
        records += [
            (self._hash(f"{node_id}#{i}"), f"{node_id}#{i}", node_id) for i in range(keep, add)
        ]
        records.sort()
        weights = dict(view._weights)
        if weight:
            weights[node_id] = weight
        else:
            del weights[node_id]
        self._view = RingView(tuple(records), weights, view.version + 1, self._hash)

    def snapshot(self):
        return self._view

    def get_node(self, key):
        return self._view.get_node(key)
