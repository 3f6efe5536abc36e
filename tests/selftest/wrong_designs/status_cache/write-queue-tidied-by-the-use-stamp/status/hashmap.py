"""HashMap: open addressing, linear probing, backward-shift deletion (no tombstones)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any


class HashMap:
    def __init__(self) -> None:
        self._hashes: list[int] = [0] * 8
        self._keys: list[Any] = [None] * 8
        self._vals: list[Any] = [None] * 8
        self._full: list[bool] = [False] * 8
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def _find(self, key: Hashable, h: int) -> int:
        n = len(self._full)
        i = h % n
        while self._full[i]:
            if self._hashes[i] == h and (self._keys[i] is key or self._keys[i] == key):
                return i
            i = (i + 1) % n
        return -1 - i

    def __contains__(self, key: Hashable) -> bool:
        return self._find(key, hash(key)) >= 0

    def __getitem__(self, key: Hashable) -> Any:
        i = self._find(key, hash(key))
        if i < 0:
            raise KeyError(key)
        return self._vals[i]

    def get(self, key: Hashable, default: Any = None) -> Any:
        i = self._find(key, hash(key))
        return default if i < 0 else self._vals[i]

    def __setitem__(self, key: Hashable, value: Any) -> None:
        h = hash(key)
        i = self._find(key, h)
        if i >= 0:
            self._vals[i] = value
            return
        i = -1 - i
        self._hashes[i], self._keys[i], self._vals[i], self._full[i] = h, key, value, True
        self._size += 1
        if self._size * 2 > len(self._full):
            self._resize(len(self._full) * 2)

    def __delitem__(self, key: Hashable) -> None:
        i = self._find(key, hash(key))
        if i < 0:
            raise KeyError(key)
        n = len(self._full)
        j = i
        while True:
            j = (j + 1) % n
            if not self._full[j]:
                break
            home = self._hashes[j] % n
            # the entry at j may move to i when its home is not in (i, j] cyclically
            if (j > i and (home <= i or home > j)) or (j < i and (home <= i and home > j)):
                self._hashes[i], self._keys[i], self._vals[i] = (
                    self._hashes[j],
                    self._keys[j],
                    self._vals[j],
                )
                i = j
        self._full[i] = False
        self._keys[i] = self._vals[i] = None
        self._size -= 1

    def _resize(self, n: int) -> None:
        old = [
            (self._hashes[i], self._keys[i], self._vals[i])
            for i in range(len(self._full))
            if self._full[i]
        ]
        self._hashes, self._keys, self._vals, self._full = (
            [0] * n,
            [None] * n,
            [None] * n,
            [False] * n,
        )
        for h, k, v in old:
            i = h % n
            while self._full[i]:
                i = (i + 1) % n
            self._hashes[i], self._keys[i], self._vals[i], self._full[i] = h, k, v, True

    def __iter__(self) -> Iterator[Hashable]:
        for i in range(len(self._full)):
            if self._full[i]:
                yield self._keys[i]

    def items(self) -> Iterator[tuple[Hashable, Any]]:
        for i in range(len(self._full)):
            if self._full[i]:
                yield self._keys[i], self._vals[i]
