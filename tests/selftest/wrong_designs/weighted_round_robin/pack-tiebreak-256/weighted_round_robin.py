"""Smooth weighted round robin."""

# The tie-break (earliest first) is packed under the current weight: one compare per worker.
_SLOTS = 256


class WeightedRoundRobin:
    """Hands out workers in proportion to their weights, interleaved."""

    def __init__(self, weights: dict[str, int]) -> None:
        weights = dict(weights)
        for worker, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight <= 0:
                raise ValueError(f"the weight of {worker!r} must be a positive int, not {weight!r}")
        self._weights = weights
        self._current = dict.fromkeys(weights, 0)
        self._available = dict.fromkeys(weights, True)

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = bool(is_available)

    def assign(self) -> str | None:
        best = None
        best_key = 0
        total = 0
        for index, (worker, weight) in enumerate(self._weights.items()):
            if not self._available[worker]:
                continue
            total += weight
            self._current[worker] += weight
            key = self._current[worker] * _SLOTS - index
            if best is None or key > best_key:
                best, best_key = worker, key
        if best is None:
            return None
        self._current[best] -= total
        return best
