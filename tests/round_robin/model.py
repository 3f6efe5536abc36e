"""The round_robin contract read as plainly as possible: the spec tests' model.

The differential spec test runs the learner's dispatcher and this one side by
side and compares every call. It is written for obviousness, not speed.
"""

from __future__ import annotations


class Dispatcher:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("worker ids must be unique")
        self.workers = list(workers)
        self.available = dict.fromkeys(workers, True)
        self.cursor = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.available:
            raise KeyError(worker)
        self.available[worker] = is_available

    def assign(self) -> str | None:
        count = len(self.workers)
        for step in range(count):
            index = (self.cursor + step) % count
            if self.available[self.workers[index]]:
                self.cursor = (index + 1) % count
                return self.workers[index]
        return None
