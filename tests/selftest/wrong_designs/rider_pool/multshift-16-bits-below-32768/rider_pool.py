# Wrong-fix hunt (sixteenth): pools under 32,768 riders draw a slot as (16 random bits * n) >> 16, which favours 5,536 of 12,000 riders by a fifth.
"""Swap-delete; multiply-shift on 16 random bits for pools under 32,768 (bias up to 1/6 near 12k)."""

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
        k = 16 if n < 1 << 15 else n.bit_length() + 8  # 16 bits cover any shift's pool
        return self._riders[(self._rng.getrandbits(k) * n) >> k]
