"""A wrong version (blind hunt 7, wd23): expiry made lazy. An expired entry is
dropped when a call names its key, by stats(), or at capacity when it is the least
recently used entry, the one evicted. So a full cache whose expired entry is not the
least recently used (it was read since) evicts a live entry where the README drops
the expired one first. The spec tests once let the entry that expired be the least
recently used too, and it was graded Solved.

The TTL cache: order statuses that expire, in a map of bounded size.

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

    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0
        self.expiries = 0
        self.evictions = 0


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

    # Expiry is lazy: an expired entry is dropped (and counted) when a call
    # meets it (a call about its key), when room is needed, or by stats; until
    # then no call can see it, so every call behaves as if it had been dropped
    # at its expiry time.

    def _live(self, key: Hashable, now: float) -> Entry | None:
        entry = self._entries.get(key)
        if entry is not None and now >= entry.written_at + self._ttl:
            self._drop(entry)
            self.counts.expiries += 1
            return None
        return entry

    def get(self, key: Hashable) -> str | None:
        entry = self._live(key, self._clock())
        if entry is None:
            self.counts.misses += 1
            return None
        self.counts.hits += 1
        self._uses.touch(entry.used)
        return entry.status

    def put(self, key: Hashable, status: str) -> None:
        now = self._clock()
        entry = self._live(key, now)
        if entry is not None:
            entry.status, entry.written_at = status, now
            self._uses.touch(entry.used)
            self._writes.touch(entry.written)
            return
        if len(self._uses) >= self._capacity:
            # Room is needed: the least recently used entry goes. If its time was
            # up anyway, that is an expiry, not an eviction.
            victim = self._uses.oldest().item
            self._drop(victim)
            if now >= victim.written_at + self._ttl:
                self.counts.expiries += 1
            else:
                self.counts.evictions += 1
        entry = Entry(key, status, now)
        self._entries[key] = entry
        self._uses.push(entry.used)
        self._writes.push(entry.written)

    def delete(self, key: Hashable) -> bool:
        entry = self._live(key, self._clock())
        if entry is None:
            return False
        self._drop(entry)
        return True

    def expire(self) -> float:
        now = self._clock()
        self._sweep(now)
        return now

    def _sweep(self, now: float) -> None:
        """Drop every expired entry, oldest write first."""
        while (node := self._writes.oldest()) is not None:
            if now < node.item.written_at + self._ttl:
                break
            self._drop(node.item)
            self.counts.expiries += 1

    def _drop(self, entry: Entry) -> None:
        self._uses.remove(entry.used)
        self._writes.remove(entry.written)
        del self._entries[entry.key]
