# Wrong-fix hunt (fifteenth): a count of offers per rider, never pruned on removal, cleared only when the pool empties.
"""The riders free to take an order, and a random pick among them."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._offers: dict[str, int] = {}  # offers made to each rider this shift

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[last] = slot
        if not self._riders:
            self._offers.clear()
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        rider = self._riders[self._rng.randrange(len(self._riders))]
        self._offers[rider] = self._offers.get(rider, 0) + 1
        return rider
