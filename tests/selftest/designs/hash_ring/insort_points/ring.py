"""A correct ring: each point inserted into a sorted list as it comes."""

import bisect

from ringhash import RING_SIZE, position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        self.points: list[tuple[int, str]] = []

    def add_worker(self, worker_id: str) -> None:
        for i in range(self.points_per_worker):
            bisect.insort(self.points, (position(f"{worker_id}:{i}"), worker_id))

    def remove_worker(self, worker_id: str) -> None:
        self.points = [point for point in self.points if point[1] != worker_id]

    def worker_for(self, key: str) -> str | None:
        if not self.points:
            return None
        spot = position(key)
        # Past the highest point a key wraps around: look it up as position 0.
        if spot > self.points[-1][0]:
            spot -= RING_SIZE
        index = bisect.bisect_left(self.points, (spot, ""))
        return self.points[index][1]
