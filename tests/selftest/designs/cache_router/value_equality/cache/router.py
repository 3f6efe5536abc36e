"""The reference's facade with a value-based __eq__: two clusters are equal when they
hold the same nodes at the same weights and have counted the same reads.

Defining __eq__ makes the class unhashable, and two clusters made alike are
equal until they differ. The contract asks nothing of a cluster's equality
or hashing: it must be Solved. The other modules are the reference's.
"""

from __future__ import annotations

from typing import Any

from .client import ReadThroughClient
from .cluster import Cluster
from .hashing import Hash64, stable_hash64
from .nodes import BackingStore, Loader


def _at_least(name: str, value: int, lowest: int) -> None:
    if not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


class CacheCluster:
    def __init__(
        self,
        load: Loader,
        virtuals_per_weight: int = 16,
        replicas: int = 2,
        hash64: Hash64 | None = None,
    ) -> None:
        _at_least("virtuals_per_weight", virtuals_per_weight, 1)
        _at_least("replicas", replicas, 1)
        self._cluster = Cluster(virtuals_per_weight, hash64 or stable_hash64)
        self._client = ReadThroughClient(self._cluster, BackingStore(load), replicas)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CacheCluster):
            return NotImplemented
        return (self._cluster.weights, self.stats()) == (other._cluster.weights, other.stats())

    def add_node(self, node_id: str, weight: int = 1) -> None:
        _at_least("weight", weight, 1)
        self._cluster.add(node_id, weight)

    def remove_node(self, node_id: str) -> bool:
        return self._cluster.remove(node_id)

    def set_weight(self, node_id: str, weight: int) -> None:
        _at_least("weight", weight, 0)
        self._cluster.set_weight(node_id, weight)

    def mark_down(self, node_id: str) -> None:
        self._cluster.mark_down(node_id)

    def mark_up(self, node_id: str) -> None:
        self._cluster.mark_up(node_id)

    def owners(self, key: str) -> list[str]:
        return self._client.owners(key)

    def get(self, key: str) -> Any:
        return self._client.get(key)

    def stats(self) -> dict[str, int]:
        return self._client.stats()
