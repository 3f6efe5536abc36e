"""The rotation as a list, the cursor as an index into it (None: empty)."""

from __future__ import annotations


class Rotation:
    def __init__(self):
        self.ids: list[str] = []
        self.cursor = 0  # index of the next worker to consider, when ids is not empty

    def __contains__(self, wid):
        return wid in self.ids

    def add(self, wid):
        if not self.ids:
            self.cursor = 0
        self.ids.append(wid)

    def remove(self, wid):
        i = self.ids.index(wid)  # ValueError if absent; callers check first
        del self.ids[i]
        if i < self.cursor:
            self.cursor -= 1
        if not self.ids:
            self.cursor = 0
        # past the end: lap() wraps it

    def lap(self):
        n = len(self.ids)
        start = self.cursor % n if n else 0
        for k in range(n):
            yield (start + k) % n, self.ids[(start + k) % n]

    def served(self, index):
        self.cursor = (index + 1) % len(self.ids)
