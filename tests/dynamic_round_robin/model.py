"""The dynamic_round_robin contract read as plainly as possible: the spec tests' model.

The cursor is kept as the contract says it: the id of the worker assign()
examines first (None when there are no workers), never as an index. The
differential spec test runs the learner's dispatcher and this one side by
side and compares every call. It is written for obviousness, not speed.
"""

from __future__ import annotations


class Rotation:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("worker ids must be unique")
        self.workers = list(workers)
        self.available = dict.fromkeys(workers, True)
        self.cursor: str | None = self.workers[0] if self.workers else None

    def after(self, worker: str) -> str:
        """The worker after `worker` in rotation order; after the last, the first."""
        index = self.workers.index(worker)
        return self.workers[(index + 1) % len(self.workers)]

    def add_worker(self, worker: str) -> None:
        if worker in self.workers:
            raise ValueError("worker already in the rotation")
        self.workers.append(worker)
        self.available[worker] = True
        if self.cursor is None:
            self.cursor = worker

    def remove_worker(self, worker: str) -> None:
        if worker not in self.workers:
            raise KeyError(worker)
        if self.cursor == worker:
            self.cursor = self.after(worker) if len(self.workers) > 1 else None
        self.workers.remove(worker)
        del self.available[worker]

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.workers:
            raise KeyError(worker)
        self.available[worker] = is_available

    def assign(self) -> str | None:
        if self.cursor is None:
            return None
        start = self.workers.index(self.cursor)
        count = len(self.workers)
        for step in range(count):
            worker = self.workers[(start + step) % count]
            if self.available[worker]:
                self.cursor = self.after(worker)
                return worker
        return None
