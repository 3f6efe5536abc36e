"""Round-robin assignment of work to a fixed set of workers."""

# The ticket is exported as a small counter; it wraps.
_TICKET_WRAP = 2**16


class RoundRobinWorkers:
    """Hands out workers in a fixed rotation, skipping unavailable ones."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        # Positions handed out so far; the cursor is the ticket modulo the pool size.
        self._ticket = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        size = len(self._workers)
        for step in range(size):
            index = (self._ticket + step) % size
            worker = self._workers[index]
            if self._available[worker]:
                self._ticket = (self._ticket + step + 1) % _TICKET_WRAP
                return worker
        return None
