# Wrong-fix hunt (fifteenth): remove() leaves a tombstone in the dict, purged only when the pool empties.
"""The riders free to take an order, and a random pick among them."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return self._slot.get(rider_id, -1) >= 0

    def add(self, rider_id: str) -> bool:
        if self._slot.get(rider_id, -1) >= 0:
            return False
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.get(rider_id, -1)
        if slot < 0:
            return False
        self._slot[rider_id] = -1  # logged off
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[last] = slot
        if not self._riders:
            self._slot.clear()
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
