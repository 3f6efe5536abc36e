"""The read policy: read-through caching, with fallback along the replicas.

For a key, the client asks the cluster for its owners (replicas.walk on the
published ring), skips the owners that are down, and then:
- the first live owner that holds the key answers: a hit;
- otherwise the value is loaded from the backing store, once, and cached on
  the first live owner: a miss;
- with every owner down, the value is loaded and not cached anywhere.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cluster import Cluster
from .nodes import BackingStore
from .replicas import walk


class Counts:
    """Hits by the node that answered; misses by the node the value was cached on,
    None for a value cached nowhere."""

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.misses: Counter[str | None] = Counter()


class ReadThroughClient:
    """Reads through a cluster's nodes to the backing store."""

    def __init__(self, cluster: Cluster, store: BackingStore, replicas: int) -> None:
        self._cluster = cluster
        self._store = store
        self._replicas = replicas
        self.counts = Counts()

    def owners(self, key: str) -> list[str]:
        """The key's replicas, down or not, on the ring as published now."""
        return walk(self._cluster.ring, key, self._replicas)

    def get(self, key: str) -> Any:
        live = [node for node in map(self._cluster.node, self.owners(key)) if node.up]
        for node in live:
            found, value = node.lookup(key)
            if found:
                # No copy onto the owners before it: the cache is filled on a miss
                # only, so that a read never turns into a write on another node.
                self.counts.hits[node.node_id] += 1
                return value
        value = self._store.load(key)
        if live:
            live[0].store(key, value)
            self.counts.misses[live[0].node_id] += 1
        else:
            # Cached nowhere: a node that does not own the key would go on serving
            # it after its owners are back, and nothing would ever refresh it there.
            self.counts.misses[None] += 1
        return value

    def stats(self) -> dict[str, int]:
        return {"hits": self.counts.hits.total(), "misses": self.counts.misses.total()}
