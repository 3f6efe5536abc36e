"""A wrong version (third blind hunt, w04): a node keeps each value pickled, as a
cache server holds bytes, so a hit gives a copy, not the object load gave, and a
value that cannot be pickled (a lock, an object of a local class) makes get raise.
The spec tests once cached only strings, None and falsy values.

The machines: cache nodes and the backing store behind them."""

from __future__ import annotations

import pickle
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
            return True, pickle.loads(self._values[key])
        return False, None

    def store(self, key: str, value: Any) -> None:
        # a cache server holds bytes, as memcached does
        self._values[key] = pickle.dumps(value)

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
