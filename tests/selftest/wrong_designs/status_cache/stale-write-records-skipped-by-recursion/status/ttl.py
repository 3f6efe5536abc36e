"""The TTL cache, design B: the write order is a lazy deque of (deadline, entry, stamp)
records; a rewrite appends a new record and the old one goes stale. The deque is
compacted when stale records outnumber the live ones."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable

from .hashmap import HashMap
from .recency import Node, RecencyList

Clock = Callable[[], float]


class Entry:
    __slots__ = ("key", "stamp", "status", "used", "written_at")

    def __init__(self, key: Hashable, status: str, now: float, stamp: int) -> None:
        self.key = key
        self.status = status
        self.written_at = now
        self.stamp = stamp
        self.used = Node(self)


class Counts:
    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0
        self.expiries = 0
        self.evictions = 0


class TTLCache:
    def __init__(self, ttl: float, capacity: int, clock: Clock) -> None:
        self._ttl = ttl
        self._capacity = capacity
        self._clock = clock
        self._entries = HashMap()
        self._uses = RecencyList()
        self._writes: deque = deque()
        self._stamp = 0
        self.counts = Counts()

    def __len__(self) -> int:
        return len(self._entries)

    def _record(self, entry: Entry) -> None:
        self._stamp += 1
        entry.stamp = self._stamp
        self._writes.append((entry.written_at, entry, self._stamp))
        if len(self._writes) > 2 * len(self._entries) + 16:
            self._writes = deque(r for r in self._writes if r[1].stamp == r[2])

    def get(self, key: Hashable) -> str | None:
        self.expire()
        entry = self._entries.get(key)
        if entry is None:
            self.counts.misses += 1
            return None
        self.counts.hits += 1
        self._uses.touch(entry.used)
        return entry.status

    def put(self, key: Hashable, status: str) -> None:
        now = self.expire()
        entry = self._entries.get(key)
        if entry is not None:
            entry.status, entry.written_at = status, now
            self._uses.touch(entry.used)
            self._record(entry)
            return
        if len(self._entries) >= self._capacity:
            self._drop(self._uses.oldest().item)
            self.counts.evictions += 1
        entry = Entry(key, status, now, 0)
        self._entries[key] = entry
        self._uses.push(entry.used)
        self._record(entry)

    def delete(self, key: Hashable) -> bool:
        self.expire()
        entry = self._entries.get(key)
        if entry is None:
            return False
        self._drop(entry)
        return True

    def expire(self) -> float:
        now = self._clock()
        writes = self._writes
        while (head := self._live_head()) is not None:
            at, entry, _stamp = head
            if now < at + self._ttl:
                break
            writes.popleft()
            self._drop(entry)
            self.counts.expiries += 1
        return now

    def _live_head(self):
        """The oldest live record, stale ones dropped on the way."""
        if not self._writes:
            return None
        _at, entry, stamp = self._writes[0]
        if entry.stamp == stamp:
            return self._writes[0]
        self._writes.popleft()
        return self._live_head()

    def _drop(self, entry: Entry) -> None:
        entry.stamp = -1  # its records are all stale now
        self._uses.remove(entry.used)
        del self._entries[entry.key]
