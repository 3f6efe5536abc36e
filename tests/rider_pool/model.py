"""The rider_pool contract read as plainly as possible: the spec tests' model.

The pool is a set of riders, kept in a dict so that the order riders came in
is there to name them by number. pick() has no model: what the contract says
of a pick is that it gives one of `riders` (None when there is none), which
the spec tests check against this model, and that picks are uniform and
independent, which tests/rider_pool/test_randomness.py holds.
"""

from __future__ import annotations


class Pool:
    def __init__(self) -> None:
        self.riders: dict[str, None] = {}  # the riders in the pool, in the order they came

    def add(self, rider_id: str) -> bool:
        if rider_id in self.riders:
            return False
        self.riders[rider_id] = None
        return True

    def remove(self, rider_id: str) -> bool:
        if rider_id not in self.riders:
            return False
        del self.riders[rider_id]
        return True

    def __len__(self) -> int:
        return len(self.riders)

    def __contains__(self, rider_id: str) -> bool:
        return rider_id in self.riders
