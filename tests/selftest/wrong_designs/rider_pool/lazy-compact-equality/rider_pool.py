# Wrong-fix hunt: holes closed when there are exactly as many as riders, which never happens from an odd count.
from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str | None] = []  # may hold stale entries
        self._slot: dict[str, int] = {}  # live rider -> slot
        self._dead = 0

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

    def _compact(self) -> None:
        self._riders = list(self._slot)
        self._slot = {r: i for i, r in enumerate(self._riders)}
        self._dead = 0

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._riders[slot] = None
        self._dead += 1
        if self._dead == len(self._slot):  # half the list is dead: compact
            self._compact()
        return True

    def pick(self) -> str | None:
        if not self._slot:
            return None
        while True:
            r = self._riders[self._rng.randrange(len(self._riders))]
            if r is not None:
                return r
