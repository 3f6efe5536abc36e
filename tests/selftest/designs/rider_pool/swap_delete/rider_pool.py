"""Swap-delete as most candidates write it: read the last rider first, move it into
the freed slot, then shorten the list; rng.choice() picks."""

import random


class RiderPool:
    def __init__(self, rng=None):
        self._random = rng if rng is not None else random.Random()
        self._order = []
        self._index = {}

    def __len__(self):
        return len(self._index)

    def __contains__(self, rider_id):
        return rider_id in self._index

    def add(self, rider_id):
        if rider_id in self._index:
            return False
        self._index[rider_id] = len(self._order)
        self._order.append(rider_id)
        return True

    def remove(self, rider_id):
        if rider_id not in self._index:
            return False
        i = self._index[rider_id]
        last = self._order[-1]
        self._order[i] = last  # when rider_id is the last, it moves onto itself
        self._index[last] = i
        self._order.pop()
        del self._index[rider_id]  # after the move: the last rider may be rider_id
        return True

    def pick(self):
        return self._random.choice(self._order) if self._order else None
