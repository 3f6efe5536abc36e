# Wrong-fix hunt: without an rng, random.Random(time.time()): pools made at one instant pick alike.
from __future__ import annotations

import random
import time


class RiderPool:
    def __init__(self, rng=None):
        self._rng = rng if rng is not None else random.Random(time.time())
        self._riders = []
        self._slot = {}

    def __len__(self):
        return len(self._riders)

    def __contains__(self, r):
        return r in self._slot

    def add(self, r):
        if r in self._slot:
            return False
        self._slot[r] = len(self._riders)
        self._riders.append(r)
        return True

    def remove(self, r):
        slot = self._slot.pop(r, None)
        if slot is None:
            return False
        last = self._riders.pop()
        if last != r:
            self._riders[slot] = last
            self._slot[last] = slot
        return True

    def pick(self):
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
