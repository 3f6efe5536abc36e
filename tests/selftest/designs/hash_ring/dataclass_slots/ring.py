"""The reference as a @dataclass(slots=True): eq=True makes it unhashable, and its slots
leave it no __dict__ and no __weakref__. The contract asks for none of them."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from ringhash import position


@dataclass(slots=True)
class HashRing:
    points_per_worker: int
    _points: list[tuple[int, str]] = field(init=False, default_factory=list)

    def add_worker(self, worker_id: str) -> None:
        self._points.extend(
            (position(f"{worker_id}:{i}"), worker_id) for i in range(self.points_per_worker)
        )
        self._points.sort()

    def remove_worker(self, worker_id: str) -> None:
        self._points = [point for point in self._points if point[1] != worker_id]

    def worker_for(self, key: str) -> str | None:
        if not self._points:
            return None
        index = bisect_left(self._points, (position(key), ""))
        return self._points[index % len(self._points)][1]
