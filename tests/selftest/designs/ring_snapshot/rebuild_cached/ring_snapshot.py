"""Snapshot ring: per-node token lists kept in the view; sorted() of them all on each change."""

import hashlib
from bisect import bisect_left
from itertools import chain


def default_hash64(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class RingView:
    def __init__(self, per_node, weights, version, hash64):
        # per_node: node -> tuple of (hash, token_id, node) for its tokens; never mutated
        self._per_node = per_node
        self._tokens = tuple(sorted(chain.from_iterable(per_node.values())))
        self._hashes = tuple(t[0] for t in self._tokens)
        self._weights = weights
        self._version = version
        self._hash64 = hash64

    @property
    def version(self):
        return self._version

    @property
    def weights(self):
        return dict(self._weights)

    def get_node(self, key):
        if not self._tokens:
            return None
        i = bisect_left(self._hashes, self._hash64(key))
        return self._tokens[i % len(self._tokens)][2]

    def get_nodes(self, key, count):
        if count < 0:
            raise ValueError("count must be >= 0")
        if count == 0 or not self._tokens:
            return []
        want = min(count, len(self._weights))
        n = len(self._tokens)
        i = bisect_left(self._hashes, self._hash64(key))
        out, seen = [], set()
        while len(out) < want:
            node = self._tokens[i % n][2]
            if node not in seen:
                seen.add(node)
                out.append(node)
            i += 1
        return out


class SnapshotRing:
    def __init__(self, virtuals_per_weight, hash64=None):
        if not isinstance(virtuals_per_weight, int) or virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be >= 1")
        self._v = virtuals_per_weight
        self._hash64 = hash64 or default_hash64
        self._view = RingView({}, {}, 0, self._hash64)

    def set_weight(self, node_id, weight):
        if not isinstance(weight, int) or weight < 0:
            raise ValueError("weight must be a non-negative int")
        view = self._view
        old = view._weights.get(node_id, 0)
        if old == weight:
            return
        per_node = dict(view._per_node)
        weights = dict(view._weights)
        if weight == 0:
            del per_node[node_id]
            del weights[node_id]
        else:
            kept = per_node.get(node_id, ())[: weight * self._v]
            extra = tuple(
                (self._hash64(f"{node_id}#{i}"), f"{node_id}#{i}", node_id)
                for i in range(len(kept), weight * self._v)
            )
            per_node[node_id] = kept + extra
            weights[node_id] = weight
        self._view = RingView(per_node, weights, view.version + 1, self._hash64)

    def snapshot(self):
        return self._view

    def get_node(self, key):
        return self._view.get_node(key)
