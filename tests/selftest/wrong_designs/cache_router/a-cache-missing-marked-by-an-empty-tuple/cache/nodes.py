"""A wrong version: a node's lookup marks a missing key with the empty tuple, so a key
whose value is () is never found: every get of it is a miss, and loads it again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

Loader = Callable[[str], Any]

_MISSING = ()  # no value is the empty tuple, or so it was thought


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
        value = self._values.get(key, _MISSING)
        if value is _MISSING:
            return False, None
        return True, value

    def store(self, key: str, value: Any) -> None:
        self._values[key] = value

    def go_down(self) -> None:
        self.up = False

    def restart(self) -> None:
        """Back up after an outage, with nothing cached: memory does not survive it."""
        # Emptied first, then up: a get in between sees the node down, never up with
        # what it held before the outage.
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
