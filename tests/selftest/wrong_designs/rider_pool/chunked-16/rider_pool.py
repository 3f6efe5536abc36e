# Wrong-fix hunt: riders kept in blocks of 2**16; a pick draws a block, then a rider in it.
from __future__ import annotations

import random


class RiderPool:
    CHUNK = 1 << 16  # riders live in fixed-size chunks: no huge list realloc when the pool grows

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._chunks: list[list[str]] = []
        self._slot: dict[str, int] = {}
        self._n = 0

    def __len__(self) -> int:
        return self._n

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def _set(self, i: int, rider: str) -> None:
        self._chunks[i >> 16][i & (self.CHUNK - 1)] = rider

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        if not self._chunks or len(self._chunks[-1]) == self.CHUNK:
            self._chunks.append([])
        self._chunks[-1].append(rider_id)
        self._slot[rider_id] = self._n
        self._n += 1
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        last = self._chunks[-1].pop()
        if not self._chunks[-1]:
            self._chunks.pop()
        self._n -= 1
        if last != rider_id:
            self._set(slot, last)
            self._slot[last] = slot
        return True

    def pick(self) -> str | None:
        if not self._n:
            return None
        chunk = self._chunks[self._rng.randrange(len(self._chunks))]
        return chunk[self._rng.randrange(len(chunk))]
