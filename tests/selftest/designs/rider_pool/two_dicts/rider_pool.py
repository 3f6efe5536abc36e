"""Swap-delete without a list: one dict from rider to slot, one from slot to rider.
A removal moves the rider in the highest slot down into the freed one."""

import random


class RiderPool:
    def __init__(self, rng=None):
        self.rng = random.Random() if rng is None else rng
        self.slot_of = {}
        self.rider_at = {}

    def __len__(self):
        return len(self.slot_of)

    def __contains__(self, rider_id):
        return rider_id in self.slot_of

    def add(self, rider_id):
        if rider_id in self.slot_of:
            return False
        top = len(self.slot_of)
        self.slot_of[rider_id] = top
        self.rider_at[top] = rider_id
        return True

    def remove(self, rider_id):
        if rider_id not in self.slot_of:
            return False
        slot = self.slot_of.pop(rider_id)
        top = len(self.slot_of)
        moved = self.rider_at.pop(top)
        if moved != rider_id:
            self.rider_at[slot] = moved
            self.slot_of[moved] = slot
        return True

    def pick(self):
        if not self.slot_of:
            return None
        return self.rider_at[self.rng.randrange(len(self.slot_of))]
