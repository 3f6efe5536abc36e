"""A wrong version (eighth blind hunt, w16): a restart is made O(1) by an epoch tag kept
modulo 256 (one byte, "as the node's wire header carries it"), each value tagged with the
epoch it was cached in, so after 256 restarts in a row the epoch comes round again and
the node serves what it held before them. The spec tests' long runs once restarted a
node 200 times, each restart followed by gets that cached its keys anew.

The machines: cache nodes and the backing store behind them.
"""

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
        # A restart is O(1): each value is tagged with the epoch it was cached in,
        # and a restart starts a new epoch (one byte, as the node's wire header
        # carries it); values of an older epoch are not there.
        self._epoch = 0
        self._values: dict[str, tuple[int, Any]] = {}

    def __len__(self) -> int:
        return sum(1 for epoch, _ in self._values.values() if epoch == self._epoch)

    def lookup(self, key: str) -> tuple[bool, Any]:
        """What is cached here for `key`, as (found, value)."""
        # One read of the table, then the epoch: a restart between the two makes
        # the value one of an older epoch.
        entry = self._values.get(key)
        if entry is None or entry[0] != self._epoch:
            return False, None
        return True, entry[1]

    def store(self, key: str, value: Any) -> None:
        self._values[key] = (self._epoch, value)

    def go_down(self) -> None:
        self.up = False

    def restart(self) -> None:
        """Back up after an outage, with nothing cached: memory does not survive it."""
        # A new epoch first, then up: a get in between sees the node down, never up
        # with what it held before the outage.
        self._epoch = (self._epoch + 1) % 256
        self.up = True


class BackingStore:
    """The database behind the cache: every miss is one load here."""

    def __init__(self, load: Loader) -> None:
        self._load = load
        self.loads: Counter[str] = Counter()  # by key

    def load(self, key: str) -> Any:
        self.loads[key] += 1
        return self._load(key)
