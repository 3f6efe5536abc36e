"""A correct design: the lock is _thread.allocate_lock(), the primitive under threading.Lock."""

from __future__ import annotations

import _thread


class ConcurrentRoundRobin:
    """Hands out workers in a fixed rotation, skipping unavailable ones; thread-safe."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._position = {worker: index for index, worker in enumerate(self._workers)}
        self._available = [True] * len(self._workers)
        self._cursor = 0
        self._lock = _thread.allocate_lock()

    def set_available(self, worker: str, is_available: bool) -> None:
        with self._lock:
            index = self._position[worker]
            self._available[index] = bool(is_available)

    def has_available(self) -> bool:
        with self._lock:
            return any(self._available)

    def assign(self) -> str | None:
        with self._lock:
            size = len(self._workers)
            for step in range(size):
                index = (self._cursor + step) % size
                if self._available[index]:
                    self._cursor = (index + 1) % size
                    return self._workers[index]
            return None
