# Wrong-fix hunt, long runs: a worker stays unavailable for good after its 1,000th outage.
"""Round-robin assignment of work to workers that join and leave at run time."""


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._downs = {}

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
        if not is_available and self._available[worker]:
            self._downs[worker] = self._downs.get(worker, 0) + 1
        if self._downs.get(worker, 0) >= 1000:
            is_available = False
        self._available[worker] = bool(is_available)

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
