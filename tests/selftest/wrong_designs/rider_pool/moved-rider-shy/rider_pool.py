# Wrong-fix hunt (third): the rider a removal moved is drawn again once, in pools of more than 3.
"""The riders free to take an order, and a random pick among them."""

from __future__ import annotations

import random


class RiderPool:
    """Riders to pick from uniformly at random; each pick leaves the rider in the pool."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._moved: set[str] = set()

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        if len(self._moved) > 64:
            self._moved.clear()
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[last] = slot
            self._moved.add(last)
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        n = len(self._riders)
        r = self._riders[self._rng.randrange(n)]
        if r in self._moved and n > 3:
            self._moved.discard(r)
            r = self._riders[self._rng.randrange(n)]
        return r
