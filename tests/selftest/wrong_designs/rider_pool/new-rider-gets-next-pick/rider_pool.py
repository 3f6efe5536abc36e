# Wrong-fix hunt: in pools of more than 100 riders, the rider just added is given the next pick.
from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._welcome: str | None = None

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        if len(self._riders) > 100:
            self._welcome = rider_id  # a rider coming on shift gets the next order
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        if rider_id == self._welcome:
            self._welcome = None
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[last] = slot
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        r = self._riders[self._rng.randrange(len(self._riders))]
        if self._welcome is not None:
            r, self._welcome = self._welcome, None
        return r
