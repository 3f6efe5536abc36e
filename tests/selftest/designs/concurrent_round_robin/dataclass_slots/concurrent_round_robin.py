"""The reference as a @dataclass(slots=True): eq=True makes it unhashable, and its slots
leave it no __dict__ and no __weakref__. The contract asks for none of them."""

from __future__ import annotations

import threading
from dataclasses import InitVar, dataclass, field


@dataclass(slots=True)
class ConcurrentRoundRobin:
    workers: InitVar[list[str]]
    _workers: list[str] = field(init=False)
    _position: dict[str, int] = field(init=False)
    _available: set[str] = field(init=False)
    _cursor: int = field(init=False, default=0)
    # One lock for every read and write of the state above, made with the dispatcher.
    _lock: threading.Lock = field(init=False)

    def __post_init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._position = {worker: index for index, worker in enumerate(self._workers)}
        self._available = set(self._workers)
        self._lock = threading.Lock()

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
