"""A correct design: the round_robin kata's linear scan, the whole call under one Lock."""

from threading import Lock


class ConcurrentRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("duplicate worker ids")
        self._workers = list(workers)
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._lock = Lock()

    def set_available(self, worker: str, is_available: bool) -> None:
        with self._lock:
            if worker not in self._available:
                raise KeyError(worker)
            self._available[worker] = is_available

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
