"""Round-robin assignment of work to workers that join and leave at run time.

Removals leave a tombstone in the slot list (so remove_worker finds the slot
in O(1) through a dict); the tombstones are compacted away once there are
_COMPACT_AT of them, so a pass over the slots stays O(n + _COMPACT_AT).
"""

# Compact the slot list once this many removed workers' slots are left in it.
_COMPACT_AT = 64


class DynamicRoundRobin:
    """Hands out workers in turn, skipping unavailable ones, as workers join and leave."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        # Worker ids in rotation order; slots in self._dead belong to removed workers.
        self._slots: list[str] = workers
        self._dead: set[int] = set()
        self._slot_of = {worker: index for index, worker in enumerate(workers)}
        self._available = dict.fromkeys(workers, True)
        # The slot of the worker assign() examines first (always a live slot).
        self._cursor = 0

    def _live_from(self, index: int) -> int:
        """The first live slot at or after `index`, wrapping; 0 when there is none."""
        size = len(self._slots)
        for _ in range(size):
            index %= size
            if index not in self._dead:
                return index
            index += 1
        return 0

    def _compact(self) -> None:
        live_before_cursor = sum(1 for index in range(self._cursor) if index not in self._dead)
        self._slots = [w for w in self._slots if w in self._slot_of]
        self._dead = set()
        self._slot_of = {worker: index for index, worker in enumerate(self._slots)}
        self._cursor = live_before_cursor if self._slots else 0

    def add_worker(self, worker: str) -> None:
        if worker in self._slot_of:
            raise ValueError(f"worker {worker!r} is already in the rotation")
        if not self._slot_of:
            # An empty rotation: start afresh, the cursor names the new worker.
            self._slots, self._dead, self._cursor = [], set(), 0
        self._slot_of[worker] = len(self._slots)
        self._slots.append(worker)
        self._available[worker] = True

    def remove_worker(self, worker: str) -> None:
        if worker not in self._slot_of:
            raise KeyError(worker)
        index = self._slot_of.pop(worker)
        del self._available[worker]
        self._dead.add(index)
        if not self._slot_of:
            self._slots, self._dead, self._cursor = [], set(), 0
            return
        if index == self._cursor:
            self._cursor = self._live_from(index + 1)
        if len(self._dead) >= _COMPACT_AT:
            self._compact()

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._slot_of:
            raise KeyError(worker)
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        size = len(self._slots)
        index = self._cursor
        for _ in range(size):
            if index not in self._dead:
                worker = self._slots[index]
                if self._available[worker]:
                    self._cursor = self._live_from(index + 1)
                    return worker
            index = (index + 1) % size
        return None
