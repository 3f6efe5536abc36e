# Wrong-fix hunt, long runs: the cursor is set back to 0 on every 20,000th assign().
"""Round-robin assignment of work to a fixed set of workers."""


class RoundRobinWorkers:
    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._calls = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        size = len(self._workers)
        self._calls += 1
        if self._calls % 20000 == 0:
            self._cursor = 0
        for step in range(size):
            index = (self._cursor + step) % size
            worker = self._workers[index]
            if self._available[worker]:
                self._cursor = (index + 1) % size
                return worker
        return None
