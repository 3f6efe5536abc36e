"""A map that finds a key by identity alone (`is`): two equal keys that are two
objects are two keys, so a key made anew for each call is never found again.
"""

from collections import deque


class HashMap:
    def __init__(self):
        self._buckets = [[] for _ in range(8)]
        self._count = 0

    def _bucket(self, key):
        return self._buckets[hash(key) % len(self._buckets)]

    def _find(self, bucket, key):
        h = hash(key)
        for triple in bucket:
            if triple[0] == h and triple[1] is key:
                return triple
        return None

    def __len__(self):
        return self._count

    def __contains__(self, key):
        return self._find(self._bucket(key), key) is not None

    def __getitem__(self, key):
        found = self._find(self._bucket(key), key)
        if found is None:
            raise KeyError(key)
        return found[2]

    def get(self, key, default=None):
        found = self._find(self._bucket(key), key)
        return default if found is None else found[2]

    def __setitem__(self, key, value):
        bucket = self._bucket(key)
        found = self._find(bucket, key)
        if found is not None:
            found[2] = value
            return
        bucket.append([hash(key), key, value])
        self._count += 1
        if self._count > len(self._buckets):
            old = self._buckets
            self._buckets = [[] for _ in range(2 * len(old))]
            for chain in old:
                for triple in chain:
                    self._buckets[triple[0] % len(self._buckets)].append(triple)

    def __delitem__(self, key):
        bucket = self._bucket(key)
        found = self._find(bucket, key)
        if found is None:
            raise KeyError(key)
        bucket.remove(found)
        self._count -= 1

    def __iter__(self):
        for chain in self._buckets:
            for triple in chain:
                yield triple[1]

    def items(self):
        return [(triple[1], triple[2]) for chain in self._buckets for triple in chain]


class _Entry:
    def __init__(self, key, status, written, number):
        self.key, self.status, self.written, self.number = key, status, written, number
        self.prev = self.next = None


class StatusCache:
    def __init__(self, ttl, capacity, clock):
        if not ttl > 0:
            raise ValueError("ttl must be positive")
        if not isinstance(capacity, int) or capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.ttl, self.capacity, self.clock = ttl, capacity, clock
        self.entries = HashMap()
        self.head = self.tail = None  # least and most recently used
        self.writes = deque()  # (write number, key, written)
        self.numbers = 0
        self.hits = self.misses = self.expiries = self.evictions = 0

    def _unlink(self, entry):
        if entry.prev is None:
            self.head = entry.next
        else:
            entry.prev.next = entry.next
        if entry.next is None:
            self.tail = entry.prev
        else:
            entry.next.prev = entry.prev
        entry.prev = entry.next = None

    def _append(self, entry):
        entry.prev, entry.next = self.tail, None
        if self.tail is None:
            self.head = entry
        else:
            self.tail.next = entry
        self.tail = entry

    def _remove(self, entry):
        self._unlink(entry)
        del self.entries[entry.key]

    def _tidy(self):
        now = self.clock()
        while self.writes:
            number, key, written = self.writes[0]
            entry = self.entries.get(key)
            if entry is None or entry.number != number:
                self.writes.popleft()  # forgotten, evicted or written since
                continue
            if now < written + self.ttl:
                break
            self.writes.popleft()
            self._remove(entry)
            self.expiries += 1
        return now

    def update(self, store_id, order_id, status):
        now = self._tidy()
        key = (store_id.casefold(), order_id)
        self.numbers += 1
        entry = self.entries.get(key)
        if entry is None:
            if len(self.entries) >= self.capacity:
                self._remove(self.head)
                self.evictions += 1
            entry = _Entry(key, status, now, self.numbers)
            self.entries[key] = entry
        else:
            entry.status, entry.written, entry.number = status, now, self.numbers
            self._unlink(entry)
        self._append(entry)
        self.writes.append((self.numbers, key, now))

    def read(self, store_id, order_id):
        self._tidy()
        entry = self.entries.get((store_id.casefold(), order_id))
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._unlink(entry)
        self._append(entry)
        return entry.status

    def forget(self, store_id, order_id):
        self._tidy()
        entry = self.entries.get((store_id.casefold(), order_id))
        if entry is None:
            return False
        self._remove(entry)
        return True

    def stats(self):
        self._tidy()
        return {
            "hits": self.hits,
            "misses": self.misses,
            "expiries": self.expiries,
            "evictions": self.evictions,
            "entries": len(self.entries),
        }
