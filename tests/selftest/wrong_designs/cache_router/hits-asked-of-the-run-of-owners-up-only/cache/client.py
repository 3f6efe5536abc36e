"""A wrong version: a get asks for a hit only the owners up in a row from the first one
up, stopping at the next one down: a key cached on its third owner is missed once its
first owner is back, empty, while the second is still down.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from .cluster import Cluster
from .nodes import BackingStore
from .replicas import walk


class Counts:
    """What the reads did: hits by the node that answered, misses by the node the value
    was then cached on (None: nowhere), and the totals, kept as they go so that stats()
    costs the same however many nodes have come and gone."""

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.misses: Counter[str | None] = Counter()
        self.totals = {"hits": 0, "misses": 0}

    def hit(self, node_id: str) -> None:
        self.hits[node_id] += 1
        self.totals["hits"] += 1

    def miss(self, node_id: str | None) -> None:
        self.misses[node_id] += 1
        self.totals["misses"] += 1


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
        # The ring and the nodes from one published state: a change made meanwhile, by
        # another thread or inside the hash64 or load this get calls, cannot leave it
        # an owner that is not in the table it looks owners up in.
        state = self._cluster.state
        owners = [state.nodes[node_id] for node_id in walk(state.ring, key, self._replicas)]
        live = [node for node in owners if node.up]
        for node in itertools.takewhile(
            lambda n: n.up, owners[owners.index(live[0]) :] if live else []
        ):
            found, value = node.lookup(key)
            if found:
                # No copy onto the owners before it: the cache is filled on a miss
                # only, so that a read never turns into a write on another node.
                self.counts.hit(node.node_id)
                return value
        # A load that raises goes on to the caller: nothing is cached, and nothing
        # counted (stats() counts the reads that gave a value).
        value = self._store.load(key)
        if not live:
            # Cached nowhere: a node that does not own the key would go on serving
            # it after its owners are back, and nothing would ever refresh it there.
            self.counts.miss(None)
            return value
        home = live[0]
        home.store(key, value)
        self.counts.miss(home.node_id)
        return value

    def stats(self) -> dict[str, int]:
        """The totals since the client was made."""
        return dict(self.counts.totals)
