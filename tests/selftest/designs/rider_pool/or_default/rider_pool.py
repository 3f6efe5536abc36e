"""The idioms the contract allows: `rng or random.Random()`, randint over the list,
a count kept beside the list, and a set for membership."""

import random


class RiderPool:
    def __init__(self, rng=None):
        self.rng = rng or random.Random()
        self.riders = []
        self.slots = {}
        self.members = set()
        self.count = 0

    def __len__(self):
        return self.count

    def __contains__(self, rider_id):
        return rider_id in self.members

    def add(self, rider_id):
        if rider_id in self.members:
            return False
        self.members.add(rider_id)
        self.slots[rider_id] = len(self.riders)
        self.riders.append(rider_id)
        self.count += 1
        return True

    def remove(self, rider_id):
        if rider_id not in self.members:
            return False
        self.members.discard(rider_id)
        slot = self.slots.pop(rider_id)
        last = self.riders.pop()
        if slot < len(self.riders):
            self.riders[slot] = last
            self.slots[last] = slot
        self.count -= 1
        return True

    def pick(self):
        if self.count == 0:
            return None
        return self.riders[self.rng.randint(0, self.count - 1)]
