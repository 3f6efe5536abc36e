# Wrong-fix hunt (sixteenth): pools under 1,024 riders draw a slot as (13 random bits * n) >> 13, which favours 192 of 1,000 riders by an eighth.
"""Swap-delete; multiply-shift on 13 random bits for pools under 1,024 (bias 1/8 at 1,000 riders)."""

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
        k = 13 if n < 1 << 10 else n.bit_length() + 8
        return self._riders[(self._rng.getrandbits(k) * n) >> k]
