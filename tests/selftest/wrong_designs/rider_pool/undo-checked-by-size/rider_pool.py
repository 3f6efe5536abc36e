# Wrong-fix hunt: a rider added back gets its old slot if the pool has the size it had after the removal, though others moved meanwhile.
"""Swap-delete, plus a fast undo: a rider who logs off and back on (a flaky
connection) gets its old slot back, and the rider that was moved into that slot
goes back to the end, as if the rider had never left."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._undo: dict[str, tuple[int, str, int]] = {}  # rider -> slot, moved, len

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        undo = self._undo.pop(rider_id, None)
        if undo is not None and undo[2] == len(self._riders):
            slot, moved, _ = undo
            # The pool is the size it was after the removal: undo it.
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
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[last] = slot
            self._undo[rider_id] = (slot, last, len(self._riders))
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
