# Wrong-fix hunt: a freed slot holds the string '__removed__', so a rider of that id is taken for a hole.
"""Lazy deletion: a removal leaves a tombstone in its slot, and a pick draws
again when it lands on one. Once tombstones outnumber live riders
the list is compacted."""

from __future__ import annotations

import random

_DEAD = "__removed__"  # tombstone marker


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._slots: list = []
        self._slot: dict[str, int] = {}
        self._dead = 0

    def __len__(self) -> int:
        return len(self._slot)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._slots)
        self._slots.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._slots[slot] = _DEAD
        self._dead += 1
        if self._dead > len(self._slot):
            self._compact()
        return True

    def _compact(self) -> None:
        live = [(i, r) for i, r in enumerate(self._slots) if r != _DEAD]
        self._slots = [r for _, r in live]
        for j, (_, r) in enumerate(live):
            self._slot[r] = j
        self._dead = 0

    def pick(self) -> str | None:
        if not self._slot:
            return None
        slots, rng = self._slots, self._rng
        while True:
            r = slots[rng.randrange(len(slots))]
            if r != _DEAD:
                return r
