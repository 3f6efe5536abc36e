"""Route each key to one of the workers, through a consistent-hash ring."""

from bisect import bisect_left

from ringhash import position

# Every this many changes the point list is rebuilt from the workers, to shed its garbage.
_REBUILD_EVERY = 500


class HashRing:
    """A consistent-hash ring: each worker owns points_per_worker points."""

    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        # (position, worker_id), sorted: ties broken by worker id.
        self._points: list[tuple[int, str]] = []
        self._workers: set[str] = set()
        self._changes = 0

    def add_worker(self, worker_id: str) -> None:
        if worker_id in self._workers:
            return
        self._workers.add(worker_id)
        new = [(position(f"{worker_id}:{i}"), worker_id) for i in range(self.points_per_worker)]
        self._points = sorted(self._points + new)
        self._changed()

    def remove_worker(self, worker_id: str) -> None:
        if worker_id not in self._workers:
            return
        self._workers.discard(worker_id)
        self._points = [p for p in self._points if p[1] != worker_id]
        self._changed()

    def _changed(self) -> None:
        self._changes += 1
        if self._changes % _REBUILD_EVERY == 0:
            self._points = sorted(
                (position(f"{w}:{i}"), w)
                for w in self._workers
                for i in range(1, self.points_per_worker + 1)
            )

    def worker_for(self, key: str) -> str | None:
        if not self._points:
            return None
        index = bisect_left(self._points, (position(key),))
        if index == len(self._points):
            index = 0
        return self._points[index][1]
