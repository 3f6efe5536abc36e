"""The machines: cache nodes and the backing store behind them.

The values of every node live in one store per cluster, namespaced the way the
cache servers name them on the wire: "<node>:<key>". A node is its id, its health
and a handle on that store.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

Loader = Callable[[str], Any]


class Store:
    """The cluster's cached values, "<node>:<key>" -> value."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def drop_node(self, node_id: str) -> None:
        prefix = f"{node_id}:"
        for name in [name for name in self.values if name.startswith(prefix)]:
            del self.values[name]


class CacheNode:
    """One cache server: whether it answers, and its namespace in the store."""

    def __init__(self, node_id: str, store: Store) -> None:
        self.node_id = node_id
        self.up = True
        self.gone = False
        self._store = store

    def lookup(self, key: str) -> tuple[bool, Any]:
        """What is cached here for `key`, as (found, value)."""
        # One read of the table, not `key in` and then a read: a restart (another
        # thread's, or one made from a load) between the two would clear the value
        # the check found.
        try:
            return True, self._store.values[f"{self.node_id}:{key}"]
        except KeyError:
            return False, None

    def store(self, key: str, value: Any) -> None:
        if self.gone:  # left the cluster while the value was loading
            return
        self._store.values[f"{self.node_id}:{key}"] = value

    def go_down(self) -> None:
        self.up = False

    def restart(self) -> None:
        """Back up after an outage, with nothing cached: memory does not survive it."""
        # Emptied first, then up: a get in between sees the node down, never up with
        # what it held before the outage.
        self._store.drop_node(self.node_id)
        self.up = True

    def leave(self) -> None:
        self.gone = True
        self._store.drop_node(self.node_id)


class BackingStore:
    """The database behind the cache: every miss is one load here."""

    def __init__(self, load: Loader) -> None:
        self._load = load
        self.loads: Counter[str] = Counter()  # by key

    def load(self, key: str) -> Any:
        self.loads[key] += 1
        return self._load(key)
