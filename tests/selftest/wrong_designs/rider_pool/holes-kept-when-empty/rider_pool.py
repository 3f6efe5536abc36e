# Wrong-fix hunt (thirteenth): an empty pool never closes its holes, so a rider added and removed again and again leaves a hole each time and a pick draws once per hole.
"""The riders free to take an order (lazy deletion: holes, rejection, compaction)."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str | None] = []  # None marks a freed slot
        self._slot: dict[str, int] = {}
        self._holes = 0

    def __len__(self) -> int:
        return len(self._slot)

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
        self._riders[slot] = None
        self._holes += 1
        if self._slot and self._holes > len(self._slot):  # an empty pool has nothing to tidy
            self._compact()
        return True

    def _compact(self) -> None:
        self._riders = [r for r in self._riders if r is not None]
        self._slot = {r: i for i, r in enumerate(self._riders)}
        self._holes = 0

    def pick(self) -> str | None:
        if not self._slot:
            return None
        riders = self._riders
        rand = self._rng.random
        while True:
            r = riders[int(rand() * len(riders))]
            if r is not None:
                return r
