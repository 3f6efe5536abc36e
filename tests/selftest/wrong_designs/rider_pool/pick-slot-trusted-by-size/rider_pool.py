# Wrong-fix hunt: the slot of the last pick is trusted by remove() while the pool has the size it had at the pick.
"""Swap-delete. The dispatcher picks a rider and then usually removes it, so a
pick remembers where it found its rider, and a removal of that rider skips the
index look-up while the pool still has the size it had at the pick."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._picked: tuple[str, int, int] | None = None  # rider, slot, len

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
        picked = self._picked
        if picked is not None and picked[0] == rider_id and picked[2] == len(self._riders):
            slot = picked[1]
            del self._slot[rider_id]
            self._picked = None
        else:
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
        slot = self._rng.randrange(len(self._riders))
        rider = self._riders[slot]
        self._picked = (rider, slot, len(self._riders))
        return rider
