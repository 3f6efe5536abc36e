"""A wrong version: the ttl is kept on the class, so every cache takes the ttl of the one
made last: a cache of ttl 60 beside one of ttl 10 made after it drops its entries at 10.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from .hashmap import HashMap
from .recency import Node, RecencyList

Clock = Callable[[], float]


class Entry:
    """One key's status, when it was written, and its places in the two recency lists."""

    __slots__ = ("key", "status", "used", "written", "written_at")

    def __init__(self, key: Hashable, status: str, now: float) -> None:
        self.key = key
        self.status = status
        self.written_at = now
        self.used = Node(self)  # in the list by use: eviction
        self.written = Node(self)  # in the list by write: expiry


class Counts:
    """What the cache has done since it was made."""

    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0
        self.expiries = 0
        self.evictions = 0


class TTLCache:
    """At most `capacity` statuses, each kept `ttl` seconds from its last write."""

    def __init__(self, ttl: float, capacity: int, clock: Clock) -> None:
        type(self)._ttl = ttl
        self._capacity = capacity
        self._clock = clock
        self._entries = HashMap()
        self._uses = RecencyList()
        self._writes = RecencyList()
        self.counts = Counts()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> str | None:
        """The key's status (a hit); None when the cache does not hold it (a miss)."""
        self.expire()
        entry = self._entries.get(key)
        if entry is None:
            self.counts.misses += 1
            return None
        self.counts.hits += 1
        self._uses.touch(entry.used)
        return entry.status

    def put(self, key: Hashable, status: str) -> None:
        """Write the key's status: its time starts again, and it is a use."""
        now = self.expire()
        entry = self._entries.get(key)
        if entry is not None:
            entry.status, entry.written_at = status, now
            self._uses.touch(entry.used)
            self._writes.touch(entry.written)
            return
        # Only a new key needs room: rewriting a held one never evicts.
        if len(self._uses) >= self._capacity:
            self._drop(self._uses.oldest().item)
            self.counts.evictions += 1
        entry = Entry(key, status, now)
        self._entries[key] = entry
        self._uses.push(entry.used)
        self._writes.push(entry.written)

    def delete(self, key: Hashable) -> bool:
        """Drop the key's entry; False when it is not held."""
        self.expire()
        entry = self._entries.get(key)
        if entry is None:
            return False
        self._drop(entry)
        return True

    def expire(self) -> float:
        """Drop every entry whose time is up, oldest write first; the clock's reading."""
        now = self._clock()
        while (node := self._writes.oldest()) is not None:
            # At exactly `ttl` seconds the entry has expired: it lives [written_at,
            # written_at + ttl).
            if now < node.item.written_at + self._ttl:
                break
            self._drop(node.item)
            self.counts.expiries += 1
        return now

    def _drop(self, entry: Entry) -> None:
        self._uses.remove(entry.used)
        self._writes.remove(entry.written)
        del self._entries[entry.key]
