"""Swap-delete, and each pick swaps the rider it picked into the last slot, so the
rider most recently offered an order is the cheapest to take off shift. The order
of the list changes with every pick: the same rng state can pick another rider
than it did before, yet each pick is still uniform and independent of the others."""

import random


class RiderPool:
    def __init__(self, rng=None):
        self.rng = rng or random.Random()
        self.riders = []
        self.index = {}

    def __len__(self):
        return len(self.riders)

    def __contains__(self, rider_id):
        return rider_id in self.index

    def _swap(self, i, j):
        a, b = self.riders[i], self.riders[j]
        self.riders[i], self.riders[j] = b, a
        self.index[a], self.index[b] = j, i

    def add(self, rider_id):
        if rider_id in self.index:
            return False
        self.index[rider_id] = len(self.riders)
        self.riders.append(rider_id)
        return True

    def remove(self, rider_id):
        if rider_id not in self.index:
            return False
        self._swap(self.index[rider_id], len(self.riders) - 1)
        self.riders.pop()
        del self.index[rider_id]
        return True

    def pick(self):
        if not self.riders:
            return None
        self._swap(self.rng.randrange(len(self.riders)), len(self.riders) - 1)
        return self.riders[-1]
