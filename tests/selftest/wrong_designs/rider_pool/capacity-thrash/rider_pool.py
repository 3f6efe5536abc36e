# Wrong-fix hunt: arrays shrunk at half full and grown when full: two removals and two adds at 2**17 copy them twice.
from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._cap = 8
        self._riders: list[str | None] = [None] * self._cap  # preallocated, like a C array
        self._n = 0
        self._slot: dict[str, int] = {}

    def __len__(self) -> int:
        return self._n

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def _resize(self, cap: int) -> None:
        self._riders = self._riders[: self._n] + [None] * (cap - self._n)
        self._cap = cap

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        if self._n == self._cap:
            self._resize(2 * self._cap)
        self._riders[self._n] = rider_id
        self._slot[rider_id] = self._n
        self._n += 1
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._n -= 1
        last = self._riders[self._n]
        self._riders[self._n] = None
        if last != rider_id:
            self._riders[slot] = last
            self._slot[last] = slot
        if self._cap > 8 and self._n < self._cap // 2:
            self._resize(self._cap // 2)  # give memory back
        return True

    def pick(self) -> str | None:
        if not self._n:
            return None
        return self._riders[self._rng.randrange(self._n)]
