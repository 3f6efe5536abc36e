"""Route each key to one of the workers, through a consistent-hash ring."""

from bisect import bisect_left
from collections import deque

from ringhash import position

# The ring keeps a journal of its changes (replicas catch up from it) and
# rebuilds itself from the journal every _REBUILD_EVERY changes.
_JOURNAL_LEN = 256
_REBUILD_EVERY = 100


class HashRing:
    """A consistent-hash ring: each worker owns points_per_worker points."""

    def __init__(self, points_per_worker: int) -> None:
        self.points_per_worker = points_per_worker
        # (position, worker_id), sorted: ties broken by worker id.
        self._points: list[tuple[int, str]] = []
        self._workers: set[str] = set()
        self._journal: deque[tuple[str, str]] = deque(maxlen=_JOURNAL_LEN)
        self._changes = 0

    def add_worker(self, worker_id: str) -> None:
        if worker_id in self._workers:
            return
        self._workers.add(worker_id)
        new = [(position(f"{worker_id}:{i}"), worker_id) for i in range(self.points_per_worker)]
        self._points = sorted(self._points + new)
        self._changed("add", worker_id)

    def remove_worker(self, worker_id: str) -> None:
        if worker_id not in self._workers:
            return
        self._workers.discard(worker_id)
        self._points = [p for p in self._points if p[1] != worker_id]
        self._changed("remove", worker_id)

    def _changed(self, op: str, worker_id: str) -> None:
        self._journal.append((op, worker_id))
        self._changes += 1
        if self._changes % _REBUILD_EVERY:
            return
        workers: dict[str, None] = {}
        for op, worker in self._journal:
            if op == "add":
                workers[worker] = None
            else:
                workers.pop(worker, None)
        self._workers = set(workers)
        self._points = sorted(
            (position(f"{w}:{i}"), w) for w in workers for i in range(self.points_per_worker)
        )

    def worker_for(self, key: str) -> str | None:
        if not self._points:
            return None
        index = bisect_left(self._points, (position(key),))
        if index == len(self._points):
            index = 0
        return self._points[index][1]
