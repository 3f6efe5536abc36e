"""A correct design: an RLock, so that assign() may call a public helper that takes it too."""

import threading


class ConcurrentRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("duplicate worker ids")
        self._workers = list(workers)
        self._down: set[str] = set()
        self._known = set(workers)
        self._cursor = 0
        self._lock = threading.RLock()

    def is_available(self, worker: str) -> bool:
        with self._lock:
            return worker not in self._down

    def set_available(self, worker: str, is_available: bool) -> None:
        with self._lock:
            if worker not in self._known:
                raise KeyError(worker)
            if is_available:
                self._down.discard(worker)
            else:
                self._down.add(worker)

    def assign(self) -> str | None:
        with self._lock:
            size = len(self._workers)
            for step in range(size):
                index = (self._cursor + step) % size
                if self.is_available(self._workers[index]):
                    self._cursor = (index + 1) % size
                    return self._workers[index]
            return None
