# Wrong-fix hunt (third): pools of 2,000 and more never repeat the pick before.
"""The riders free to take an order, and a random pick among them."""

from __future__ import annotations

import random


class RiderPool:
    """Riders to pick from uniformly at random; each pick leaves the rider in the pool."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._prev: str | None = None

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
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        n = len(self._riders)
        r = self._riders[self._rng.randrange(n)]
        if n >= 2000 and r == self._prev:
            r = self._riders[self._rng.randrange(n)]
        self._prev = r
        return r
