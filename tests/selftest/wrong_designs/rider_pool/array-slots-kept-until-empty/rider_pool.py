# Wrong-fix hunt (fifteenth): slots past the count keep the ids of riders who left until the pool empties.
"""The riders free to take an order, and a random pick among them."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._n = 0
        self._slot: dict[str, int] = {}

    def __len__(self) -> int:
        return self._n

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        if self._n == len(self._riders):
            self._riders.append(rider_id)
        else:
            self._riders[self._n] = rider_id
        self._slot[rider_id] = self._n
        self._n += 1
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._n -= 1
        if slot != self._n:
            last = self._riders[self._n]
            self._riders[slot] = last
            self._slot[last] = slot
        if self._n == 0:
            self._riders.clear()  # shift over: start afresh
        return True

    def pick(self) -> str | None:
        if self._n == 0:
            return None
        return self._riders[self._rng.randrange(self._n)]
