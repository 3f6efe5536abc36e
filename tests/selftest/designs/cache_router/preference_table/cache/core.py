"""CacheCluster with a precomputed preference list per token.

Each change builds a Snapshot: the sorted token hashes and, for every token, the
tuple of the replicas a key starting at that token gets. A lookup is one bisect
and one table read. The snapshot is published by one assignment."""

from __future__ import annotations

import hashlib
from bisect import bisect_left

_MISSING = object()


def _sha(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class _Node:
    __slots__ = ("data", "up")

    def __init__(self):
        self.up = True
        self.data = {}


class _Snapshot:
    __slots__ = ("hashes", "members", "prefs", "tokens")

    def __init__(self, tokens, members, replicas):
        # tokens: sorted list of (hash, token_id, node_id)
        self.tokens = tokens
        self.members = members  # node_id -> _Node (a mapping never changed once published)
        self.hashes = [t[0] for t in tokens]
        m = len(tokens)
        holders = {t[2] for t in tokens}
        wanted = min(replicas, len(holders))
        prefs = [()] * m
        nxt = ()
        for i in range(2 * m - 1, -1, -1):
            node = tokens[i % m][2]
            if nxt and nxt[0] == node:
                cur = nxt
            else:
                rest = [n for n in nxt if n != node]
                cur = (node, *rest[: wanted - 1])
            if i < m:
                prefs[i] = cur
            nxt = cur
        self.prefs = prefs


class CacheCluster:
    def __init__(self, load, virtuals_per_weight=16, replicas=2, hash64=None):
        for name, value in (("virtuals_per_weight", virtuals_per_weight), ("replicas", replicas)):
            if type(value) is not int or value < 1:
                raise ValueError(f"{name} must be a positive int")
        self._load = load
        self._v = virtuals_per_weight
        self._replicas = replicas
        self._hash = _sha if hash64 is None else hash64
        self._weights = {}
        self._hits = 0
        self._misses = 0
        self._snap = _Snapshot([], {}, replicas)

    def _publish(self, tokens, members):
        self._snap = _Snapshot(tokens, members, self._replicas)

    def _ids(self, node_id, lo, hi):
        return [f"{node_id}#{i}" for i in range(lo, hi)]

    def add_node(self, node_id, weight=1):
        if node_id in self._weights:
            raise ValueError("node already there")
        if type(weight) is not int or weight < 1:
            raise ValueError("weight below 1")
        snap = self._snap
        new = [(self._hash(t), t, node_id) for t in self._ids(node_id, 0, weight * self._v)]
        tokens = sorted(snap.tokens + new)
        members = dict(snap.members)
        members[node_id] = _Node()
        self._publish(tokens, members)
        self._weights[node_id] = weight

    def remove_node(self, node_id):
        if node_id not in self._weights:
            return False
        snap = self._snap
        tokens = [t for t in snap.tokens if t[2] != node_id]
        members = {k: v for k, v in snap.members.items() if k != node_id}
        self._publish(tokens, members)
        del self._weights[node_id]
        return True

    def set_weight(self, node_id, weight):
        if node_id not in self._weights:
            raise KeyError(node_id)
        if type(weight) is not int or weight < 0:
            raise ValueError("negative weight")
        snap = self._snap
        old, new = self._weights[node_id] * self._v, weight * self._v
        if new > old:
            extra = [(self._hash(t), t, node_id) for t in self._ids(node_id, old, new)]
            tokens = sorted(snap.tokens + extra)
        elif new < old:
            gone = set(self._ids(node_id, new, old))
            tokens = [t for t in snap.tokens if t[1] not in gone]
        else:
            return
        self._publish(tokens, snap.members)
        self._weights[node_id] = weight

    def _member(self, node_id):
        try:
            return self._snap.members[node_id]
        except KeyError:
            raise KeyError(node_id) from None

    def mark_down(self, node_id):
        self._member(node_id).up = False

    def mark_up(self, node_id):
        node = self._member(node_id)
        if not node.up:
            node.data = {}
            node.up = True

    def _prefs(self, snap, key):
        if not snap.tokens:
            return ()
        i = bisect_left(snap.hashes, self._hash(key))
        return snap.prefs[i if i < len(snap.hashes) else 0]

    def owners(self, key):
        snap = self._snap
        return list(self._prefs(snap, key))

    def get(self, key):
        snap = self._snap
        nodes = [snap.members[n] for n in self._prefs(snap, key)]
        live = [n for n in nodes if n.up]
        for node in live:
            value = node.data.get(key, _MISSING)
            if value is not _MISSING:
                self._hits += 1
                return value
        value = self._load(key)
        if live:
            live[0].data[key] = value
        self._misses += 1
        return value

    def stats(self):
        return {"hits": self._hits, "misses": self._misses}
