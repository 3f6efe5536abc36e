# Wrong-fix hunt: freed slots are reused from a free list that compaction leaves holding slots of live riders: a rider added after it takes a live rider's place.
from __future__ import annotations

import random


class RiderPool:
    """Free-slot reuse: a removal leaves a hole (None) that the next add fills; picks skip holes."""

    def __init__(self, rng=None):
        self._rng = rng if rng is not None else random.Random()
        self._slots = []  # rider or None
        self._slot = {}
        self._free = []  # indexes of holes

    def __len__(self):
        return len(self._slot)

    def __contains__(self, r):
        return r in self._slot

    def add(self, r):
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
        i = self._slot.pop(r, None)
        if i is None:
            return False
        self._slots[i] = None
        self._free.append(i)
        if len(self._slots) > 2 * len(self._slot) + 8:
            self._slots = list(self._slot)
            self._slot = {x: j for j, x in enumerate(self._slots)}
            self._free = [j for j in self._free if j < len(self._slots)]  # drop holes past the end
        return True

    def pick(self):
        if not self._slot:
            return None
        while True:
            r = self._slots[self._rng.randrange(len(self._slots))]
            if r is not None:
                return r
