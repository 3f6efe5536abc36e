"""Another correct design: the rotation is a plain list, searched wherever an id is checked.

set_available() and add_worker() check membership in the list, O(n) a call,
which the contract allows; the unavailable workers are a set beside it. The
cursor is an index, shifted down when a worker before it leaves.
"""


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("worker ids must be unique")
        self.workers = list(workers)
        self.down: set[str] = set()
        self.cursor = 0

    def add_worker(self, worker: str) -> None:
        if worker in self.workers:
            raise ValueError(f"{worker!r} is already in the rotation")
        self.workers.append(worker)

    def remove_worker(self, worker: str) -> None:
        if worker not in self.workers:
            raise KeyError(worker)
        index = self.workers.index(worker)
        del self.workers[index]
        self.down.discard(worker)
        if index < self.cursor:
            self.cursor -= 1
        if self.cursor >= len(self.workers):
            self.cursor = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.workers:
            raise KeyError(worker)
        if is_available:
            self.down.discard(worker)
        else:
            self.down.add(worker)

    def assign(self) -> str | None:
        count = len(self.workers)
        for step in range(count):
            index = (self.cursor + step) % count
            if self.workers[index] not in self.down:
                self.cursor = (index + 1) % count
                return self.workers[index]
        return None
