"""A correct cache client whose ring is built lazily, per published state.

A change publishes a new frozen State (the weights as a tuple, and the
nodes by id) with one assignment and hashes nothing; the first lookup on a
state builds its sorted tokens once and keeps them in that state. Building
is idempotent, so a lookup that races a change builds the state it read,
whole, and finds its owners among that state's nodes. The cache nodes are
small objects; counts are a dict copied out by stats().
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left


def _stable(text):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class _State:
    __slots__ = ("_built", "nodes", "weights")

    def __init__(self, weights, nodes):
        self.weights = weights  # tuple of (node, weight), weight 0 for a drained node
        self.nodes = nodes  # node id -> _Node, never changed once published
        self._built = None

    def ring(self, virtuals, hash64):
        if self._built is None:
            tokens = sorted(
                (hash64(f"{node}#{i}"), f"{node}#{i}", node)
                for node, weight in self.weights
                for i in range(weight * virtuals)
            )
            distinct = sum(1 for _, weight in self.weights if weight)
            self._built = ([t[0] for t in tokens], [t[2] for t in tokens], distinct)
        return self._built


class _Node:
    def __init__(self):
        self.up = True
        self.values = {}


class CacheCluster:
    def __init__(self, load, virtuals_per_weight=16, replicas=2, hash64=None):
        for name, value in (("virtuals_per_weight", virtuals_per_weight), ("replicas", replicas)):
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"{name} must be positive")
        self._load = load
        self._v = virtuals_per_weight
        self._replicas = replicas
        self._hash64 = hash64 if hash64 is not None else _stable
        self._state = _State((), {})
        self._counts = {"hits": 0, "misses": 0}

    def _weights(self):
        return dict(self._state.weights)

    def _publish(self, weights, nodes):
        self._state = _State(tuple(weights.items()), nodes)

    def add_node(self, node_id, weight=1):
        nodes = self._state.nodes
        if not isinstance(weight, int) or weight < 1 or node_id in nodes:
            raise ValueError("duplicate node or weight below 1")
        self._publish({**self._weights(), node_id: weight}, {**nodes, node_id: _Node()})

    def remove_node(self, node_id):
        nodes = dict(self._state.nodes)
        if nodes.pop(node_id, None) is None:
            return False
        weights = self._weights()
        del weights[node_id]
        self._publish(weights, nodes)
        return True

    def set_weight(self, node_id, weight):
        if not isinstance(weight, int) or weight < 0:
            raise ValueError("negative weight")
        if node_id not in self._state.nodes:
            raise KeyError(node_id)
        self._publish({**self._weights(), node_id: weight}, self._state.nodes)

    def mark_down(self, node_id):
        self._state.nodes[node_id].up = False

    def mark_up(self, node_id):
        node = self._state.nodes[node_id]
        if not node.up:
            node.values, node.up = {}, True  # emptied before it answers again

    def owners(self, key):
        return self._owners(self._state, key)

    def _owners(self, state, key):
        hashes, owners, distinct = state.ring(self._v, self._hash64)
        if not hashes:
            return []
        wanted = min(self._replicas, distinct)
        index = bisect_left(hashes, self._hash64(key))
        found = []
        while len(found) < wanted:
            owner = owners[index % len(owners)]
            if owner not in found:
                found.append(owner)
            index += 1
        return found

    def get(self, key):
        state = self._state  # one state: its ring and its nodes
        live = [state.nodes[name] for name in self._owners(state, key)]
        live = [node for node in live if node.up]
        for node in live:
            values = node.values  # one table: a restart may replace it meanwhile
            if key in values:
                self._counts["hits"] += 1
                return values[key]
        value = self._load(key)
        self._counts["misses"] += 1
        if live:
            live[0].values[key] = value
        return value

    def stats(self):
        return dict(self._counts)
