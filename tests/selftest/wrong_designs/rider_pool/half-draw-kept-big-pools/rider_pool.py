# Wrong-fix hunt: in pools of 65,536 riders or more, one 64-bit draw serves two picks and the unused half is kept past a reseed of the rng.
"""Random rider pool: list + slot dict, swap-delete."""

from __future__ import annotations

import random


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._spare: int | None = None  # the unused half of a 64-bit draw

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
        n = len(self._riders)
        if n < 1 << 16:
            return self._riders[self._rng.randrange(n)]
        # Big pools: one 64-bit draw serves two picks (32 bits each, with rejection).
        while True:
            if self._spare is None:
                word = self._rng.getrandbits(64)
                bits, self._spare = word & 0xFFFFFFFF, word >> 32
            else:
                bits, self._spare = self._spare, None
            limit = (1 << 32) - (1 << 32) % n
            if bits < limit:
                return self._riders[bits % n]
