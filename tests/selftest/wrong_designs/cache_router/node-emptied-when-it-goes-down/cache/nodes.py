"""A wrong version (seventh blind hunt, w04): a node is emptied when it goes down, not
when it comes back up, so a value that a get whose load took the node down caches on it
(the get saw it up) is still there after mark_up: the node answers again, not empty.
The spec tests once made no health change inside a load.

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
        self._values: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self._values)

    def lookup(self, key: str) -> tuple[bool, Any]:
        """What is cached here for `key`, as (found, value)."""
        # One read of the table, not `key in` and then a read: a restart (another
        # thread's, or one made from a load) between the two would clear the value
        # the check found.
        try:
            return True, self._values[key]
        except KeyError:
            return False, None

    def store(self, key: str, value: Any) -> None:
        self._values[key] = value

    def go_down(self) -> None:
        """A crash: memory does not survive it."""
        self.up = False
        self._values.clear()

    def restart(self) -> None:
        """Back up after an outage; its memory went with the crash."""
        self.up = True


class BackingStore:
    """The database behind the cache: every miss is one load here."""

    def __init__(self, load: Loader) -> None:
        self._load = load
        self.loads: Counter[str] = Counter()  # by key

    def load(self, key: str) -> Any:
        self.loads[key] += 1
        return self._load(key)
