# Wrong-fix hunt (fifteenth): a Windows line end in an id is turned into a newline (written with chr()).
"""The riders free to take an order, and a random pick among them."""

from __future__ import annotations

import random


def _key(rider_id):
    return rider_id.replace(chr(13) + chr(10), chr(10))


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
        if _key(rider_id) in self._slot:
            return False
        self._slot[_key(rider_id)] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(_key(rider_id), None)
        if slot is None:
            return False
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[_key(last)] = slot
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
