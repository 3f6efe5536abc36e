# Wrong-fix hunt, long runs: the cursor is set back to 0 on every 5,000th assign().
"""Round-robin assignment of work to workers that join and leave at run time."""


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._calls = 0

    def add_worker(self, worker: str) -> None:
        if worker in self._available:
            raise ValueError(f"worker {worker!r} is already in the rotation")
        self._workers.append(worker)
        self._available[worker] = True

    def remove_worker(self, worker: str) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        index = self._workers.index(worker)
        del self._workers[index]
        del self._available[worker]
        if index < self._cursor:
            self._cursor -= 1
        elif self._cursor >= len(self._workers):
            self._cursor = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        size = len(self._workers)
        self._calls += 1
        if self._calls % 5000 == 0:
            self._cursor = 0
        index = self._cursor
        for _ in range(size):
            worker = self._workers[index]
            if self._available[worker]:
                self._cursor = (index + 1) % size
                return worker
            index = (index + 1) % size
        return None
