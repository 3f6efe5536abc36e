"""TTL cache: entries in the HashMap, orders by use and by write in two OrderedDicts."""

from __future__ import annotations

from collections import OrderedDict


class TTLCache:
    def __init__(self, ttl, capacity, clock) -> None:
        from .hashmap import HashMap

        self._ttl, self._capacity, self._clock = ttl, capacity, clock
        self._map = HashMap()  # key -> [status, written_at]
        self._uses: OrderedDict = OrderedDict()
        self._writes: OrderedDict = OrderedDict()
        self.hits = self.misses = self.expiries = self.evictions = 0

    def __len__(self) -> int:
        return len(self._map)

    def expire(self) -> float:
        now = self._clock()
        while self._writes:
            key = next(iter(self._writes))
            if now < self._map[key][1] + self._ttl:
                break
            self._drop(key)
            self.expiries += 1
        return now

    def _drop(self, key) -> None:
        del self._map[key]
        del self._uses[key]
        del self._writes[key]

    def get(self, key):
        self.expire()
        rec = self._map.get(key)
        if rec is None:
            self.misses += 1
            return None
        self.hits += 1
        self._uses.move_to_end(key)
        return rec[0]

    def put(self, key, status) -> None:
        now = self.expire()
        rec = self._map.get(key)
        if rec is not None:
            rec[0], rec[1] = status, now
            self._uses.move_to_end(key)
            self._writes.move_to_end(key)
            return
        if len(self._map) >= self._capacity:
            self._drop(next(iter(self._uses)))
            self.evictions += 1
        self._map[key] = [status, now]
        self._uses[key] = None
        self._writes[key] = None

    def delete(self, key) -> bool:
        self.expire()
        if key not in self._map:
            return False
        self._drop(key)
        return True
