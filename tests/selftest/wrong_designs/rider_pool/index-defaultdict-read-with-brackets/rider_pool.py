# Wrong-fix hunt (sixteenth): the index is a defaultdict(int) read with [], so `in` and a refused remove() make an entry for each id asked about.
"""Swap-delete; the slot map is a defaultdict(int) holding slot + 1, so 0 means 'not in'."""

from __future__ import annotations

import random
from collections import defaultdict


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: defaultdict[str, int] = defaultdict(int)  # rider -> slot + 1

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return self._slot[rider_id] > 0

    def add(self, rider_id: str) -> bool:
        if self._slot[rider_id]:
            return False
        self._riders.append(rider_id)
        self._slot[rider_id] = len(self._riders)
        return True

    def remove(self, rider_id: str) -> bool:
        s = self._slot[rider_id]
        if not s:
            return False
        del self._slot[rider_id]
        last = self._riders.pop()
        if s <= len(self._riders):
            self._riders[s - 1] = last
            self._slot[last] = s
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
