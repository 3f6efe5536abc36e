# Wrong-fix hunt: holes also swept when 50 ms have passed, so the picks depend on the clock.
from __future__ import annotations

import random
import time


class RiderPool:
    """Lazy removal; tombstones are swept at most every 50 ms, or when they are most of the list."""

    def __init__(self, rng=None):
        self._rng = rng if rng is not None else random.Random()
        self._riders = []
        self._slot = {}
        self._dead = 0
        self._swept = time.monotonic()

    def __len__(self):
        return len(self._slot)

    def __contains__(self, r):
        return r in self._slot

    def add(self, r):
        if r in self._slot:
            return False
        self._slot[r] = len(self._riders)
        self._riders.append(r)
        return True

    def _sweep(self):
        self._riders = [x for x in self._riders if x is not None]
        self._slot = {x: j for j, x in enumerate(self._riders)}
        self._dead = 0
        self._swept = time.monotonic()

    def remove(self, r):
        i = self._slot.pop(r, None)
        if i is None:
            return False
        self._riders[i] = None
        self._dead += 1
        if self._dead * 2 > len(self._riders) or (
            self._dead * 8 > len(self._riders) and time.monotonic() - self._swept > 0.05
        ):
            self._sweep()
        return True

    def pick(self):
        if not self._slot:
            return None
        while True:
            r = self._riders[self._rng.randrange(len(self._riders))]
            if r is not None:
                return r
