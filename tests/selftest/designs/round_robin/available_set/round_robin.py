"""A correct dispatcher: a set of available ids and an index, after the seed's write-up
(which looks ids up in the list: O(n), where the contract asks O(1))."""


class RoundRobinWorkers:
    def __init__(self, workers: list[str]) -> None:
        if len(workers) != len(set(workers)):
            raise ValueError("worker ids must be unique")
        self.workers = workers[:]
        self.known = frozenset(workers)
        self.available = set(workers)
        self.next_index = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.known:
            raise KeyError(worker)
        if is_available:
            self.available.add(worker)
        else:
            self.available.discard(worker)

    def assign(self) -> str | None:
        size = len(self.workers)
        for offset in range(size):
            index = (self.next_index + offset) % size
            if self.workers[index] in self.available:
                self.next_index = (index + 1) % size
                return self.workers[index]
        return None
