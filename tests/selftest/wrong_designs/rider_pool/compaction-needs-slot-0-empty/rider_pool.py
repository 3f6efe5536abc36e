# Wrong-fix hunt: holes are trimmed from the end only, and compaction waits for slot 0 to be empty: with the first and last riders left, every pick draws thousands of holes.
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
        while self._free:
            i = self._free.pop()
            if i < len(self._slots) and self._slots[i] is None:  # skip holes trimmed off the end
                self._slots[i] = r
                break
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
        while self._slots and self._slots[-1] is None:  # trim trailing holes
            self._slots.pop()
        if len(self._slots) > 4 * len(self._slot) + 8 and self._slots[0] is None:
            self._slots = list(self._slot)  # compact when the front has emptied
            self._slot = {x: j for j, x in enumerate(self._slots)}
            self._free = []
        return True

    def pick(self):
        if not self._slot:
            return None
        while True:
            r = self._slots[self._rng.randrange(len(self._slots))]
            if r is not None:
                return r
