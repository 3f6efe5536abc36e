# Wrong-fix hunt: a freed slot holds '\x00' * 2, made at run time, so a rider of that id is taken for a hole.
"""Lazy deletion: a removal leaves a marker in the slot; picks skip markers; the
list is compacted when markers outnumber riders."""

from __future__ import annotations

import random

_FREE = "\x00" * 2  # marks a freed slot


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._slot)

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
        self._riders[slot] = _FREE
        if len(self._riders) > 2 * len(self._slot):
            self._compact()
        return True

    def _compact(self) -> None:
        self._riders = [r for r in self._riders if r != _FREE]
        self._slot = {r: i for i, r in enumerate(self._riders)}

    def pick(self) -> str | None:
        if not self._slot:
            return None
        while True:
            r = self._riders[self._rng.randrange(len(self._riders))]
            if r != _FREE:
                return r
