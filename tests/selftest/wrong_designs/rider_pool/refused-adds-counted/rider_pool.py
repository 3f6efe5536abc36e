# Wrong-fix hunt (sixteenth): each refused add() is counted by id, and the counts stay after the rider leaves.
"""Swap-delete; counts refused duplicate adds per id (never cleaned)."""

from __future__ import annotations

import random
from collections import Counter


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self.double_logins: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            self.double_logins[rider_id] += 1  # for support: apps that log in twice
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
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
