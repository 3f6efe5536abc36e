"""A correct status cache whose map has no tombstones: a deletion moves the rest of its
run back into place.

HashMap is open addressing with linear probing over parallel lists of hashes,
keys and values. Deleting a key empties its slot, then takes every key of the
run after it out and sets it again, so no key is left past an empty slot on
its probe. StatusCache keeps its entries in such a map, and two plain dicts
as its orders: keys popped and set again go to the end, so each dict's first
key is the least recently used, or the next to expire.
"""

_FREE = object()


class HashMap:
    def __init__(self):
        self._size = 8
        self._hashes = [None] * 8
        self._keys = [_FREE] * 8
        self._values = [None] * 8
        self._count = 0

    def _slot(self, key):
        """The index of the key, or of the empty slot where its probe ends."""
        h = hash(key)
        index = h % self._size
        while self._keys[index] is not _FREE:
            held = self._keys[index]
            if self._hashes[index] == h and (held is key or held == key):
                return index
            index = (index + 1) % self._size
        return index

    def __len__(self):
        return self._count

    def __contains__(self, key):
        return self._keys[self._slot(key)] is not _FREE

    def __getitem__(self, key):
        index = self._slot(key)
        if self._keys[index] is _FREE:
            raise KeyError(key)
        return self._values[index]

    def get(self, key, default=None):
        index = self._slot(key)
        return default if self._keys[index] is _FREE else self._values[index]

    def __setitem__(self, key, value):
        index = self._slot(key)
        if self._keys[index] is _FREE:
            self._hashes[index], self._keys[index] = hash(key), key
            self._count += 1
        self._values[index] = value
        if 2 * self._count > self._size:
            self._resize(4 * self._size)

    def __delitem__(self, key):
        index = self._slot(key)
        if self._keys[index] is _FREE:
            raise KeyError(key)
        self._keys[index], self._values[index] = _FREE, None
        self._count -= 1
        index = (index + 1) % self._size
        while self._keys[index] is not _FREE:
            moved, value = self._keys[index], self._values[index]
            self._keys[index], self._values[index] = _FREE, None
            self._count -= 1
            self[moved] = value
            index = (index + 1) % self._size

    def _resize(self, size):
        pairs = list(self.items())
        self._size, self._count = size, 0
        self._hashes, self._keys, self._values = [None] * size, [_FREE] * size, [None] * size
        for key, value in pairs:
            self[key] = value

    def __iter__(self):
        return (key for key in list(self._keys) if key is not _FREE)

    def items(self):
        return [(k, v) for k, v in zip(self._keys, self._values, strict=True) if k is not _FREE]


class StatusCache:
    def __init__(self, ttl, capacity, clock):
        if not ttl > 0:
            raise ValueError("ttl must be positive")
        if not isinstance(capacity, int) or capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.ttl, self.capacity, self.clock = ttl, capacity, clock
        self.entries = HashMap()  # key: [status, written]
        self.by_use = {}
        self.by_write = {}
        self.counts = dict.fromkeys(("hits", "misses", "expiries", "evictions"), 0)

    @staticmethod
    def _to_end(order, key):
        order.pop(key, None)
        order[key] = None

    def _drop(self, key):
        del self.entries[key], self.by_use[key], self.by_write[key]

    def _expire(self):
        now = self.clock()
        while self.by_write:
            key = next(iter(self.by_write))
            if now < self.entries[key][1] + self.ttl:
                break
            self._drop(key)
            self.counts["expiries"] += 1
        return now

    def update(self, store_id, order_id, status):
        now = self._expire()
        key = (store_id.casefold(), order_id)
        if key not in self.entries and len(self.entries) == self.capacity:
            self._drop(next(iter(self.by_use)))
            self.counts["evictions"] += 1
        self.entries[key] = [status, now]
        self._to_end(self.by_use, key)
        self._to_end(self.by_write, key)

    def read(self, store_id, order_id):
        self._expire()
        key = (store_id.casefold(), order_id)
        entry = self.entries.get(key)
        if entry is None:
            self.counts["misses"] += 1
            return None
        self.counts["hits"] += 1
        self._to_end(self.by_use, key)
        return entry[0]

    def forget(self, store_id, order_id):
        self._expire()
        key = (store_id.casefold(), order_id)
        if key not in self.entries:
            return False
        self._drop(key)
        return True

    def stats(self):
        self._expire()
        return {**self.counts, "entries": len(self.entries)}
