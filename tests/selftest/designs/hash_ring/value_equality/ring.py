"""The reference with an __eq__ that compares rings by value (the same points), which
leaves it unhashable. The contract says nothing of equality."""

from __future__ import annotations

from bisect import bisect_left

from ringhash import position


class HashRing:
    def __init__(self, points_per_worker: int) -> None:
        self._points_per_worker = points_per_worker
        self._points: list[tuple[int, str]] = []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HashRing):
            return NotImplemented
        return self._points == other._points

    def add_worker(self, worker_id: str) -> None:
        self._points.extend(
            (position(f"{worker_id}:{i}"), worker_id) for i in range(self._points_per_worker)
        )
        self._points.sort()

    def remove_worker(self, worker_id: str) -> None:
        self._points = [point for point in self._points if point[1] != worker_id]

    def worker_for(self, key: str) -> str | None:
        if not self._points:
            return None
        index = bisect_left(self._points, (position(key), ""))
        return self._points[index % len(self._points)][1]
