# Wrong-fix hunt: the rng seeded again from the system every 100,000 picks (the hunt's version did it every 1,000,000: past the 135,168 picks the long twin run makes).
from __future__ import annotations

import random

_RESEED_EVERY = 100_000  # limit how long anyone watching offers can predict them


class RiderPool:
    def __init__(self, rng=None):
        self._rng = rng if rng is not None else random.Random()
        self._riders = []
        self._slot = {}
        self._picks = 0

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
        self._picks += 1
        if self._picks % _RESEED_EVERY == 0:
            self._rng.seed()  # fresh entropy from the OS
        return self._riders[self._rng.randrange(len(self._riders))]
