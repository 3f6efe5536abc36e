"""A correct cache client in one module: the whole ring rebuilt and sorted at each change.

Every change makes the full token list again from the weights (each token's
hash kept in a dict, so a text is hashed once) and publishes it with one
assignment, with the count of nodes that hold tokens and the caches of the
members. Down nodes are a set; caches a dict of dicts, emptied in place on a
restart; the counts two ints. `hash64 or default`, as the contract allows.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left

_ABSENT = object()  # what a cache reads for a key it does not hold: no load returns it


def _sha64(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class CacheCluster:
    def __init__(self, load, virtuals_per_weight=16, replicas=2, hash64=None):
        if not isinstance(virtuals_per_weight, int) or virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be at least 1")
        if not isinstance(replicas, int) or replicas < 1:
            raise ValueError("replicas must be at least 1")
        self._load = load
        self._v = virtuals_per_weight
        self._replicas = replicas
        self._hash = hash64 or _sha64
        self._hashed = {}
        self._weights = {}
        self._down = set()
        self._caches = {}
        self._ring = ([], [], 0, {})  # (hashes, tokens, holders, caches), published together
        self._hits = 0
        self._misses = 0

    def _position(self, text):
        if text not in self._hashed:
            self._hashed[text] = self._hash(text)
        return self._hashed[text]

    def _rebuild(self, weights):
        tokens = sorted(
            (self._position(f"{node}#{i}"), f"{node}#{i}", node)
            for node, weight in weights.items()
            for i in range(weight * self._v)
        )
        holders = sum(1 for weight in weights.values() if weight)
        self._ring = ([t[0] for t in tokens], tokens, holders, dict(self._caches))

    def add_node(self, node_id, weight=1):
        if node_id in self._weights or not isinstance(weight, int) or weight < 1:
            raise ValueError("a node already there, or a weight below 1")
        weights = {**self._weights, node_id: weight}
        self._caches[node_id] = {}
        self._rebuild(weights)
        self._weights = weights

    def remove_node(self, node_id):
        if node_id not in self._weights:
            return False
        weights = dict(self._weights)
        del weights[node_id]
        del self._caches[node_id]
        self._rebuild(weights)
        self._weights = weights
        self._down.discard(node_id)
        return True

    def set_weight(self, node_id, weight):
        if not isinstance(weight, int) or weight < 0:
            raise ValueError("a negative weight")
        if node_id not in self._weights:
            raise KeyError(node_id)
        weights = {**self._weights, node_id: weight}
        self._rebuild(weights)
        self._weights = weights

    def mark_down(self, node_id):
        if node_id not in self._weights:
            raise KeyError(node_id)
        self._down.add(node_id)

    def mark_up(self, node_id):
        if node_id not in self._weights:
            raise KeyError(node_id)
        if node_id in self._down:
            self._caches[node_id].clear()  # emptied before it answers again
            self._down.discard(node_id)

    def owners(self, key):
        return self._owners(self._ring, key)

    def _owners(self, ring, key):
        hashes, tokens, holders, _ = ring
        if not tokens:
            return []
        start = bisect_left(hashes, self._hash(key)) % len(tokens)
        wanted, found = min(self._replicas, holders), []
        for step in range(len(tokens)):
            node = tokens[(start + step) % len(tokens)][2]
            if node not in found:
                found.append(node)
                if len(found) == wanted:
                    break
        return found

    def get(self, key):
        ring = self._ring  # one state: the tokens and the caches of the nodes they name
        caches = ring[3]
        live = [node for node in self._owners(ring, key) if node not in self._down]
        for node in live:
            value = caches[node].get(key, _ABSENT)  # one read: a restart may come between two
            if value is not _ABSENT:
                self._hits += 1
                return value
        value = self._load(key)
        self._misses += 1
        if live:
            caches[live[0]][key] = value
        return value

    def stats(self):
        return {"hits": self._hits, "misses": self._misses}
