# Wrong-fix hunt: compaction swaps the riders into a spare list kept on the class, so two pools that both compact share one list.
from __future__ import annotations

import random

_DEAD = object()


class RiderPool:
    _spare: list = []  # second buffer, reused by compaction to avoid allocating

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list = []
        self._slot: dict[str, int] = {}
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

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._riders[slot] = _DEAD
        self._dead += 1
        if self._dead >= 512 and self._dead > len(self._slot):
            self._compact()
        return True

    def _compact(self) -> None:
        spare = self._spare
        spare.clear()
        spare.extend(r for r in self._riders if r is not _DEAD)
        self._riders, self._spare = spare, self._riders
        self._slot = {r: i for i, r in enumerate(self._riders)}
        self._dead = 0

    def pick(self) -> str | None:
        if not self._slot:
            return None
        while True:
            r = self._riders[self._rng.randrange(len(self._riders))]
            if r is not _DEAD:
                return r
