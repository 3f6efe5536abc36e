"""A correct design: the state is one immutable tuple, replaced whole under a lock."""

import threading


class ConcurrentRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("duplicate worker ids")
        self._workers = tuple(workers)
        # (cursor, available workers): read and replaced only under the lock.
        self._state = (0, frozenset(workers))
        self._lock = threading.Lock()

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._workers:
            raise KeyError(worker)
        with self._lock:
            cursor, available = self._state
            changed = available | {worker} if is_available else available - {worker}
            self._state = (cursor, changed)

    def assign(self) -> str | None:
        with self._lock:
            cursor, available = self._state
            size = len(self._workers)
            for step in range(size):
                index = (cursor + step) % size
                if self._workers[index] in available:
                    self._state = ((index + 1) % size, available)
                    return self._workers[index]
            return None
