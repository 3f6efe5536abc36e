"""The TTL cache on a slab: parallel arrays, two intrusive lists by index, a free list."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from .hashmap import HashMap

Clock = Callable[[], float]

USES, WRITES = 0, 1


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
        self._index = HashMap()  # key -> slot
        # slot 0 is the sentinel of both lists
        self._key: list = [None]
        self._status: list = [None]
        self._at: list = [0.0]
        self._prev = ([0], [0])
        self._next = ([0], [0])
        self._free: list[int] = []
        self.counts = Counts()

    def __len__(self) -> int:
        return len(self._index)

    # -- lists --
    def _unlink(self, lst: int, s: int) -> None:
        p, n = self._prev[lst][s], self._next[lst][s]
        self._next[lst][p] = n
        self._prev[lst][n] = p

    def _append(self, lst: int, s: int) -> None:
        last = self._prev[lst][0]
        self._next[lst][last] = s
        self._prev[lst][s] = last
        self._next[lst][s] = 0
        self._prev[lst][0] = s

    def _touch(self, lst: int, s: int) -> None:
        self._unlink(lst, s)
        self._append(lst, s)

    def _alloc(self) -> int:
        if self._free:
            return self._free.pop()
        for arr in (self._key, self._status, self._at, *self._prev, *self._next):
            arr.append(None)
        return len(self._key) - 1

    def _drop(self, s: int) -> None:
        self._unlink(USES, s)
        self._unlink(WRITES, s)
        del self._index[self._key[s]]
        self._key[s] = self._status[s] = None
        self._free.append(s)

    # -- API --
    def expire(self) -> float:
        now = self._clock()
        while (s := self._next[WRITES][0]) != 0 and not now < self._at[s] + self._ttl:
            self._drop(s)
            self.counts.expiries += 1
        return now

    def get(self, key: Hashable) -> str | None:
        self.expire()
        s = self._index.get(key)
        if s is None:
            self.counts.misses += 1
            return None
        self.counts.hits += 1
        self._touch(USES, s)
        return self._status[s]

    def put(self, key: Hashable, status: str) -> None:
        now = self.expire()
        s = self._index.get(key)
        if s is not None:
            self._status[s], self._at[s] = status, now
            self._touch(USES, s)
            self._touch(WRITES, s)
            return
        if len(self._index) >= self._capacity:
            self._drop(self._next[USES][0])
            self.counts.evictions += 1
        s = self._alloc()
        self._key[s], self._status[s], self._at[s] = key, status, now
        self._append(USES, s)
        self._append(WRITES, s)
        self._index[key] = s

    def delete(self, key: Hashable) -> bool:
        self.expire()
        s = self._index.get(key)
        if s is None:
            return False
        self._drop(s)
        return True
