"""HashMap with separate chaining: a list of buckets, each a list of [hash, key, value]."""

from __future__ import annotations

from typing import Any

_MIN = 8


class HashMap:
    def __init__(self) -> None:
        self._buckets: list[list[list[Any]]] = [[] for _ in range(_MIN)]
        self._size = 0

    def _bucket(self, h: int) -> list:
        return self._buckets[h % len(self._buckets)]

    def _cell(self, key: Any):
        h = hash(key)
        for cell in self._bucket(h):
            if cell[0] == h and (cell[1] is key or cell[1] == key):
                return cell
        return None

    def __len__(self) -> int:
        return self._size

    def __contains__(self, key: Any) -> bool:
        return self._cell(key) is not None

    def __getitem__(self, key: Any) -> Any:
        cell = self._cell(key)
        if cell is None:
            raise KeyError(key)
        return cell[2]

    def get(self, key: Any, default: Any = None) -> Any:
        cell = self._cell(key)
        return default if cell is None else cell[2]

    def __setitem__(self, key: Any, value: Any) -> None:
        h = hash(key)
        bucket = self._bucket(h)
        for cell in bucket:
            if cell[0] == h and (cell[1] is key or cell[1] == key):
                cell[2] = value
                return
        bucket.append([h, key, value])
        self._size += 1
        if self._size > len(self._buckets):
            self._resize(len(self._buckets) * 2)

    def __delitem__(self, key: Any) -> None:
        h = hash(key)
        bucket = self._bucket(h)
        for i, cell in enumerate(bucket):
            if cell[0] == h and (cell[1] is key or cell[1] == key):
                bucket[i] = bucket[-1]
                bucket.pop()
                self._size -= 1
                if len(self._buckets) > _MIN and self._size * 4 < len(self._buckets):
                    self._resize(len(self._buckets) // 2)
                return
        raise KeyError(key)

    def _resize(self, n: int) -> None:
        old = self._buckets
        self._buckets = [[] for _ in range(n)]
        for bucket in old:
            for cell in bucket:
                self._buckets[cell[0] % n].append(cell)

    def __iter__(self):
        for bucket in self._buckets:
            for cell in bucket:
                yield cell[1]

    def items(self):
        for bucket in self._buckets:
            for cell in bucket:
                yield cell[1], cell[2]
