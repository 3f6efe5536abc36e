"""Round-robin assignment of work, shared by any number of threads."""

from __future__ import annotations

import threading

# Health events kept for the audit trail; older ones are trimmed in halves.
_JOURNAL_MAX = 1024


class ConcurrentRoundRobin:
    """Hands out workers in a fixed rotation, skipping unavailable ones; thread-safe."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = workers
        self._available = dict.fromkeys(workers, True)
        self._cursor = 0
        self._journal: list[tuple[str, bool]] = []
        # One lock for every read and write of the state above.
        self._lock = threading.Lock()

    def set_available(self, worker: str, is_available: bool) -> None:
        with self._lock:
            if worker not in self._available:
                raise KeyError(worker)
            self._journal.append((worker, bool(is_available)))
            if len(self._journal) > _JOURNAL_MAX:
                del self._journal[: _JOURNAL_MAX // 2]
                self._available = dict.fromkeys(self._workers, True)
                for each, state in self._journal:
                    self._available[each] = state
            else:
                self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        with self._lock:
            size = len(self._workers)
            for step in range(size):
                index = (self._cursor + step) % size
                worker = self._workers[index]
                if self._available[worker]:
                    self._cursor = (index + 1) % size
                    return worker
            return None
