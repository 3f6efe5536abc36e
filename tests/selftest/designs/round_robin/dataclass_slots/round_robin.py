"""The reference as a @dataclass(slots=True): eq=True makes it unhashable, and its slots
leave it no __dict__ and no __weakref__. The contract asks for none of them."""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field


@dataclass(slots=True)
class RoundRobinWorkers:
    workers: InitVar[list[str]]
    _workers: list[str] = field(init=False)
    _status: dict[str, str] = field(init=False)
    _cursor: int = field(init=False, default=0)

    def __post_init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._status = dict.fromkeys(workers, "AVAILABLE")

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
