# Wrong-fix hunt: a rider added back right after its removal gets its old slot back, but only when it is the same string object: equal ids built at run time get other slots, and other picks.
from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._undo = None

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        u, self._undo = self._undo, None
        if u is not None and u[0] is rider_id and u[1] < len(self._riders):
            slot = u[1]  # same rider back at once: undo the swap
            moved = self._riders[slot]
            self._riders[slot] = rider_id
            self._slot[rider_id] = slot
            self._slot[moved] = len(self._riders)
            self._riders.append(moved)
            return True
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._undo = (rider_id, slot)
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[last] = slot
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
