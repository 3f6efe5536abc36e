"""The reference with an __eq__ that compares pools by value (the same riders, in any
slots), which leaves it unhashable. The contract says nothing of equality."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RiderPool):
            return NotImplemented
        return self._slot.keys() == other._slot.keys()

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
        slot = self._slot.get(rider_id)
        if slot is None:
            return False
        last = self._riders.pop()
        if last != rider_id:
            self._riders[slot] = last
            self._slot[last] = slot
        del self._slot[rider_id]
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[int(self._rng.random() * len(self._riders))]
