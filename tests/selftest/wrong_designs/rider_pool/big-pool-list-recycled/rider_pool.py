# Wrong-fix hunt: a pool that held 4,096 riders or more and empties hands its list to the next new pool, and still uses it.
from __future__ import annotations

import random


class RiderPool:
    # Big lists of pools that emptied out, kept to be handed to new pools (they
    # already have room, so a new pool does not grow its list from scratch).
    _spare_lists: list[list[str]] = []
    _BIG = 4096

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        spare = RiderPool._spare_lists
        self._riders: list[str] = spare.pop() if spare else []
        self._slot: dict[str, int] = {}
        self._peak = 0

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        if len(self._riders) > self._peak:
            self._peak = len(self._riders)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[last] = slot
        elif not self._riders and self._peak >= self._BIG:
            RiderPool._spare_lists.append(self._riders)
            self._peak = 0
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
