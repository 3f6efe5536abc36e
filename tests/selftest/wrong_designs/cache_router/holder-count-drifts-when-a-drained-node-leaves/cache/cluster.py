"""A wrong version (blind hunt, w18): the count of nodes with tokens is kept as changes go
(cluster.py), and a drained node that is removed is taken off it twice, so owners()
stops a replica short. The spec tests once never removed a drained node.

Membership: the cache nodes, their weights and health, and the ring they make.

Every change of membership or weight builds the next Ring aside and then
publishes it with one assignment to `_ring`, so that a lookup, from another
thread or from inside the hash64 a change calls, reads a ring that is whole.
Writers are serialised by the caller; readers take no lock.

Health (up or down) is not in the ring: a down node keeps its tokens, and the
client skips it (client.py). So an outage moves no key, and a node that comes
back owns exactly what it owned before.
"""

from __future__ import annotations

from .hashing import Hash64
from .nodes import CacheNode
from .ring import Ring


class Cluster:
    """The members of one cache cluster."""

    def __init__(self, virtuals_per_weight: int, hash64: Hash64) -> None:
        self._virtuals = virtuals_per_weight
        self._nodes: dict[str, CacheNode] = {}
        self._weights: dict[str, int] = {}
        self._ring = Ring(hash64)
        self.holders = 0  # nodes with tokens, kept as changes go

    @property
    def ring(self) -> Ring:
        """The ring as published now: read it once per lookup."""
        return self._ring

    @property
    def weights(self) -> dict[str, int]:
        """Each member and its weight (0 for a drained one), in a new dict."""
        return dict(self._weights)

    def node(self, node_id: str) -> CacheNode:
        """The member `node_id`; KeyError if there is none."""
        if node_id not in self._nodes:
            raise KeyError(f"no node {node_id!r} in the cluster")
        return self._nodes[node_id]

    def add(self, node_id: str, weight: int) -> None:
        if node_id in self._nodes:
            raise ValueError(f"node {node_id!r} is already in the cluster")
        ring = self._ring.with_tokens(node_id, range(weight * self._virtuals))
        # The node exists before the ring that names it is published: a lookup on
        # the new ring must find every owner it gives.
        self._nodes[node_id] = CacheNode(node_id)
        self._weights[node_id] = weight
        self.holders += 1
        self._ring = ring

    def remove(self, node_id: str) -> bool:
        if node_id not in self._nodes:
            return False
        # The ring first, the node after: a published ring never names a node that
        # has gone.
        self._ring = self._ring.without(node_id)
        del self._weights[node_id]
        self.holders -= 1
        del self._nodes[node_id]
        return True

    def set_weight(self, node_id: str, weight: int) -> None:
        """A capacity change: the node's token count becomes weight * V (0 drains it)."""
        self.node(node_id)  # KeyError for a stranger, before anything changes
        have = self._weights[node_id] * self._virtuals
        want = weight * self._virtuals
        if want >= have:
            ring = self._ring.with_tokens(node_id, range(have, want))
        else:
            ring = self._ring.without_tokens(node_id, range(want, have))
        if have == 0 and want > 0:
            self.holders += 1
        elif have > 0 and want == 0:
            self.holders -= 1
        self._weights[node_id] = weight
        self._ring = ring

    def mark_down(self, node_id: str) -> None:
        self.node(node_id).go_down()

    def mark_up(self, node_id: str) -> None:
        node = self.node(node_id)
        # A node that never went down keeps its cache: only a restart loses it.
        if not node.up:
            node.restart()
