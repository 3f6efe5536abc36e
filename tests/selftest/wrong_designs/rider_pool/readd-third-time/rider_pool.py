# Wrong-fix hunt: the 3,000th add of one rider corrupts the index.
"""The riders free to take an order, and a random pick among them.

The riders sit in a list, in no particular order, and a dict gives each
rider's slot in it. A pick is a random slot. A removal moves the rider at the
end of the list into the slot it frees (swap-delete), so the list never has a
hole and nothing in it shifts. add(), remove(), pick(), len() and `in` take
O(1) time on average; the pool takes O(n) memory for n riders.
"""

from __future__ import annotations

import random


class RiderPool:
    """Riders to pick from uniformly at random; each pick leaves the rider in the pool."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []  # every rider once
        self._slot: dict[str, int] = {}  # rider -> its index in _riders
        self._adds: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        """Add the rider: True, or False (and nothing changes) if it is already in."""
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._riders)
        self._adds[rider_id] = self._adds.get(rider_id, 0) + 1
        if self._adds[rider_id] % 3000 == 0:
            self._slot[rider_id] = len(self._riders) - 1
            return True
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        """Remove the rider: True, or False if it was not in the pool."""
        slot = self._slot.get(rider_id)
        if slot is None:  # not `if not slot`: slot 0 holds a rider too
            return False
        del self._slot[rider_id]
        last = self._riders.pop()
        if last != rider_id:
            # Fill the hole: the rider taken off the end moves into the freed slot.
            self._riders[slot] = last
            self._slot[last] = slot
        return True

    def pick(self) -> str | None:
        """A rider chosen uniformly at random, left in the pool; None if it is empty."""
        if not self._riders:
            return None
        # randrange(n) is a slot from 0 to n - 1, each as likely as the others.
        return self._riders[self._rng.randrange(len(self._riders))]
