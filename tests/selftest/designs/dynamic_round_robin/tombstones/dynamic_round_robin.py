"""Another correct design: removed workers leave a hole, compacted now and then.

The rotation is a list of slots; removing a worker empties its slot in O(1)
and the list is rebuilt once holes outnumber workers, so removals cost O(1)
amortised (plus, when the cursor's worker leaves, the walk to the next live
slot). The cursor is the index of a live slot; assign() skips holes.
"""


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        self._slot = {worker: index for index, worker in enumerate(workers)}
        if len(self._slot) != len(workers):
            raise ValueError("worker ids must be unique")
        self._slots: list[str | None] = list(workers)
        self._up = set(workers)
        self._cursor = 0

    def _next_live(self, index: int) -> int:
        """The first live slot after `index`, wrapping; there must be one."""
        size = len(self._slots)
        index = (index + 1) % size
        while self._slots[index] is None:
            index = (index + 1) % size
        return index

    def _compact(self) -> None:
        live = [worker for worker in self._slots if worker is not None]
        named = self._slots[self._cursor] if live else None
        self._slots = live
        self._slot = {worker: index for index, worker in enumerate(live)}
        self._cursor = self._slot[named] if named is not None else 0

    def add_worker(self, worker: str) -> None:
        if worker in self._slot:
            raise ValueError(f"{worker!r} is already in the rotation")
        if not self._slot:
            self._slots, self._cursor = [], 0
        self._slot[worker] = len(self._slots)
        self._slots.append(worker)
        self._up.add(worker)

    def remove_worker(self, worker: str) -> None:
        if worker not in self._slot:
            raise KeyError(worker)
        index = self._slot.pop(worker)
        self._up.discard(worker)
        self._slots[index] = None
        if not self._slot:
            self._slots, self._cursor = [], 0
            return
        if index == self._cursor:
            self._cursor = self._next_live(index)
        if len(self._slots) > 2 * len(self._slot):
            self._compact()

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._slot:
            raise KeyError(worker)
        if is_available:
            self._up.add(worker)
        else:
            self._up.discard(worker)

    def assign(self) -> str | None:
        size = len(self._slots)
        for step in range(size):
            index = (self._cursor + step) % size
            worker = self._slots[index]
            if worker is not None and worker in self._up:
                self._cursor = self._next_live(index)
                return worker
        return None
