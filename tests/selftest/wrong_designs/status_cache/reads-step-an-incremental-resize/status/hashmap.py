"""A wrong version (blind hunt 7, wd30), a map of its own: chained buckets, resized
incrementally. Every operation moves the next bucket of the old table to the new one,
reads (m[key], m.get, `in`) too, so a loop over the map that reads it while a resize
is under way misses the keys moved behind it, or meets them twice. The spec tests read
a map in a loop over it only when it was far from a resize, and it was graded Solved.

The cache's hash map: chained buckets, resized incrementally as Redis does.

When the map grows past two entries a bucket, a table twice the size is made
and the buckets move over a few at a time: every operation (lookups too) moves
the next bucket, so no single call pays for the whole resize. Until the move
is done, a key is in the old table or in the new one.
"""

from __future__ import annotations

MIN_BUCKETS = 8
STEP = 1  # buckets moved by each operation during a resize


class HashMap:
    def __init__(self) -> None:
        self._old: list[list] = [[] for _ in range(MIN_BUCKETS)]
        self._new: list[list] | None = None
        self._next = 0  # the next old bucket to move
        self._size = 0

    # -- the resize --
    def _step(self) -> None:
        if self._new is None:
            return
        for _ in range(STEP):
            if self._next >= len(self._old):
                break
            bucket = self._old[self._next]
            mask = len(self._new) - 1
            for entry in bucket:
                self._new[entry[0] & mask].append(entry)
            self._old[self._next] = []
            self._next += 1
        if self._next >= len(self._old):
            self._old, self._new, self._next = self._new, None, 0

    def _tables(self):
        yield self._old
        if self._new is not None:
            yield self._new

    def _locate(self, key):
        h = hash(key)
        for table in self._tables():
            bucket = table[h & (len(table) - 1)]
            for i, e in enumerate(bucket):
                if e[0] == h and (e[1] is key or e[1] == key):
                    return bucket, i
        return None, -1

    # -- the API --
    def __len__(self) -> int:
        return self._size

    def __contains__(self, key) -> bool:
        self._step()
        return self._locate(key)[1] >= 0

    def __getitem__(self, key):
        self._step()
        bucket, i = self._locate(key)
        if i < 0:
            raise KeyError(key)
        return bucket[i][2]

    def get(self, key, default=None):
        self._step()
        bucket, i = self._locate(key)
        return default if i < 0 else bucket[i][2]

    def __setitem__(self, key, value) -> None:
        self._step()
        bucket, i = self._locate(key)
        if i >= 0:
            bucket[i][2] = value
            return
        h = hash(key)
        table = self._new if self._new is not None else self._old
        table[h & (len(table) - 1)].append([h, key, value])
        self._size += 1
        if self._new is None and self._size > 2 * len(self._old):
            self._new = [[] for _ in range(4 * len(self._old))]
            self._next = 0

    def __delitem__(self, key) -> None:
        self._step()
        bucket, i = self._locate(key)
        if i < 0:
            raise KeyError(key)
        last = bucket.pop()
        if i < len(bucket):
            bucket[i] = last
        self._size -= 1

    def __iter__(self):
        for table in self._tables():
            for bucket in table:
                for e in bucket:
                    yield e[1]

    def items(self):
        for table in self._tables():
            for bucket in table:
                for e in bucket:
                    yield e[1], e[2]
