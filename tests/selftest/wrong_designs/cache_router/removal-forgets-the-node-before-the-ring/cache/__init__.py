"""A wrong version: remove_node() takes the node out of its table before it publishes the
ring without it: a get() in between (another thread, or the hash64) raises KeyError.

A cache client in one module, written from the README alone: tokens are
(hash, token id, node, number) tuples in one sorted list, published with one
assignment; a weight change filters the node's tokens by number or adds the
missing ones.
"""

import hashlib
from bisect import bisect_left


def _sha(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class _Node:
    def __init__(self):
        self.up = True
        self.cache = {}


class CacheCluster:
    def __init__(self, load, virtuals_per_weight=16, replicas=2, hash64=None):
        for value in (virtuals_per_weight, replicas):
            if not isinstance(value, int) or value < 1:
                raise ValueError("virtuals_per_weight and replicas must be positive")
        self._load, self._v, self._r = load, virtuals_per_weight, replicas
        self._hash = hash64 if hash64 is not None else _sha
        self._nodes = {}
        self._weights = {}
        self._tokens = []
        self._hits = self._misses = 0

    def _publish(self, tokens):
        self._tokens = sorted(tokens)

    def _made(self, node, numbers):
        return [(self._hash(f"{node}#{n}"), f"{node}#{n}", node, n) for n in numbers]

    def add_node(self, node_id, weight=1):
        if node_id in self._nodes or not isinstance(weight, int) or weight < 1:
            raise ValueError("a node already there, or a weight below 1")
        self._nodes[node_id] = _Node()
        self._weights[node_id] = weight
        self._publish(self._tokens + self._made(node_id, range(weight * self._v)))

    def remove_node(self, node_id):
        if node_id not in self._nodes:
            return False
        del self._weights[node_id]
        del self._nodes[node_id]
        self._publish([t for t in self._tokens if t[2] != node_id])
        return True

    def set_weight(self, node_id, weight):
        if not isinstance(weight, int) or weight < 0:
            raise ValueError("a negative weight")
        if node_id not in self._nodes:
            raise KeyError(node_id)
        old, new = self._weights[node_id] * self._v, weight * self._v
        self._weights[node_id] = weight
        if new == 0:
            self._publish([t for t in self._tokens if t[2] != node_id])
        elif new < old:
            self._publish([t for t in self._tokens if t[2] != node_id or t[3] < new])
        elif new > old:
            self._publish(self._tokens + self._made(node_id, range(old, new)))

    def mark_down(self, node_id):
        if node_id not in self._nodes:
            raise KeyError(node_id)
        self._nodes[node_id].up = False

    def mark_up(self, node_id):
        if node_id not in self._nodes:
            raise KeyError(node_id)
        node = self._nodes[node_id]
        if not node.up:
            node.up, node.cache = True, {}

    def owners(self, key):
        tokens = self._tokens
        if not tokens:
            return []
        start = bisect_left(tokens, (self._hash(key),))
        found = []
        for step in range(len(tokens)):
            node = tokens[(start + step) % len(tokens)][2]
            if node not in found:
                found.append(node)
                if len(found) == self._r:
                    break
        return found

    def get(self, key):
        live = [self._nodes[node] for node in self.owners(key) if self._nodes[node].up]
        for node in live:
            if key in node.cache:
                self._hits += 1
                return node.cache[key]
        value = self._load(key)
        self._misses += 1
        if live:
            live[0].cache[key] = value
        return value

    def stats(self):
        return {"hits": self._hits, "misses": self._misses}
