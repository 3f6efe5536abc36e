# Wrong-fix hunt (thirteenth): add() takes a free slot before it checks the rider is new, so a refused add() loses that slot and the next rider lands elsewhere.
"""Riders in slots; freed slots are reused by the next rider (free list)."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str | None] = []
        self._slot: dict[str, int] = {}
        self._free: list[int] = []  # freed slots, reused by add()

    def __len__(self) -> int:
        return len(self._slot)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        i = self._free.pop() if self._free else len(self._riders)
        if rider_id in self._slot:
            return False
        if i < len(self._riders):
            self._riders[i] = rider_id
        else:
            self._riders.append(rider_id)
        self._slot[rider_id] = i
        return True

    def remove(self, rider_id: str) -> bool:
        i = self._slot.pop(rider_id, None)
        if i is None:
            return False
        self._riders[i] = None
        self._free.append(i)
        if len(self._free) > len(self._slot):
            self._compact()
        return True

    def _compact(self) -> None:
        self._riders = [r for r in self._riders if r is not None]
        self._slot = {r: i for i, r in enumerate(self._riders)}
        self._free = []

    def pick(self) -> str | None:
        if not self._slot:
            return None
        riders, rand = self._riders, self._rng.random
        while True:
            r = riders[int(rand() * len(riders))]
            if r is not None:
                return r
