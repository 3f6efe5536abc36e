"""The reference as a @dataclass(slots=True): eq=True makes it unhashable, and its slots
leave it no __dict__ and no __weakref__. The contract asks for none of them."""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field


@dataclass(slots=True)
class DynamicRoundRobin:
    workers: InitVar[list[str]]
    _workers: list[str] = field(init=False)
    _available: dict[str, bool] = field(init=False)
    _cursor: int = field(init=False, default=0)  # the index of the worker examined first

    def __post_init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._available = dict.fromkeys(workers, True)

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
