"""HashMap: linear probing over parallel arrays (state bytes, hashes, keys, values).

state 0 = empty, 1 = full, 2 = deleted. A delete whose next slot is empty ends its
run: it empties the slot and the tombstones just before it too.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

_EMPTY, _FULL, _DELETED = 0, 1, 2


class HashMap:
    def __init__(self) -> None:
        self._alloc(8)
        self._size = 0

    def _alloc(self, n: int) -> None:
        self._state = bytearray(n)
        self._hashes = [0] * n
        self._keys: list[Any] = [None] * n
        self._values: list[Any] = [None] * n
        self._mask = n - 1
        self._filled = 0  # full + deleted

    def _find(self, key: Hashable, h: int) -> int:
        i = h & self._mask
        state, hashes, keys = self._state, self._hashes, self._keys
        while state[i] != _EMPTY:
            # a deleted slot's key is cleared to None, so it never matches
            if hashes[i] == h:
                k = keys[i]
                if k is key or k == key:
                    return i
            i = (i + 1) & self._mask
        return -1

    def __len__(self) -> int:
        return self._size

    def __contains__(self, key: Hashable) -> bool:
        return self._find(key, hash(key)) >= 0

    def __getitem__(self, key: Hashable) -> Any:
        i = self._find(key, hash(key))
        if i < 0:
            raise KeyError(key)
        return self._values[i]

    def get(self, key: Hashable, default: Any = None) -> Any:
        i = self._find(key, hash(key))
        return default if i < 0 else self._values[i]

    def __setitem__(self, key: Hashable, value: Any) -> None:
        h = hash(key)
        i = self._find(key, h)
        if i >= 0:
            self._values[i] = value
            return
        i = h & self._mask
        while self._state[i] == _FULL:
            i = (i + 1) & self._mask
        if self._state[i] == _EMPTY:
            self._filled += 1
        self._state[i] = _FULL
        self._hashes[i], self._keys[i], self._values[i] = h, key, value
        self._size += 1
        if self._filled * 4 >= len(self._state) * 3:
            self._resize()

    def __delitem__(self, key: Hashable) -> None:
        i = self._find(key, hash(key))
        if i < 0:
            raise KeyError(key)
        self._keys[i] = self._values[i] = None
        self._size -= 1
        if self._state[(i + 1) & self._mask] == _EMPTY:
            # The run ends here: empty the slot and the tombstones just before it.
            self._state[i] = _EMPTY
            self._filled -= 1
            i = (i - 1) & self._mask
            while self._state[i] == _DELETED:
                self._state[i] = _EMPTY
                self._filled -= 1
                i = (i - 1) & self._mask
        else:
            self._state[i] = _DELETED

    def _resize(self) -> None:
        old = [
            (self._hashes[i], self._keys[i], self._values[i])
            for i in range(len(self._state))
            if self._state[i] == _FULL
        ]
        n = 8
        while n * 3 <= len(old) * 6:  # at most half full after
            n *= 2
        self._alloc(n)
        for h, k, v in old:
            i = h & self._mask
            while self._state[i] != _EMPTY:
                i = (i + 1) & self._mask
            self._state[i] = _FULL
            self._hashes[i], self._keys[i], self._values[i] = h, k, v
            self._filled += 1

    def __iter__(self) -> Iterator[Hashable]:
        for i in range(len(self._state)):
            if self._state[i] == _FULL:
                yield self._keys[i]

    def items(self) -> Iterator[tuple[Hashable, Any]]:
        for i in range(len(self._state)):
            if self._state[i] == _FULL:
                yield self._keys[i], self._values[i]
