"""Consistent-hash ring: parallel lists of positions and owners, re-sorted on each change."""

import bisect

from ringhash import position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        self.workers: dict[str, list[int]] = {}
        self.positions: list[int] = []
        self.owners: list[str] = []

    def _rebuild(self) -> None:
        points = sorted(
            (pos, worker) for worker, positions in self.workers.items() for pos in positions
        )
        self.positions = [p for p, _ in points]
        self.owners = [w for _, w in points]

    def add_worker(self, worker_id: str) -> None:
        self.workers[worker_id] = [
            position(f"{worker_id}:{i}") for i in range(self.points_per_worker)
        ]
        self._rebuild()

    def remove_worker(self, worker_id: str) -> None:
        if self.workers.pop(worker_id, None) is not None:
            self._rebuild()

    def worker_for(self, key: str) -> str | None:
        if not self.positions:
            return None
        i = bisect.bisect_left(self.positions, position(key))
        return self.owners[i % len(self.owners)]
