# Wrong-fix hunt: holes for removed riders; after 8 draws of holes, the next rider after the hole.
"""Rider pool with lazy deletion: removed riders leave a hole (None) in the list;
a pick retries on a hole; the list is compacted when holes reach half of it."""

from __future__ import annotations

import random

_HOLE = None


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._cells: list[str | None] = []
        self._slot: dict[str, int] = {}
        self._holes = 0

    def __len__(self) -> int:
        return len(self._slot)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._cells)
        self._cells.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.pop(rider_id, None)
        if slot is None:
            return False
        self._cells[slot] = _HOLE
        self._holes += 1
        if self._holes * 2 > len(self._cells):
            self._compact()
        return True

    def _compact(self) -> None:
        self._cells = [r for r in self._cells if r is not _HOLE]
        self._slot = {r: i for i, r in enumerate(self._cells)}
        self._holes = 0

    def pick(self) -> str | None:
        if not self._slot:
            return None
        n = len(self._cells)
        for _ in range(8):
            i = self._rng.randrange(n)
            if self._cells[i] is not _HOLE:
                return self._cells[i]
        while self._cells[i] is _HOLE:
            i = (i + 1) % n
        return self._cells[i]
