# Wrong-fix hunt: ids cut to 1,024 characters, so two that differ further on are one rider.
from __future__ import annotations

import random

MAX_ID = 1024  # rider ids are at most this long in the rider table


def _key(rider_id: str) -> str:
    return rider_id[:MAX_ID]


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return isinstance(rider_id, str) and _key(rider_id) in self._slot

    def add(self, rider_id: str) -> bool:
        rider_id = _key(rider_id)
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        rider_id = _key(rider_id)
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        last = self._riders.pop()
        if last != rider_id:
            self._riders[slot] = last
            self._slot[last] = slot
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
