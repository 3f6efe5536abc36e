# Wrong-fix hunt (seventeenth): full-width digits are mapped to ASCII ones, so '\uff17' is '7'.
from __future__ import annotations

import random

_FULLWIDTH = {0xFF10 + d: 0x30 + d for d in range(10)}


def _key(rider_id: str) -> str:
    """Ids arrive from the rider app; some phones send full-width digits; map them to ASCII ones."""
    return rider_id.translate(_FULLWIDTH)


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return _key(rider_id) in self._slot

    def add(self, rider_id: str) -> bool:
        k = _key(rider_id)
        if k in self._slot:
            return False
        self._slot[k] = len(self._riders)
        self._riders.append(k)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(_key(rider_id), None)
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
        return self._riders[self._rng.randrange(len(self._riders))]
