"""The rotation as a list with tombstones (O(1) leave), compacted when half dead.
The cursor is an index of a live slot (0 when the rotation is empty)."""

from __future__ import annotations


class Rotation:
    def __init__(self):
        self.slots: list[str | None] = []
        self.pos: dict[str, int] = {}
        self.cursor = 0

    def __contains__(self, wid):
        return wid in self.pos

    def add(self, wid):
        if not self.pos:
            self.slots.clear()
            self.cursor = 0
        self.pos[wid] = len(self.slots)
        self.slots.append(wid)

    def _next_live(self, i):
        n = len(self.slots)
        for k in range(1, n + 1):
            j = (i + k) % n
            if self.slots[j] is not None:
                return j
        return 0

    def remove(self, wid):
        i = self.pos.pop(wid)
        self.slots[i] = None
        if not self.pos:
            self.slots.clear()
            self.cursor = 0
            return
        if self.cursor == i:
            self.cursor = self._next_live(i)

    def _compact(self):
        self.slots = [w for w in self.slots if w is not None]
        self.pos = {w: i for i, w in enumerate(self.slots)}

    def lap(self):
        n = len(self.slots)
        for k in range(n):
            i = (self.cursor + k) % n
            if self.slots[i] is not None:
                yield i, self.slots[i]

    def served(self, index):
        self.cursor = self._next_live(index)
