"""A wrong version (blind hunt 7, wd31), a map of its own: linear hashing, whose
buckets move a key found by any read (m[key], m.get, `in`) to their front. A loop over
the map that reads a key its bucket holds further on then meets a key twice and misses
another. The spec tests read, in such a loop, every key held in one fixed order, which
leaves each bucket in the same order at every step, and it was graded Solved.

HashMap by linear hashing (Litwin): buckets split one at a time as the map
grows and merge back one at a time as it shrinks; each bucket a small list."""

from __future__ import annotations

M64 = (1 << 64) - 1
N0 = 4


class HashMap:
    def __init__(self) -> None:
        self._buckets: list[list] = [[] for _ in range(N0)]
        self._level = 0
        self._split = 0
        self._size = 0

    def _addr(self, h: int) -> int:
        h &= M64
        low = N0 << self._level
        a = h % low
        if a < self._split:
            a = h % (low * 2)
        return a

    def _bucket(self, key):
        h = hash(key)
        return h, self._buckets[self._addr(h)]

    @staticmethod
    def _index(bucket: list, h: int, key) -> int:
        for i, e in enumerate(bucket):
            if e[0] == h and (e[1] is key or e[1] == key):
                if i:
                    # move to front: the keys read often are found first next time
                    bucket.insert(0, bucket.pop(i))
                return 0
        return -1

    def __len__(self) -> int:
        return self._size

    def __contains__(self, key) -> bool:
        h, b = self._bucket(key)
        return self._index(b, h, key) >= 0

    def __getitem__(self, key):
        h, b = self._bucket(key)
        i = self._index(b, h, key)
        if i < 0:
            raise KeyError(key)
        return b[i][2]

    def get(self, key, default=None):
        h, b = self._bucket(key)
        i = self._index(b, h, key)
        return default if i < 0 else b[i][2]

    def __setitem__(self, key, value) -> None:
        h, b = self._bucket(key)
        i = self._index(b, h, key)
        if i >= 0:
            b[i][2] = value
            return
        b.append([h, key, value])
        self._size += 1
        if self._size > 2 * len(self._buckets):
            self._grow()

    def __delitem__(self, key) -> None:
        h, b = self._bucket(key)
        i = self._index(b, h, key)
        if i < 0:
            raise KeyError(key)
        last = b.pop()
        if i < len(b):
            b[i] = last
        self._size -= 1
        if len(self._buckets) > N0 and self._size * 2 < len(self._buckets):
            self._shrink()

    def _grow(self) -> None:
        low = N0 << self._level
        old = self._buckets[self._split]
        self._buckets.append([])
        self._split += 1
        if self._split == low:
            self._level += 1
            self._split = 0
        keep = []
        for e in old:
            (keep if self._addr(e[0]) != len(self._buckets) - 1 else self._buckets[-1]).append(e)
        old[:] = keep

    def _shrink(self) -> None:
        if self._split == 0:
            self._level -= 1
            self._split = N0 << self._level
        self._split -= 1
        last = self._buckets.pop()
        self._buckets[self._split].extend(last)

    def __iter__(self):
        for b in self._buckets:
            for e in b:
                yield e[1]

    def items(self):
        for b in self._buckets:
            for e in b:
                yield e[1], e[2]
