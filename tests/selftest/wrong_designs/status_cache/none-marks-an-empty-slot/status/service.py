"""StatusCache: tuple keys, LRU as a linked list with head/tail, expiry as a lazy deque."""

import math
from collections import deque

from .hashmap import HashMap


class _E:
    __slots__ = ("key", "next", "prev", "status", "written_at")


class StatusCache:
    def __init__(self, ttl, capacity, clock):
        if (isinstance(ttl, float) and math.isnan(ttl)) or not ttl > 0:
            raise ValueError("ttl")
        if not isinstance(capacity, int) or capacity <= 0:
            raise ValueError("capacity")
        self._ttl, self._cap, self._clock = ttl, capacity, clock
        self._map = HashMap()
        self._head = None  # least recently used
        self._tail = None  # most recently used
        self._writes = deque()  # (written_at, entry) in write order; stale ones skipped
        self._hits = self._misses = self._expiries = self._evictions = 0

    @staticmethod
    def _key(store_id, order_id):
        return (store_id.casefold(), order_id)

    def _unlink(self, e):
        if e.prev is None:
            self._head = e.next
        else:
            e.prev.next = e.next
        if e.next is None:
            self._tail = e.prev
        else:
            e.next.prev = e.prev
        e.prev = e.next = None

    def _append(self, e):
        e.prev, e.next = self._tail, None
        if self._tail is None:
            self._head = e
        else:
            self._tail.next = e
        self._tail = e

    def _expire(self):
        now = self._clock()
        w = self._writes
        while w:
            t, e = w[0]
            if e.written_at != t or self._map.get(e.key) is not e:
                w.popleft()  # stale record
                continue
            if now < t + self._ttl:
                break
            w.popleft()
            self._unlink(e)
            del self._map[e.key]
            self._expiries += 1
        return now

    def update(self, store_id, order_id, status):
        now = self._expire()
        k = self._key(store_id, order_id)
        e = self._map.get(k)
        if e is not None:
            e.status, e.written_at = status, now
            self._unlink(e)
            self._append(e)
            self._writes.append((now, e))
            return
        if len(self._map) >= self._cap:
            old = self._head
            self._unlink(old)
            del self._map[old.key]
            self._evictions += 1
        e = _E()
        e.key, e.status, e.written_at = k, status, now
        e.prev = e.next = None
        self._map[k] = e
        self._append(e)
        self._writes.append((now, e))

    def read(self, store_id, order_id):
        self._expire()
        e = self._map.get(self._key(store_id, order_id))
        if e is None:
            self._misses += 1
            return None
        self._hits += 1
        self._unlink(e)
        self._append(e)
        return e.status

    def forget(self, store_id, order_id):
        self._expire()
        k = self._key(store_id, order_id)
        e = self._map.get(k)
        if e is None:
            return False
        self._unlink(e)
        del self._map[k]
        return True

    def stats(self):
        self._expire()
        return {
            "hits": self._hits,
            "misses": self._misses,
            "expiries": self._expiries,
            "evictions": self._evictions,
            "entries": len(self._map),
        }
