# Wrong-fix hunt: remove() trusts the slot the last pick found, though a removal since may have moved the rider.
from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}

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
        picked = getattr(self, "_picked", None)
        if picked is not None and picked[0] == rider_id and rider_id in self._slot:
            slot = picked[1]  # skip the dict lookup
            del self._slot[rider_id]
        else:
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
        n = len(self._riders)
        i = self._rng.randrange(n)
        self._picked = (
            self._riders[i],
            i,
        )  # dispatcher removes the rider it just picked: remember where
        return self._riders[i]
