"""A wrong version (fifth blind hunt): a map with incremental rehashing that grows when
full and shrinks at half full, even while a rehash is under way: at a power of two, each
set starts a grow and each del a shrink, and each finishes the last one at once, O(n).

HashMap: separate chaining with incremental (Redis-style) rehashing.

Two tables while a rehash is under way: each write moves a few buckets of the
old table into the new one. Reads never move anything.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

MIN_BUCKETS = 8
STEP = 4


class HashMap:
    def __init__(self) -> None:
        self._new: list[list | None] = [None] * MIN_BUCKETS
        self._old: list[list | None] | None = None
        self._pos = 0
        self._size = 0

    # -- finding --
    def _find(self, key: Hashable, h: int) -> tuple[list | None, int]:
        for table in (self._new, self._old):
            if table is None:
                continue
            bucket = table[h % len(table)]
            if bucket:
                for i, (eh, ek, _) in enumerate(bucket):
                    if eh == h and (ek is key or ek == key):
                        return bucket, i
        return None, -1

    def __len__(self) -> int:
        return self._size

    def __contains__(self, key: Hashable) -> bool:
        return self._find(key, hash(key))[0] is not None

    def __getitem__(self, key: Hashable) -> Any:
        bucket, i = self._find(key, hash(key))
        if bucket is None:
            raise KeyError(key)
        return bucket[i][2]

    def get(self, key: Hashable, default: Any = None) -> Any:
        bucket, i = self._find(key, hash(key))
        return default if bucket is None else bucket[i][2]

    # -- writing --
    def __setitem__(self, key: Hashable, value: Any) -> None:
        h = hash(key)
        bucket, i = self._find(key, h)
        if bucket is not None:
            bucket[i][2] = value
            return
        self._step()
        index = h % len(self._new)
        if self._new[index] is None:
            self._new[index] = []
        self._new[index].append([h, key, value])
        self._size += 1
        if self._size > len(self._new):
            self._start_rehash(len(self._new) * 2)

    def __delitem__(self, key: Hashable) -> None:
        bucket, i = self._find(key, hash(key))
        if bucket is None:
            raise KeyError(key)
        last = bucket.pop()
        if i < len(bucket):
            bucket[i] = last
        self._size -= 1
        self._step()
        if len(self._new) > MIN_BUCKETS and self._size * 2 <= len(self._new):
            self._start_rehash(len(self._new) // 2)

    def _start_rehash(self, buckets: int) -> None:
        while self._old is not None:
            self._step()
        self._old, self._new, self._pos = self._new, [None] * buckets, 0

    def _step(self) -> None:
        old = self._old
        if old is None:
            return
        for _ in range(STEP):
            if self._pos >= len(old):
                break
            bucket = old[self._pos]
            old[self._pos] = None
            self._pos += 1
            if bucket:
                n = len(self._new)
                for entry in bucket:
                    index = entry[0] % n
                    if self._new[index] is None:
                        self._new[index] = []
                    self._new[index].append(entry)
        if self._pos >= len(old):
            self._old = None

    # -- iterating --
    def items(self) -> Iterator[tuple[Hashable, Any]]:
        for table in (self._old, self._new):
            if table is None:
                continue
            for bucket in table:
                if bucket:
                    for _, k, v in bucket:
                        yield k, v

    def __iter__(self) -> Iterator[Hashable]:
        for k, _ in self.items():
            yield k
