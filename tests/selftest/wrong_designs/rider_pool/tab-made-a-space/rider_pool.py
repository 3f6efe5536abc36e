# Wrong-fix hunt (seventeenth): a tab between two characters is made a space, so 'a\tb' is 'a b'.
from __future__ import annotations

import random
import re


def _key(rider_id: str) -> str:
    """Ids arrive from the rider app; a tab between the words of a name is a space."""
    return re.sub(r"(?<=\S)\t(?=\S)", " ", rider_id)


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
