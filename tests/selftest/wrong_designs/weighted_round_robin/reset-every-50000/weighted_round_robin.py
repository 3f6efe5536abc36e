# Wrong-fix hunt, long runs: every current weight is zeroed on every 50,000th call.
"""Smooth weighted round robin."""


class WeightedRoundRobin:
    def __init__(self, weights: dict[str, int]) -> None:
        weights = dict(weights)
        for worker, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight <= 0:
                raise ValueError(f"the weight of {worker!r} must be a positive int, not {weight!r}")
        self._weights = weights
        self._current = dict.fromkeys(self._weights, 0)
        self._available = dict.fromkeys(self._weights, True)
        self._calls = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        self._calls += 1
        if self._calls % 50000 == 0:
            self._current = dict.fromkeys(self._weights, 0)
        best = None
        total = 0
        for worker, weight in self._weights.items():
            if not self._available[worker]:
                continue
            total += weight
            self._current[worker] += weight
            if best is None or self._current[worker] > self._current[best]:
                best = worker
        if best is None:
            return None
        self._current[best] -= total
        return best
