"""Route each key to one of the workers, through a consistent-hash ring."""

from bisect import bisect_left
from operator import itemgetter

from ringhash import position

# Past this many workers, adds take the bulk path: append, then one sort by position.
_BULK_AFTER = 64


class HashRing:
    """A consistent-hash ring: each worker owns points_per_worker points."""

    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        # (position, worker_id), sorted: ties broken by worker id.
        self._points: list[tuple[int, str]] = []
        self._workers: set[str] = set()

    def add_worker(self, worker_id: str) -> None:
        if worker_id in self._workers:
            return
        self._workers.add(worker_id)
        new = [(position(f"{worker_id}:{i}"), worker_id) for i in range(self.points_per_worker)]
        if len(self._workers) > _BULK_AFTER:
            self._points.extend(new)
            self._points.sort(key=itemgetter(0))  # stable: equal positions keep their order
        else:
            self._points = sorted(self._points + new)

    def remove_worker(self, worker_id: str) -> None:
        if worker_id not in self._workers:
            return
        self._workers.discard(worker_id)
        self._points = [p for p in self._points if p[1] != worker_id]

    def worker_for(self, key: str) -> str | None:
        if not self._points:
            return None
        index = bisect_left(self._points, (position(key),))
        if index == len(self._points):
            index = 0
        return self._points[index][1]
