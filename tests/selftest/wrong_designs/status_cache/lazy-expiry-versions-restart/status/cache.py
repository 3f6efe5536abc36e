"""TTL + LRU cache: own doubly linked list for use order, a deque with lazy
invalidation for write order (all entries share one ttl)."""

import numbers
from collections import deque

from .map import HashMap


class _Item:
    __slots__ = ("key", "next", "prev", "status", "version", "written")


class StatusCache:
    def __init__(self, ttl, capacity, clock):
        if isinstance(ttl, bool) or not isinstance(ttl, numbers.Real) or not (ttl > 0):
            raise ValueError("bad ttl")
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
            raise ValueError("bad capacity")
        self._ttl, self._cap, self._clock = ttl, capacity, clock
        self._map = HashMap()
        head = _Item()
        head.prev = head.next = head
        self._head = head  # head.next is least recently used
        self._writes = deque()  # (written, key, version)
        self._hits = self._misses = self._exp = self._ev = 0

    def _unlink(self, it):
        it.prev.next = it.next
        it.next.prev = it.prev

    def _append(self, it):
        last = self._head.prev
        it.prev, it.next = last, self._head
        last.next = it
        self._head.prev = it

    def _drop(self, it):
        self._unlink(it)
        del self._map[it.key]

    def _tick(self):
        now = self._clock()
        w = self._writes
        while w and not now < w[0][0] + self._ttl:
            _written, key, version = w.popleft()
            it = self._map.get(key)
            if it is not None and it.version == version:
                self._drop(it)
                self._exp += 1
        return now

    def update(self, store_id, order_id, status):
        now = self._tick()
        key = (store_id.casefold(), order_id)
        it = self._map.get(key)
        if it is None:
            if len(self._map) >= self._cap:
                self._drop(self._head.next)
                self._ev += 1
            it = _Item()
            it.key = key
            it.version = 0
            self._map[key] = it
        else:
            self._unlink(it)
            it.version += 1
        it.status, it.written = status, now
        self._append(it)
        self._writes.append((now, key, it.version))
        # keep the deque from growing without bound under rewrites
        if len(self._writes) > 4 * len(self._map) + 64:
            self._writes = deque(
                x
                for x in self._writes
                if (i := self._map.get(x[1])) is not None and i.version == x[2]
            )

    def read(self, store_id, order_id):
        self._tick()
        it = self._map.get((store_id.casefold(), order_id))
        if it is None:
            self._misses += 1
            return None
        self._hits += 1
        self._unlink(it)
        self._append(it)
        return it.status

    def forget(self, store_id, order_id):
        self._tick()
        it = self._map.get((store_id.casefold(), order_id))
        if it is None:
            return False
        self._drop(it)
        return True

    def stats(self):
        self._tick()
        return {
            "hits": self._hits,
            "misses": self._misses,
            "expiries": self._exp,
            "evictions": self._ev,
            "entries": len(self._map),
        }
