"""Round-robin assignment of work, shared by any number of threads.

Every call runs under one lock, held for the whole call: whatever threads do,
the calls take effect one at a time, so their results are those of some
order of the same calls made one after the other. `assign()` considers only
the available workers: O(a) time for a available workers (O(n) at worst),
and `set_available` takes O(1); the memory is O(n).
"""

from __future__ import annotations

import threading


class ConcurrentRoundRobin:
    """Hands out workers in a fixed rotation, skipping unavailable ones; thread-safe."""

    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._workers = list(workers)
        self._position = {worker: index for index, worker in enumerate(self._workers)}
        self._available = set(self._workers)
        self._cursor = 0
        # One lock for every read and write of the state above: a plain Lock,
        # so no method may call another that takes it.
        self._lock = threading.Lock()

    def set_available(self, worker: str, is_available: bool) -> None:
        """Mark a worker available or not; unknown workers raise KeyError."""
        with self._lock:
            if worker not in self._position:
                raise KeyError(worker)
            if is_available:
                self._available.add(worker)
            else:
                self._available.discard(worker)

    def assign(self) -> str | None:
        """Return the next available worker from the cursor, or None if there is none.

        The cursor moves just past the worker returned; when nobody is
        available it stays put.
        """
        with self._lock:
            if not self._available:
                return None
            size = len(self._workers)
            # The available worker the fewest steps forward from the cursor.
            worker = min(
                self._available, key=lambda each: (self._position[each] - self._cursor) % size
            )
            self._cursor = (self._position[worker] + 1) % size
            return worker
