"""Round-robin assignment of work to a fixed set of workers."""

# Health events kept for the audit trail; older ones are trimmed in halves.
_JOURNAL_MAX = 8192


class RoundRobinWorkers:
    """Hands out workers in a fixed rotation, skipping unavailable ones."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._journal: list[tuple[str, bool]] = []

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._journal.append((worker, bool(is_available)))
        if len(self._journal) > _JOURNAL_MAX:
            del self._journal[: _JOURNAL_MAX // 2]
            self._replay()
        else:
            self._available[worker] = bool(is_available)

    def _replay(self) -> None:
        """Rebuild the availability from the journal."""
        self._available = dict.fromkeys(self._workers, True)
        for worker, is_available in self._journal:
            self._available[worker] = is_available

    def assign(self) -> str | None:
        size = len(self._workers)
        for step in range(size):
            index = (self._cursor + step) % size
            worker = self._workers[index]
            if self._available[worker]:
                self._cursor = (index + 1) % size
                return worker
        return None
