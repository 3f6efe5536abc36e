"""Dynamic round robin: the cursor is the id of the next worker; an O(n^2) duplicate check."""


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        self.workers: list[str] = []
        self.available: set[str] = set()
        for w in workers:
            if w in self.workers:
                raise ValueError(f"duplicate worker {w!r}")
            self.workers.append(w)
        self.available = set(self.workers)
        self.next_worker: str | None = self.workers[0] if self.workers else None

    def add_worker(self, worker: str) -> None:
        if worker in self.workers:
            raise ValueError(f"{worker!r} is already in the rotation")
        self.workers.append(worker)
        self.available.add(worker)
        if self.next_worker is None:
            self.next_worker = worker

    def remove_worker(self, worker: str) -> None:
        if worker not in self.workers:
            raise KeyError(worker)
        i = self.workers.index(worker)
        self.workers.pop(i)
        self.available.discard(worker)
        if self.next_worker == worker:
            if self.workers:
                self.next_worker = self.workers[i % len(self.workers)]
            else:
                self.next_worker = None

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.workers:
            raise KeyError(worker)
        if is_available:
            self.available.add(worker)
        else:
            self.available.discard(worker)

    def assign(self) -> str | None:
        if self.next_worker is None or not self.available:
            return None
        n = len(self.workers)
        start = self.workers.index(self.next_worker)
        for step in range(n):
            w = self.workers[(start + step) % n]
            if w in self.available:
                self.next_worker = self.workers[(start + step + 1) % n]
                return w
        return None
