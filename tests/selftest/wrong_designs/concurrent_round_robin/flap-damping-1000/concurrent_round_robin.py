"""Round-robin assignment of work, shared by any number of threads."""

from __future__ import annotations

import threading

# A worker that has come back this many times is flapping: keep it out.
_MAX_FLAPS = 1000


class ConcurrentRoundRobin:
    """Hands out workers in a fixed rotation, skipping unavailable ones; thread-safe."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._flaps = dict.fromkeys(workers, 0)
        # One lock for every read and write of the state above.
        self._lock = threading.Lock()

    def set_available(self, worker: str, is_available: bool) -> None:
        with self._lock:
            if worker not in self._available:
                raise KeyError(worker)
            if is_available and not self._available[worker]:
                self._flaps[worker] += 1
                if self._flaps[worker] >= _MAX_FLAPS:
                    return  # damped: a flapping worker stays down
            self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        with self._lock:
            size = len(self._workers)
            for step in range(size):
                index = (self._cursor + step) % size
                worker = self._workers[index]
                if self._available[worker]:
                    self._cursor = (index + 1) % size
                    return worker
            return None
