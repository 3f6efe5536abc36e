"""A wrong version (blind hunt, x10): a separately chained map under a write queue
tidied lazily, but an update of an order the cache holds takes its old item out
of the deque with deque.remove: O(n) a call, where the contract asks O(1) on
average.

StatusCache in one module: a dict of entries, a circular use list, and a deque of
write stamps expired lazily (stale stamps skipped, the deque compacted when mostly stale)."""

from __future__ import annotations

import math
from collections import deque


class _E:
    __slots__ = ("key", "next", "prev", "stamp", "status", "written")


class StatusCache:
    def __init__(self, ttl, capacity, clock):
        if not (isinstance(ttl, (int, float)) and not math.isnan(ttl) and ttl > 0):
            raise ValueError("ttl")
        if not isinstance(capacity, int) or capacity < 1:
            raise ValueError("capacity")
        self._ttl, self._cap, self._clock = ttl, capacity, clock
        self._map = {}
        self._head = _E()  # sentinel of the use list
        self._head.prev = self._head.next = self._head
        self._writes = deque()  # (written, stamp, key)
        self._stamp = 0
        self._c = {"hits": 0, "misses": 0, "expiries": 0, "evictions": 0}

    def _unlink(self, e):
        e.prev.next, e.next.prev = e.next, e.prev

    def _push(self, e):
        last = self._head.prev
        e.prev, e.next = last, self._head
        last.next = self._head.prev = e

    def _drop(self, key):
        e = self._map.pop(key)
        self._unlink(e)

    def _expire(self):
        now = self._clock()
        w = self._writes
        while w:
            written, stamp, key = w[0]
            e = self._map.get(key)
            if e is None or e.stamp != stamp:
                w.popleft()
                continue
            if now < written + self._ttl:
                break
            w.popleft()
            self._drop(key)
            self._c["expiries"] += 1
        if len(w) > 2 * len(self._map) + 16:
            self._writes = deque(
                r for r in w if (e := self._map.get(r[2])) is not None and e.stamp == r[1]
            )
        return now

    def update(self, store_id, order_id, status):
        now = self._expire()
        key = (store_id.casefold(), order_id)
        e = self._map.get(key)
        if e is None:
            if len(self._map) >= self._cap:
                self._drop(self._head.next.key)
                self._c["evictions"] += 1
            e = _E()
            e.key = key
            self._map[key] = e
        else:
            self._unlink(e)
            # Its old stamp is void: take it out now rather than skip it later.
            self._writes.remove((e.written, e.stamp, key))
        self._push(e)
        self._stamp += 1
        e.status, e.stamp, e.written = status, self._stamp, now
        self._writes.append((now, self._stamp, key))

    def read(self, store_id, order_id):
        self._expire()
        e = self._map.get((store_id.casefold(), order_id))
        if e is None:
            self._c["misses"] += 1
            return None
        self._c["hits"] += 1
        self._unlink(e)
        self._push(e)
        return e.status

    def forget(self, store_id, order_id):
        self._expire()
        key = (store_id.casefold(), order_id)
        if key not in self._map:
            return False
        self._drop(key)
        return True

    def stats(self):
        self._expire()
        return dict(self._c, entries=len(self._map))
