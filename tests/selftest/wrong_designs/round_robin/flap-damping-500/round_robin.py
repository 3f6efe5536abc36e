"""Round-robin assignment of work to a fixed set of workers."""

# A worker that has come back this many times is flapping: keep it out.
_MAX_FLAPS = 500


class RoundRobinWorkers:
    """Hands out workers in a fixed rotation, skipping unavailable ones."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._flaps = dict.fromkeys(workers, 0)

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        if is_available and not self._available[worker]:
            self._flaps[worker] += 1
            if self._flaps[worker] >= _MAX_FLAPS:
                return  # damped: a flapping worker stays down
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        size = len(self._workers)
        for step in range(size):
            index = (self._cursor + step) % size
            worker = self._workers[index]
            if self._available[worker]:
                self._cursor = (index + 1) % size
                return worker
        return None
