"""Snapshot ring that rebuilds the whole sorted token list from the weights on each change."""

import hashlib
from bisect import bisect_left


def default_hash64(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class RingView:
    def __init__(self, hashes, token_ids, owners, weights, version, hash64):
        self._hashes = hashes
        self._token_ids = token_ids
        self._owners = owners
        self._weights = weights
        self.__version = version
        self._hash64 = hash64

    @property
    def version(self):
        return self.__version

    @property
    def weights(self):
        return dict(self._weights)

    def _start(self, key):
        i = bisect_left(self._hashes, self._hash64(key))
        return i if i < len(self._hashes) else 0

    def get_node(self, key):
        if not self._hashes:
            return None
        return self._owners[self._start(key)]

    def get_nodes(self, key, count):
        if count < 0:
            raise ValueError("count must be >= 0")
        if count == 0 or not self._hashes:
            return []
        want = min(count, len(self._weights))
        n = len(self._owners)
        i = self._start(key)
        out, seen = [], set()
        while len(out) < want:
            o = self._owners[i]
            if o not in seen:
                seen.add(o)
                out.append(o)
            i = (i + 1) % n
        return out


class SnapshotRing:
    def __init__(self, virtuals_per_weight, hash64=None):
        if not isinstance(virtuals_per_weight, int) or virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be >= 1")
        self.v = virtuals_per_weight
        self.hash64 = default_hash64 if hash64 is None else hash64
        self._current = RingView((), (), (), {}, 0, self.hash64)

    def set_weight(self, node_id, weight):
        if weight < 0:
            raise ValueError("weight must not be negative")
        weights = self._current.weights
        if weights.get(node_id, 0) == weight:
            return
        if weight == 0:
            del weights[node_id]
        else:
            weights[node_id] = weight
        tokens = sorted(
            (self.hash64(tid), tid, node)
            for node, w in weights.items()
            for tid in (f"{node}#{i}" for i in range(w * self.v))
        )
        self._current = RingView(
            tuple(t[0] for t in tokens),
            tuple(t[1] for t in tokens),
            tuple(t[2] for t in tokens),
            weights,
            self._current.version + 1,
            self.hash64,
        )

    def snapshot(self):
        return self._current

    def get_node(self, key):
        return self.snapshot().get_node(key)
