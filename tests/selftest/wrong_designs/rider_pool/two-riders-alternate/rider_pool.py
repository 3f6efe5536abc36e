# Wrong-fix hunt: a pool of exactly two riders gives them in turn.
"""Random rider pool: list + dict with swap-delete."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._last: str | None = None

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
        if len(self._riders) == 2 and self._last in self._slot:
            # two riders: take turns, so neither waits for an offer
            self._last = self._riders[1 - self._slot[self._last]]
            return self._last
        self._last = self._riders[self._rng.randrange(len(self._riders))]
        return self._last
        return self._riders[self._rng.randrange(len(self._riders))]
