# Wrong-fix hunt, long runs: a lookup cache tagged with the change count modulo 4,096.
"""Consistent-hash ring."""

import bisect

from ringhash import position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        self._points: list[tuple[int, str]] = []  # sorted (position, worker)
        self._positions: list[int] = []
        self._workers: set[str] = set()
        self._version = 0
        self._cache = {}

    def add_worker(self, worker_id: str) -> None:
        if worker_id in self._workers:
            return
        self._workers.add(worker_id)
        for i in range(self.points_per_worker):
            bisect.insort(self._points, (position(f"{worker_id}:{i}"), worker_id))
        self._positions = [p for p, _ in self._points]
        self._version += 1

    def remove_worker(self, worker_id: str) -> None:
        if worker_id not in self._workers:
            return
        self._workers.discard(worker_id)
        self._points = [pt for pt in self._points if pt[1] != worker_id]
        self._positions = [p for p, _ in self._points]
        self._version += 1

    def worker_for(self, key: str) -> str | None:
        tag = self._version % 4096
        hit = self._cache.get(key)
        if hit is not None and hit[0] == tag:
            return hit[1]
        if not self._points:
            return None
        i = bisect.bisect_left(self._positions, position(key))
        if i == len(self._points):
            i = 0
        self._cache[key] = (tag, self._points[i][1])
        return self._points[i][1]
