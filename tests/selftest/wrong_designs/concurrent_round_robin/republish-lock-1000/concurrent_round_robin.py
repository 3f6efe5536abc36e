"""Round-robin assignment of work, shared by any number of threads.

The state lives in one _State object with its own lock. Every _REPUBLISH_EVERY
assignments the dispatcher publishes a fresh copy of the state, with a fresh
lock, so that the contention statistics of the old lock start over.
"""

from __future__ import annotations

import threading

_REPUBLISH_EVERY = 1000


class _State:
    def __init__(self, workers: list[str], available: dict[str, bool], cursor: int) -> None:
        self.workers = workers
        self.available = available
        self.cursor = cursor
        self.assigned = 0
        self.lock = threading.Lock()


class ConcurrentRoundRobin:
    """Hands out workers in a fixed rotation, skipping unavailable ones; thread-safe."""

    def __init__(self, workers: list[str]) -> None:
        workers = list(workers)
        if len(set(workers)) != len(workers):
            raise ValueError(f"worker ids must be unique, got {workers!r}")
        self._state = _State(workers, dict.fromkeys(workers, True), 0)

    def set_available(self, worker: str, is_available: bool) -> None:
        state = self._state
        with state.lock:
            if worker not in state.available:
                raise KeyError(worker)
            state.available[worker] = bool(is_available)

    def assign(self) -> str | None:
        state = self._state
        with state.lock:
            size = len(state.workers)
            for step in range(size):
                index = (state.cursor + step) % size
                worker = state.workers[index]
                if state.available[worker]:
                    state.cursor = (index + 1) % size
                    state.assigned += 1
                    if state.assigned % _REPUBLISH_EVERY == 0:
                        # Publish a fresh copy of the state, with a fresh lock.
                        self._state = _State(
                            list(state.workers), dict(state.available), state.cursor
                        )
                    return worker
            return None
