"""TTL cache with lazy queues: each use/write appends (stamp, key); stale ones are skipped."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from itertools import count

from .hashmap import HashMap

Clock = Callable[[], float]


class Counts:
    def __init__(self) -> None:
        self.hits = self.misses = self.expiries = self.evictions = 0


class _Entry:
    __slots__ = ("status", "use_stamp", "write_stamp", "written_at")


class TTLCache:
    def __init__(self, ttl: float, capacity: int, clock: Clock) -> None:
        self._ttl = ttl
        self._capacity = capacity
        self._clock = clock
        self._entries = HashMap()
        self._uses: deque = deque()
        self._writes: deque = deque()
        self._stamps = count()
        self.counts = Counts()

    def __len__(self) -> int:
        return len(self._entries)

    def _live(self, item, attr) -> bool:
        stamp, key = item
        e = self._entries.get(key)
        return e is not None and getattr(e, attr) == stamp

    def _compact(self) -> None:
        if len(self._uses) > 2 * len(self._entries) + 16:
            self._uses = deque(x for x in self._uses if self._live(x, "use_stamp"))
        if len(self._writes) > 2 * len(self._entries) + 16:
            self._writes = deque(x for x in self._writes if self._live(x, "write_stamp"))

    def _use(self, key, e) -> None:
        e.use_stamp = next(self._stamps)
        self._uses.append((e.use_stamp, key))

    def _write(self, key, e, status, now) -> None:
        e.status, e.written_at = status, now
        e.write_stamp = next(self._stamps)
        self._writes.append((e.write_stamp, key))

    def get(self, key: Hashable) -> str | None:
        self.expire()
        e = self._entries.get(key)
        if e is None:
            self.counts.misses += 1
            return None
        self.counts.hits += 1
        self._use(key, e)
        self._compact()
        return e.status

    def put(self, key: Hashable, status: str) -> None:
        now = self.expire()
        e = self._entries.get(key)
        if e is None:
            if len(self._entries) >= self._capacity:
                while not self._live(self._uses[0], "use_stamp"):
                    self._uses.popleft()
                _, victim = self._uses.popleft()
                del self._entries[victim]
                self.counts.evictions += 1
            e = _Entry()
            self._entries[key] = e
        self._write(key, e, status, now)
        self._use(key, e)
        self._compact()

    def delete(self, key: Hashable) -> bool:
        self.expire()
        if key not in self._entries:
            return False
        del self._entries[key]
        self._compact()
        return True

    def expire(self) -> float:
        now = self._clock()
        while self._writes:
            stamp, key = self._writes[0]
            e = self._entries.get(key)
            if e is None or e.write_stamp != stamp:
                self._writes.popleft()
                continue
            if now < e.written_at + self._ttl:
                break
            self._writes.popleft()
            del self._entries[key]
            self.counts.expiries += 1
        return now
