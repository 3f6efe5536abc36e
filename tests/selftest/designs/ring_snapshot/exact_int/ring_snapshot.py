"""A correct snapshot ring that checks its numbers with `type(value) is int`.

The contract leaves bools, floats and int subclasses open, so refusing all
but exact ints is as right as the reference's isinstance check. A view holds
three parallel tuples (hashes, token ids, nodes) in ring order; set_weight
builds the next three aside and publishes the new view in one assignment.
"""

import hashlib
from bisect import bisect_left


def default_hash64(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _exact(value, lowest, what):
    if type(value) is not int or value < lowest:
        raise ValueError(f"{what} must be an int of at least {lowest}")


class RingView:
    def __init__(self, hashes, ids, nodes, weights, version, hash64):
        self._hashes, self._ids, self._nodes = hashes, ids, nodes
        self._weights = weights
        self._version = version
        self._hash64 = hash64

    @property
    def version(self):
        return self._version

    @property
    def weights(self):
        return self._weights.copy()

    def _start(self, key):
        at = bisect_left(self._hashes, self._hash64(key))
        return 0 if at == len(self._hashes) else at

    def get_node(self, key):
        return self._nodes[self._start(key)] if self._nodes else None

    def get_nodes(self, key, count):
        _exact(count, 0, "count")
        found = {}
        if not self._nodes:
            return []
        size, at = len(self._nodes), self._start(key)
        limit = min(count, len(self._weights))
        while len(found) < limit:
            found.setdefault(self._nodes[at % size], None)
            at += 1
        return list(found)


class SnapshotRing:
    def __init__(self, virtuals_per_weight, hash64=None):
        _exact(virtuals_per_weight, 1, "virtuals_per_weight")
        self._virtuals = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._current = RingView((), (), (), {}, 0, self._hash64)

    def set_weight(self, node_id, weight):
        _exact(weight, 0, "weight")
        old = self._current
        had = old._weights.get(node_id, 0)
        if had == weight:
            return
        stay = {f"{node_id}#{i}" for i in range(min(had, weight) * self._virtuals)}
        records = [
            (h, t, n)
            for h, t, n in zip(old._hashes, old._ids, old._nodes, strict=True)
            if n != node_id or t in stay
        ]
        for i in range(had * self._virtuals, weight * self._virtuals):
            token = f"{node_id}#{i}"
            records.append((self._hash64(token), token, node_id))
        records.sort()
        weights = old._weights.copy()
        weights.pop(node_id, None)
        if weight:
            weights[node_id] = weight
        hashes = tuple(r[0] for r in records)
        ids = tuple(r[1] for r in records)
        nodes = tuple(r[2] for r in records)
        self._current = RingView(hashes, ids, nodes, weights, old.version + 1, self._hash64)

    def snapshot(self):
        return self._current

    def get_node(self, key):
        return self._current.get_node(key)
