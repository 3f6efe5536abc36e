"""A wrong version: mark_up of a down node removes it and adds it again, with its weight:
two changes, each published, so a lookup between them (from the hash64 the join calls)
sees the cluster without the node, which neither the cluster before nor after is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .hashing import Hash64
from .nodes import CacheNode
from .ring import Ring


@dataclass(frozen=True)
class State:
    """One published state of the cluster: the ring, and every member by id. Neither is
    changed once published; a change makes the next State. The nodes themselves are
    shared from one State to the next: their health and cache are not membership."""

    ring: Ring
    nodes: Mapping[str, CacheNode]


class Cluster:
    """The members of one cache cluster."""

    def __init__(self, virtuals_per_weight: int, hash64: Hash64) -> None:
        self._virtuals = virtuals_per_weight
        self._weights: dict[str, int] = {}
        self._state = State(Ring(hash64), {})

    @property
    def state(self) -> State:
        """The cluster as published now: read it once per lookup."""
        return self._state

    @property
    def ring(self) -> Ring:
        """The ring as published now."""
        return self._state.ring

    @property
    def weights(self) -> dict[str, int]:
        """Each member and its weight (0 for a drained one), in a new dict."""
        return dict(self._weights)

    def node(self, node_id: str) -> CacheNode:
        """The member `node_id`; KeyError if there is none."""
        nodes = self._state.nodes
        if node_id not in nodes:
            raise KeyError(f"no node {node_id!r} in the cluster")
        return nodes[node_id]

    def add(self, node_id: str, weight: int) -> None:
        if node_id in self._weights:
            raise ValueError(f"node {node_id!r} is already in the cluster")
        state = self._state
        ring = state.ring.with_tokens(node_id, range(weight * self._virtuals))
        nodes = {**state.nodes, node_id: CacheNode(node_id)}
        self._weights[node_id] = weight
        self._state = State(ring, nodes)

    def remove(self, node_id: str) -> bool:
        if node_id not in self._weights:
            return False
        state = self._state
        nodes = {member: node for member, node in state.nodes.items() if member != node_id}
        del self._weights[node_id]
        self._state = State(state.ring.without(node_id), nodes)
        return True

    def set_weight(self, node_id: str, weight: int) -> None:
        """A capacity change: the node's token count becomes weight * V (0 drains it)."""
        self.node(node_id)  # KeyError for a stranger, before anything changes
        state = self._state
        have = self._weights[node_id] * self._virtuals
        want = weight * self._virtuals
        if want >= have:
            ring = state.ring.with_tokens(node_id, range(have, want))
        else:
            ring = state.ring.without_tokens(node_id, range(want, have))
        self._weights[node_id] = weight
        self._state = State(ring, state.nodes)

    def mark_down(self, node_id: str) -> None:
        self.node(node_id).go_down()

    def mark_up(self, node_id: str) -> None:
        node = self.node(node_id)
        # A node that never went down keeps its cache: only a restart loses it.
        if not node.up:
            # a restart is a leave and a join: same id, same weight, a new empty node
            weight = self._weights[node_id]
            self.remove(node_id)
            self.add(node_id, weight)
