"""A correct ring: sorted positions and their owners in two lists, rebuilt on each change."""

from bisect import bisect_left

from ringhash import position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        self.workers: list[str] = []
        self.positions: list[int] = []
        self.owners: list[str] = []

    def _rebuild(self) -> None:
        points = sorted(
            (position(f"{worker}:{i}"), worker)
            for worker in self.workers
            for i in range(self.points_per_worker)
        )
        self.positions = [spot for spot, _ in points]
        self.owners = [worker for _, worker in points]

    def add_worker(self, worker_id: str) -> None:
        self.workers.append(worker_id)
        self._rebuild()

    def remove_worker(self, worker_id: str) -> None:
        if worker_id in self.workers:
            self.workers.remove(worker_id)
            self._rebuild()

    def worker_for(self, key: str) -> str | None:
        if not self.positions:
            return None
        index = bisect_left(self.positions, position(key))
        return self.owners[index % len(self.owners)]
