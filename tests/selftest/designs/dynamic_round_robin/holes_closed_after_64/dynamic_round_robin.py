"""Another correct design: removed workers leave holes, closed once there are more than 64.

The cursor is an index that never shifts while holes stand in for removed
workers; closing the holes moves it to where the worker it named now is.
With at most 64 holes, remove_worker() and assign() stay O(n) in the workers
of the rotation now, however many were removed before (the long runs'
compaction mutant is this design with the cursor left where it was).
"""


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("worker ids must be unique")
        self._slots: list[str | None] = list(workers)
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._holes = 0

    def _live_after(self, index: int) -> int:
        size = len(self._slots)
        index = (index + 1) % size
        while self._slots[index] is None:
            index = (index + 1) % size
        return index

    def add_worker(self, worker: str) -> None:
        if worker in self._available:
            raise ValueError(f"{worker!r} is already in the rotation")
        self._slots.append(worker)
        self._available[worker] = True

    def remove_worker(self, worker: str) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        index = self._slots.index(worker)
        self._slots[index] = None
        del self._available[worker]
        if not self._available:
            self._slots, self._cursor, self._holes = [], 0, 0
            return
        if index == self._cursor:
            self._cursor = self._live_after(index)
        self._holes += 1
        if self._holes > 64:
            named = self._slots[self._cursor]
            self._slots = [slot for slot in self._slots if slot is not None]
            self._cursor = self._slots.index(named)
            self._holes = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = is_available

    def assign(self) -> str | None:
        size = len(self._slots)
        for step in range(size):
            index = (self._cursor + step) % size
            worker = self._slots[index]
            if worker is not None and self._available[worker]:
                self._cursor = self._live_after(index)
                return worker
        return None
