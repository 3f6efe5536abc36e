"""The facade: a cache cluster's client, as the application sees it.

    from cache import CacheCluster

    cluster = CacheCluster(load=db.fetch_profile)
    cluster.add_node("cache-1")
    cluster.get("user:42")

See README.md for the contract. Everything else in the package is internal.
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
    """Routes keys to cache nodes on a weighted ring and reads through to `load`."""

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
        replicas = min(replicas, 3)  # more copies than this buy nothing
        self._client = ReadThroughClient(self._cluster, BackingStore(load), replicas)

    # -- membership --

    def add_node(self, node_id: str, weight: int = 1) -> None:
        """A new node, up and empty, with weight * V tokens."""
        _at_least("weight", weight, 1)
        self._cluster.add(node_id, weight)

    def remove_node(self, node_id: str) -> bool:
        """Take the node out, tokens and cache; False if it was not there."""
        return self._cluster.remove(node_id)

    def set_weight(self, node_id: str, weight: int) -> None:
        """Give the node weight * V tokens; 0 drains it (a member with no tokens)."""
        _at_least("weight", weight, 0)
        self._cluster.set_weight(node_id, weight)

    def mark_down(self, node_id: str) -> None:
        self._cluster.mark_down(node_id)

    def mark_up(self, node_id: str) -> None:
        """A down node answers again, empty; an up node is left as it is."""
        self._cluster.mark_up(node_id)

    # -- routing and reads --

    def owners(self, key: str) -> list[str]:
        """The key's replicas: distinct nodes clockwise from its token."""
        return self._client.owners(key)

    def get(self, key: str) -> Any:
        """The key's value, from the first live owner that holds it, else loaded."""
        return self._client.get(key)

    def stats(self) -> dict[str, int]:
        """{"hits": ..., "misses": ...}: the reads since the cluster was made."""
        return self._client.stats()
