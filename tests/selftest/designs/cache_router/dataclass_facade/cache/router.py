"""The reference's facade as a `@dataclass(slots=True)`, eq=True as dataclasses make it.

So a CacheCluster is unhashable (eq=True and not frozen sets __hash__ to None),
compares equal to another made of equal fields, and has no __dict__ and no
__weakref__. The contract asks nothing of a cluster's hashing, equality,
repr or attributes: it must be Solved. The other modules are the
reference's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .client import ReadThroughClient
from .cluster import Cluster
from .hashing import Hash64, stable_hash64
from .nodes import BackingStore, Loader


def _at_least(name: str, value: int, lowest: int) -> None:
    if not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


@dataclass(slots=True)
class CacheCluster:
    load: Loader
    virtuals_per_weight: int = 16
    replicas: int = 2
    hash64: Hash64 | None = None
    _cluster: Cluster = field(init=False)
    _client: ReadThroughClient = field(init=False)

    def __post_init__(self) -> None:
        _at_least("virtuals_per_weight", self.virtuals_per_weight, 1)
        _at_least("replicas", self.replicas, 1)
        self._cluster = Cluster(self.virtuals_per_weight, self.hash64 or stable_hash64)
        self._client = ReadThroughClient(self._cluster, BackingStore(self.load), self.replicas)

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
