"""The reference with an __eq__ that compares dispatchers by value (the same workers,
availabilities and cursor), which leaves it unhashable. The contract says nothing of
equality."""

from __future__ import annotations


class RoundRobinWorkers:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._status = dict.fromkeys(workers, "AVAILABLE")
        self._cursor = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundRobinWorkers):
            return NotImplemented
        mine = (self._workers, self._status, self._cursor)
        return mine == (other._workers, other._status, other._cursor)

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._status:
            raise KeyError(worker)
        self._status[worker] = "AVAILABLE" if is_available else "UNAVAILABLE"

    def assign(self) -> str | None:
        size = len(self._workers)
        for step in range(size):
            index = (self._cursor + step) % size
            worker = self._workers[index]
            if self._status[worker] == "AVAILABLE":
                self._cursor = (index + 1) % size
                return worker
        return None
