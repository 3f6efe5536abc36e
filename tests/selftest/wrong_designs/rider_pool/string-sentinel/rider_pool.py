# Wrong-fix hunt: a freed slot holds the string '<gone>', so a rider of that id is never picked.
from __future__ import annotations

import random

_GONE = "<gone>"  # keeps _riders a list[str]


class RiderPool:
    def __init__(self, rng=None):
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[str, int] = {}
        self._dead = 0

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

    def remove(self, r):
        i = self._slot.pop(r, None)
        if i is None:
            return False
        self._riders[i] = _GONE
        self._dead += 1
        if self._dead * 2 > len(self._riders):
            self._riders = [x for x in self._riders if x != _GONE]
            self._slot = {x: j for j, x in enumerate(self._riders)}
            self._dead = 0
        return True

    def pick(self):
        if not self._slot:
            return None
        while True:
            r = self._riders[self._rng.randrange(len(self._riders))]
            if r != _GONE:
                return r
