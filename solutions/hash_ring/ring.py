"""A consistent-hash ring: each worker owns several points on a circle.

The ring is one list of (position, worker_id) pairs kept sorted. Sorting the
pairs puts points that share a position in plain str order of worker id,
which is exactly the contract's tie rule, so a collision needs no special
case: the smaller id comes first and wins, and once it is removed the other
point is still there.

With M points on the ring and P = points_per_worker:
- worker_for: O(log M), a binary search for the first point at or after the key;
- add_worker: O(M + P log P), Timsort merging the new points into the sorted run;
- remove_worker: O(M), one pass keeping every point of the other workers.
"""

from bisect import bisect_left

from ringhash import position


class HashRing:
    """Routes each key to the worker owning the first point at or after it."""

    def __init__(self, points_per_worker: int) -> None:
        self._points_per_worker = points_per_worker
        self._points: list[tuple[int, str]] = []

    def add_worker(self, worker_id: str) -> None:
        """Put the worker's points on the ring: point i at position("<id>:<i>")."""
        self._points.extend(
            (position(f"{worker_id}:{i}"), worker_id) for i in range(self._points_per_worker)
        )
        self._points.sort()

    def remove_worker(self, worker_id: str) -> None:
        """Take every point of the worker off the ring; unknown ids are ignored."""
        self._points = [point for point in self._points if point[1] != worker_id]

    def worker_for(self, key: str) -> str | None:
        """The owner of the first point at or after the key, wrapping; None if empty."""
        if not self._points:
            return None
        # "" sorts before every worker id, so this finds the first point whose
        # position is >= the key's, whoever owns it.
        index = bisect_left(self._points, (position(key), ""))
        return self._points[index % len(self._points)][1]
