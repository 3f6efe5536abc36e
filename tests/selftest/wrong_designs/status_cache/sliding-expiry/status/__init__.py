"""A cache whose hits start an entry's time again, as a sliding expiry: an order
read often never expires.
"""

from collections import OrderedDict


class HashMap:
    def __init__(self):
        self._data = {}

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def __getitem__(self, key):
        return self._data[key]

    def get(self, key, default=None):
        return self._data.get(key, default)

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __iter__(self):
        return iter(self._data)

    def items(self):
        return self._data.items()


class StatusCache:
    def __init__(self, ttl, capacity, clock):
        if not (ttl > 0 and isinstance(capacity, int) and capacity > 0):
            raise ValueError("ttl and capacity must be positive")
        self._ttl, self._capacity, self._clock = ttl, capacity, clock
        self._lru = OrderedDict()  # key: [status, written], least recently used first
        self._writes = OrderedDict()  # key: None, least recently written first
        self._hits = self._misses = self._expiries = self._evictions = 0

    def _now(self):
        now = self._clock()
        while self._writes:
            key = next(iter(self._writes))
            if self._lru[key][1] + self._ttl > now:
                break
            del self._writes[key], self._lru[key]
            self._expiries += 1
        return now

    def update(self, store_id, order_id, status):
        now = self._now()
        key = (store_id.casefold(), order_id)
        if key in self._lru:
            self._lru.move_to_end(key)
            self._writes.move_to_end(key)
        elif len(self._lru) >= self._capacity:
            old, _ = self._lru.popitem(last=False)
            del self._writes[old]
            self._evictions += 1
        self._lru[key] = [status, now]
        self._writes[key] = None

    def read(self, store_id, order_id):
        self._now()
        key = (store_id.casefold(), order_id)
        if key not in self._lru:
            self._misses += 1
            return None
        self._hits += 1
        self._lru.move_to_end(key)
        self._writes.move_to_end(key)
        self._lru[key][1] = self._clock()
        return self._lru[key][0]

    def forget(self, store_id, order_id):
        self._now()
        key = (store_id.casefold(), order_id)
        if self._lru.pop(key, None) is None:
            return False
        del self._writes[key]
        return True

    def stats(self):
        self._now()
        return {
            "hits": self._hits,
            "misses": self._misses,
            "expiries": self._expiries,
            "evictions": self._evictions,
            "entries": len(self._lru),
        }
