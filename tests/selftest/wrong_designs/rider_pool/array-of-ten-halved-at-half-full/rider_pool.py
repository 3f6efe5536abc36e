# Wrong-fix hunt (seventeenth): an array of 10 slots that doubles when full and halves as soon as it is half full: a size going back and forth across 81,920 copies the riders at each step.
"""Riders in a fixed-capacity array with a count; the array doubles when full
and halves when half empty, so memory follows the riders in the pool."""

from __future__ import annotations

import random

_START = 10


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._arr: list[str | None] = [None] * _START
        self._n = 0
        self._slot: dict[str, int] = {}

    def __len__(self) -> int:
        return self._n

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def _resize(self, cap: int) -> None:
        arr: list[str | None] = [None] * cap
        arr[: self._n] = self._arr[: self._n]
        self._arr = arr

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        if self._n == len(self._arr):
            self._resize(2 * len(self._arr))
        self._arr[self._n] = rider_id
        self._slot[rider_id] = self._n
        self._n += 1
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._n -= 1
        last = self._arr[self._n]
        self._arr[self._n] = None
        if slot != self._n:
            self._arr[slot] = last
            self._slot[last] = slot
        if len(self._arr) > _START and self._n <= len(self._arr) // 2:
            self._resize(len(self._arr) // 2)
        return True

    def pick(self) -> str | None:
        if self._n == 0:
            return None
        return self._arr[self._rng.randrange(self._n)]
