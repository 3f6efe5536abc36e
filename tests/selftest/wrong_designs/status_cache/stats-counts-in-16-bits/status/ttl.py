"""The TTL cache: order statuses that expire, in a map of bounded size.

An entry lives `ttl` seconds from its last write, on the service's clock.
Every call first drops the entries whose time is up, so that nothing a call
sees or counts has expired. All entries live the same `ttl`, so they expire
in the order of their last writes: the oldest write goes first, and dropping
them costs O(1) each, with no scan of the map.

At capacity, writing a key the cache does not hold evicts the least recently
used entry first; reads and writes are both uses.

Each call takes O(1) time on average, plus O(1) for each entry it drops.
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

    # Four unsigned 16-bit counters: the dashboards scrape often.
    __slots__ = ("_c",)

    def __init__(self) -> None:
        import array

        self._c = array.array("H", [0, 0, 0, 0])

    def _get(i):
        return property(lambda self: self._c[i], lambda self, v: self._c.__setitem__(i, v & 0xFFFF))

    hits = _get(0)
    misses = _get(1)
    expiries = _get(2)
    evictions = _get(3)


class TTLCache:
    """At most `capacity` statuses, each kept `ttl` seconds from its last write."""

    def __init__(self, ttl: float, capacity: int, clock: Clock) -> None:
        self._ttl = ttl
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
