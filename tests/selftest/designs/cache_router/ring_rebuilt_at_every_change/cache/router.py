"""A correct cache client (a blind hunt's) that rebuilds the world at every change:
membership, weight or health builds a new immutable snapshot from the weights table,
ring included, and publishes it with one assignment. A restart costs O(M) here, which
the contract allows (it bounds owners and get only).
"""

import threading
from bisect import bisect_left
from types import MappingProxyType

from .hashing import stable_hash64

_ABSENT = object()


class _Snapshot:
    __slots__ = ("health", "holders", "tokens")

    def __init__(self, tokens, health):
        self.tokens = tokens  # tuple of (hash, token_id, node_id), ring order
        self.holders = len({t[2] for t in tokens})
        self.health = health  # node_id -> dict of values (up) or None (down)


class CacheCluster:
    def __init__(self, load, virtuals_per_weight=16, replicas=2, hash64=None):
        if type(virtuals_per_weight) is not int or virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight")
        if type(replicas) is not int or replicas < 1:
            raise ValueError("replicas")
        self._load = load
        self._v = virtuals_per_weight
        self._r = replicas
        self._h = stable_hash64 if hash64 is None else hash64
        self._writer = threading.RLock()
        self._weights = {}
        self._positions = {}  # token id -> hash, for this cluster's hash64
        self._snap = _Snapshot((), MappingProxyType({}))
        self._count_lock = threading.Lock()
        self._counts = [0, 0]

    def _tokens_of(self, weights):
        out = []
        pos = self._positions
        for node_id, weight in weights.items():
            for i in range(weight * self._v):
                tid = f"{node_id}#{i}"
                h = pos.get(tid)
                if h is None:
                    h = self._h(tid)
                    pos[tid] = h
                out.append((h, tid, node_id))
        out.sort()
        return tuple(out)

    def _publish(self, weights, health, rebuild=True):
        tokens = self._tokens_of(weights) if rebuild else self._snap.tokens
        self._snap = _Snapshot(tokens, MappingProxyType(health))
        self._weights = weights

    def add_node(self, node_id, weight=1):
        if type(weight) is not int or weight < 1:
            raise ValueError("weight")
        with self._writer:
            if node_id in self._weights:
                raise ValueError(node_id)
            weights = {**self._weights, node_id: weight}
            health = {**self._snap.health, node_id: {}}
            self._publish(weights, health)

    def remove_node(self, node_id):
        with self._writer:
            if node_id not in self._weights:
                return False
            weights = {k: w for k, w in self._weights.items() if k != node_id}
            health = {k: c for k, c in self._snap.health.items() if k != node_id}
            # forget the positions of its tokens: a re-add hashes them again
            for i in range(self._weights[node_id] * self._v):
                self._positions.pop(f"{node_id}#{i}", None)
            self._publish(weights, health)
            return True

    def set_weight(self, node_id, weight):
        with self._writer:
            if node_id not in self._weights:
                raise KeyError(node_id)
            if type(weight) is not int or weight < 0:
                raise ValueError("weight")
            weights = dict(self._weights)
            weights[node_id] = weight
            self._publish(weights, dict(self._snap.health))

    def mark_down(self, node_id):
        with self._writer:
            if node_id not in self._weights:
                raise KeyError(node_id)
            health = dict(self._snap.health)
            health[node_id] = None
            self._publish(self._weights, health)

    def mark_up(self, node_id):
        with self._writer:
            if node_id not in self._weights:
                raise KeyError(node_id)
            if self._snap.health[node_id] is not None:
                return
            health = dict(self._snap.health)
            health[node_id] = {}
            self._publish(self._weights, health)

    def _walk(self, tokens, holders, key):
        n = len(tokens)
        if not n:
            return []
        i = bisect_left(tokens, self._h(key), key=lambda t: t[0])
        if i == n:
            i = 0
        want = min(self._r, holders)
        out, seen = [], set()
        while True:
            node_id = tokens[i][2]
            if node_id not in seen:
                seen.add(node_id)
                out.append(node_id)
                if len(out) == want:
                    return out
            i += 1
            if i == n:
                i = 0

    def owners(self, key):
        snap = self._snap
        return self._walk(snap.tokens, snap.holders, key)

    def get(self, key):
        snap = self._snap
        home = None
        for node_id in self._walk(snap.tokens, snap.holders, key):
            values = snap.health[node_id]
            if values is None:
                continue
            value = values.get(key, _ABSENT)
            if value is not _ABSENT:
                with self._count_lock:
                    self._counts[0] += 1
                return value
            if home is None:
                home = values
        value = self._load(key)
        if home is not None:
            home[key] = value
        with self._count_lock:
            self._counts[1] += 1
        return value

    def stats(self):
        with self._count_lock:
            return {"hits": self._counts[0], "misses": self._counts[1]}
