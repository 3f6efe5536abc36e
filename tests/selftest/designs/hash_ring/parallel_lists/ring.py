"""A correct ring: sorted positions and their owners in two lists, rebuilt on each change
from each worker's positions, computed once."""

from bisect import bisect_left

from ringhash import position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        self.spots: dict[str, list[int]] = {}
        self.positions: list[int] = []
        self.owners: list[str] = []

    def _rebuild(self) -> None:
        points = sorted((spot, worker) for worker, spots in self.spots.items() for spot in spots)
        self.positions = [spot for spot, _ in points]
        self.owners = [worker for _, worker in points]

    def add_worker(self, worker_id: str) -> None:
        self.spots[worker_id] = [
            position(f"{worker_id}:{i}") for i in range(self.points_per_worker)
        ]
        self._rebuild()

    def remove_worker(self, worker_id: str) -> None:
        if self.spots.pop(worker_id, None) is not None:
            self._rebuild()

    def worker_for(self, key: str) -> str | None:
        if not self.positions:
            return None
        index = bisect_left(self.positions, position(key))
        return self.owners[index % len(self.owners)]
