"""A wrong version (fourth blind hunt, c2): the ring is changed in place under a lock
that lookups take too, so a lookup made while a change is under way (another
thread's, at any line of the change) waits for the change to end: the contract has
lookups never wait for a change.

A mutable ring changed in place under a lock: readers and writers take the lock,
and no user code (hash64, load) ever runs while it is held."""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections import Counter

from .hashing import stable_hash64

_MISSING = object()


def _positive(name, value, lowest):
    if not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


class CacheCluster:
    def __init__(self, load, virtuals_per_weight=16, replicas=2, hash64=None):
        _positive("virtuals_per_weight", virtuals_per_weight, 1)
        _positive("replicas", replicas, 1)
        self._load = load
        self._v = virtuals_per_weight
        self._replicas = replicas
        self._hash = stable_hash64 if hash64 is None else hash64
        self._lock = threading.Lock()
        self._ring: list[tuple[int, str, str]] = []  # in place, ring order
        self._positions: list[int] = []  # the hashes of _ring
        self._token_hash: dict[str, int] = {}
        self._held = Counter()  # node -> tokens on the ring (absent when none)
        self._weight: dict[str, int] = {}
        self._down: set[str] = set()
        self._cache: dict[str, dict] = {}
        self._hits = 0
        self._misses = 0

    # -- in-place ring edits, lock held --

    def _insert(self, token):
        i = bisect_left(self._ring, token)
        self._ring.insert(i, token)
        self._positions.insert(i, token[0])
        self._token_hash[token[1]] = token[0]
        self._held[token[2]] += 1

    def _delete(self, token_id, node_id):
        token = (self._token_hash.pop(token_id), token_id, node_id)
        i = bisect_left(self._ring, token)
        del self._ring[i]
        del self._positions[i]
        self._held[node_id] -= 1
        if not self._held[node_id]:
            del self._held[node_id]

    def _hashed(self, node_id, numbers):
        return [(self._hash(f"{node_id}#{n}"), f"{node_id}#{n}", node_id) for n in numbers]

    # -- membership --

    def add_node(self, node_id, weight=1):
        _positive("weight", weight, 1)
        if node_id in self._weight:
            raise ValueError(f"node {node_id!r} is already a member")
        tokens = self._hashed(node_id, range(weight * self._v))
        with self._lock:
            if node_id in self._weight:
                raise ValueError(f"node {node_id!r} is already a member")
            for token in tokens:
                self._insert(token)
            self._weight[node_id] = weight
            self._cache[node_id] = {}

    def remove_node(self, node_id):
        with self._lock:
            if node_id not in self._weight:
                return False
            for number in range(self._weight[node_id] * self._v):
                self._delete(f"{node_id}#{number}", node_id)
            del self._weight[node_id]
            del self._cache[node_id]
            self._down.discard(node_id)
            return True

    def set_weight(self, node_id, weight):
        while True:
            with self._lock:
                if node_id not in self._weight:
                    raise KeyError(node_id)
                have = self._weight[node_id]
            _positive("weight", weight, 0)
            joining = self._hashed(node_id, range(have * self._v, weight * self._v))
            with self._lock:
                if node_id not in self._weight:
                    raise KeyError(node_id)
                if self._weight[node_id] != have:
                    continue  # changed while we hashed: start again
                for token in joining:
                    self._insert(token)
                for number in range(weight * self._v, have * self._v):
                    self._delete(f"{node_id}#{number}", node_id)
                self._weight[node_id] = weight
                return

    def mark_down(self, node_id):
        with self._lock:
            if node_id not in self._weight:
                raise KeyError(node_id)
            self._down.add(node_id)

    def mark_up(self, node_id):
        with self._lock:
            if node_id not in self._weight:
                raise KeyError(node_id)
            if node_id in self._down:
                self._down.discard(node_id)
                self._cache[node_id] = {}  # restarted: a new, empty memory

    # -- routing, lock held --

    def _walk(self, position):
        ring = self._ring
        size = len(ring)
        if not size:
            return []
        wanted = min(self._replicas, len(self._held))
        start = bisect_left(self._positions, position)
        found = []
        for step in range(size):
            node = ring[(start + step) % size][2]
            if node not in found[-wanted:] and node not in found:
                found.append(node)
                if len(found) == wanted:
                    break
        return found

    def owners(self, key):
        position = self._hash(key)
        with self._lock:
            return self._walk(position)

    def get(self, key):
        position = self._hash(key)
        with self._lock:
            live = [node for node in self._walk(position) if node not in self._down]
            for node in live:
                value = self._cache[node].get(key, _MISSING)
                if value is not _MISSING:
                    self._hits += 1
                    return value
            home = self._cache[live[0]] if live else None
        value = self._load(key)
        with self._lock:
            if home is not None:
                # Stored in the memory the node had when the get looked: if it left or
                # restarted since, the value goes with that memory, as it would have.
                home[key] = value
            self._misses += 1
        return value

    def stats(self):
        with self._lock:
            return {"hits": self._hits, "misses": self._misses}
