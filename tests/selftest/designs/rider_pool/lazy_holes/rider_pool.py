"""Lazy holes: a removal leaves None in the rider's slot; a pick draws slots until
it hits a rider (rejection sampling); the list is compacted when the holes
outnumber the riders, so a pick expects at most about two draws and the
compaction costs O(1) amortised per removal."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng or random.Random()
        self._slots: list[str | None] = []
        self._where: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._where

    def add(self, rider_id: str) -> bool:
        if rider_id in self._where:
            return False
        self._where[rider_id] = len(self._slots)
        self._slots.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._where.pop(rider_id, None)
        if slot is None:
            return False
        self._slots[slot] = None
        holes = len(self._slots) - len(self._where)
        if holes > len(self._where) + 8:
            self._compact()
        return True

    def _compact(self) -> None:
        self._slots = list(self._where)
        self._where = {rider: slot for slot, rider in enumerate(self._slots)}

    def pick(self) -> str | None:
        if not self._where:
            return None
        while True:
            rider = self._slots[self._rng.randrange(len(self._slots))]
            if rider is not None:
                return rider
