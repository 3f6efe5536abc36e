"""A correct ring from a correct-design hunt: every point of every worker hashed again and
sorted at each change (the contract bounds only lookups)."""

from bisect import bisect_left

from ringhash import position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        self._workers: set[str] = set()
        self._points: list[tuple[int, str]] = []

    def _rebuild(self) -> None:
        self._points = sorted(
            (position(f"{w}:{i}"), w) for w in self._workers for i in range(self.points_per_worker)
        )

    def add_worker(self, worker_id: str) -> None:
        self._workers.add(worker_id)
        self._rebuild()

    def remove_worker(self, worker_id: str) -> None:
        if worker_id in self._workers:
            self._workers.remove(worker_id)
            self._rebuild()

    def worker_for(self, key: str) -> str | None:
        if not self._points:
            return None
        i = bisect_left(self._points, (position(key), ""))
        if i == len(self._points):
            i = 0
        return self._points[i][1]
