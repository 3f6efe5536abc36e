"""A wrong version (thirteenth blind hunt, c3): get takes each owner's cache (the table of
values of the node's current life: a restart gives the node a new one) and then checks
the node is up, so a node marked up between the two (another thread's mark_up, the node
down when the get began) serves, from the table it held, what it cached before its
outage. The spec tests once made a restart inside a get only whole.

The machines: cache nodes and the backing store behind them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

Loader = Callable[[str], Any]


class CacheNode:
    """One cache server: the values cached on it, and whether it answers."""

    def __init__(self, node_id: str) -> None:
        self.node_id = node_id
        self.up = True
        self._values: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self._values)

    @property
    def values(self) -> dict[str, Any]:
        """What is cached here in this life of the node: a restart starts a new table, and
        the one it replaces is never written again."""
        return self._values

    def store(self, key: str, value: Any) -> None:
        self._values[key] = value

    def go_down(self) -> None:
        self.up = False

    def restart(self) -> None:
        """Back up after an outage, with nothing cached: memory does not survive it."""
        # A new table first, then up: a get in between sees the node down, never up with
        # what it held before the outage.
        self._values = {}
        self.up = True


class BackingStore:
    """The database behind the cache: every miss is one load here."""

    def __init__(self, load: Loader) -> None:
        self._load = load
        self.loads: Counter[str] = Counter()  # by key

    def load(self, key: str) -> Any:
        self.loads[key] += 1
        return self._load(key)
