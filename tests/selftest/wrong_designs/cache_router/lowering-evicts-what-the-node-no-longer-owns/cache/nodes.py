"""A wrong version (second blind hunt, w09): lowering a node's weight to 1 or more
frees the values of the keys it no longer owns, though a node keeps what is cached
on it until it leaves or restarts: raised again, it misses them. The spec tests once
checked the cache kept only through a drain to 0.

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

    def lookup(self, key: str) -> tuple[bool, Any]:
        """What is cached here for `key`, as (found, value)."""
        if key in self._values:
            return True, self._values[key]
        return False, None

    def store(self, key: str, value: Any) -> None:
        self._values[key] = value

    def evict_unless(self, keep) -> None:
        for key in [k for k in self._values if not keep(k)]:
            del self._values[key]

    def go_down(self) -> None:
        self.up = False

    def restart(self) -> None:
        """Back up after an outage, with nothing cached: memory does not survive it."""
        self._values.clear()
        self.up = True


class BackingStore:
    """The database behind the cache: every miss is one load here."""

    def __init__(self, load: Loader) -> None:
        self._load = load
        self.loads: Counter[str] = Counter()  # by key

    def load(self, key: str) -> Any:
        self.loads[key] += 1
        return self._load(key)
