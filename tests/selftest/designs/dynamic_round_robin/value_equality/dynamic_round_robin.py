"""The reference with an __eq__ that compares dispatchers by value (the same rotation,
availabilities and cursor), which leaves it unhashable. The contract says nothing of
equality."""

from __future__ import annotations


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0  # the index of the worker examined first

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DynamicRoundRobin):
            return NotImplemented
        mine = (self._workers, self._available, self._cursor)
        return mine == (other._workers, other._available, other._cursor)

    def add_worker(self, worker: str) -> None:
        if worker in self._available:
            raise ValueError(f"worker {worker!r} is already in the rotation")
        self._workers.append(worker)
        self._available[worker] = True

    def remove_worker(self, worker: str) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        if self._workers.index(worker) < self._cursor:
            self._cursor -= 1
        self._workers.remove(worker)
        del self._available[worker]
        if self._cursor == len(self._workers):
            self._cursor = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = is_available

    def assign(self) -> str | None:
        size = len(self._workers)
        index = self._cursor
        for _ in range(size):
            worker = self._workers[index]
            if self._available[worker]:
                self._cursor = (index + 1) % size
                return worker
            index = (index + 1) % size
        return None
