"""A correct ring: points kept per worker, sorted lazily at the first lookup after a change."""

from bisect import bisect_left

from ringhash import position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self._count = points_per_worker
        self._by_worker: dict[str, list[int]] = {}
        self._sorted: list[tuple[int, str]] | None = []

    def add_worker(self, worker_id: str) -> None:
        self._by_worker[worker_id] = [position(f"{worker_id}:{i}") for i in range(self._count)]
        self._sorted = None

    def remove_worker(self, worker_id: str) -> None:
        if self._by_worker.pop(worker_id, None) is not None:
            self._sorted = None

    def worker_for(self, key: str) -> str | None:
        if self._sorted is None:
            self._sorted = sorted(
                (spot, worker) for worker, spots in self._by_worker.items() for spot in spots
            )
        if not self._sorted:
            return None
        spot = position(key)
        index = bisect_left(self._sorted, spot, key=lambda point: point[0])
        return self._sorted[index % len(self._sorted)][1]
