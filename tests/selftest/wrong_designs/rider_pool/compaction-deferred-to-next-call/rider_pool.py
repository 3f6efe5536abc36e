# Wrong-fix hunt: compaction is put off to the next add() or remove(), so a refused call still reorders the pool and changes the picks.
from __future__ import annotations

import random


class RiderPool:
    """Holes (None) + free-slot reuse; compaction is deferred to the next add/remove call."""

    def __init__(self, rng=None):
        self._rng = rng if rng is not None else random.Random()
        self._slots = []
        self._slot = {}
        self._free = []

    def _maybe_compact(self):
        if len(self._slots) > 2 * len(self._slot) + 8:
            self._slots = list(self._slot)
            self._slot = {x: j for j, x in enumerate(self._slots)}
            self._free = []

    def __len__(self):
        return len(self._slot)

    def __contains__(self, r):
        return r in self._slot

    def add(self, r):
        self._maybe_compact()
        if r in self._slot:
            return False
        if self._free:
            i = self._free.pop()
            self._slots[i] = r
        else:
            i = len(self._slots)
            self._slots.append(r)
        self._slot[r] = i
        return True

    def remove(self, r):
        self._maybe_compact()
        i = self._slot.pop(r, None)
        if i is None:
            return False
        self._slots[i] = None
        self._free.append(i)
        return True

    def pick(self):
        if not self._slot:
            return None
        while True:
            r = self._slots[self._rng.randrange(len(self._slots))]
            if r is not None:
                return r
