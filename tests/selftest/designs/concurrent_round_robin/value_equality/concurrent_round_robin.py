"""The reference with an __eq__ that compares dispatchers by value (the same workers,
availabilities and cursor, each read under its own lock), which leaves it unhashable. The
contract says nothing of equality."""

from __future__ import annotations

import threading


class ConcurrentRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._position = {worker: index for index, worker in enumerate(self._workers)}
        self._available = set(self._workers)
        self._cursor = 0
        self._lock = threading.Lock()

    def _state(self) -> tuple:
        with self._lock:
            return list(self._workers), set(self._available), self._cursor

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ConcurrentRoundRobin):
            return NotImplemented
        # One lock at a time: holding both could deadlock with a == b and b == a at once.
        return self._state() == other._state()

    def set_available(self, worker: str, is_available: bool) -> None:
        with self._lock:
            if worker not in self._position:
                raise KeyError(worker)
            if is_available:
                self._available.add(worker)
            else:
                self._available.discard(worker)

    def assign(self) -> str | None:
        with self._lock:
            if not self._available:
                return None
            size = len(self._workers)
            worker = min(
                self._available, key=lambda each: (self._position[each] - self._cursor) % size
            )
            self._cursor = (self._position[worker] + 1) % size
            return worker
