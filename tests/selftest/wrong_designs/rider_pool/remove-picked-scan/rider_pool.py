# Wrong-fix hunt (third): removing the rider just picked looks it up in the list.
"""The riders free to take an order, and a random pick among them."""

from __future__ import annotations

import random


class RiderPool:
    """Riders to pick from uniformly at random; each pick leaves the rider in the pool."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._last_pick: str | None = None

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
        if rider_id == self._last_pick and rider_id in self._slot:
            # the rider just offered an order: double-check its slot
            self._slot[rider_id] = self._riders.index(rider_id)
            self._last_pick = None
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
        r = self._riders[self._rng.randrange(len(self._riders))]
        self._last_pick = r
        return r
