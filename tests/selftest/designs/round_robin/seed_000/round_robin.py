# Seed 000's own Python reference, RoundRobinWorkers, exactly as the write-up gives it
# (../shared/seeds/000: "Python 参考实现"): the round_robin kata must grade it Solved.
# It looks ids up in the list in set_available() (O(n), which the contract allows).
"""Training model for a persistent-cursor Round Robin debugging prompt."""


class RoundRobinWorkers:
    def __init__(self, workers: list[str]) -> None:
        if len(workers) != len(set(workers)):
            raise ValueError("worker IDs must be unique")
        self.workers = workers[:]
        self.available = set(workers)
        self.next_index = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.workers:
            raise KeyError(worker)
        if is_available:
            self.available.add(worker)
        else:
            self.available.discard(worker)

    def assign(self) -> str | None:
        size = len(self.workers)
        for offset in range(size):
            index = (self.next_index + offset) % size
            worker = self.workers[index]
            if worker in self.available:
                self.next_index = (index + 1) % size
                return worker
        return None
