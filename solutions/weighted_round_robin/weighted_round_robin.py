"""Smooth weighted round robin, the algorithm nginx uses for its upstreams.

Each worker has a fixed weight and a current weight that starts at 0. On each
pick, every available worker's current weight grows by its weight; the
available worker with the largest current weight wins (the earliest on a
tie), and its current weight drops by the total weight of the available
workers. Over any run of total-weight picks with the same workers available,
each is picked exactly its weight's share of the time, spread out rather than
in bursts: {"a": 5, "b": 1, "c": 1} gives a, a, b, a, c, a, a.

With n workers: creating a balancer takes O(n) time, `set_available` O(1) on
average, and each `assign()` O(n) (one pass over the workers); O(n) memory.
"""


class WeightedRoundRobin:
    """Hands out workers in proportion to their weights, interleaved."""

    def __init__(self, weights: dict[str, int]) -> None:
        for worker, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight <= 0:
                raise ValueError(f"the weight of {worker!r} must be a positive int, not {weight!r}")
        self._weights = dict(weights)
        self._current = dict.fromkeys(self._weights, 0)
        self._available = dict.fromkeys(self._weights, True)

    def set_available(self, worker: str, is_available: bool) -> None:
        """Mark a worker available or not; its current weight is kept as it is."""
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = is_available

    def assign(self) -> str | None:
        """Return the next worker, or None when no worker is available."""
        best = None
        total = 0
        for worker, weight in self._weights.items():
            if not self._available[worker]:
                continue
            self._current[worker] += weight
            total += weight
            if best is None or self._current[worker] > self._current[best]:
                best = worker
        if best is None:
            return None
        self._current[best] -= total
        return best
