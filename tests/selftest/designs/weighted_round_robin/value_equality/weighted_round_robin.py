"""The reference with an __eq__ that compares balancers by value (the same weights,
current weights and availabilities), which leaves it unhashable. The contract says
nothing of equality."""

from __future__ import annotations


class WeightedRoundRobin:
    def __init__(self, weights: dict[str, int]) -> None:
        for worker, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight <= 0:
                raise ValueError(f"the weight of {worker!r} must be a positive int, not {weight!r}")
        self._weights = dict(weights)
        self._current = dict.fromkeys(self._weights, 0)
        self._available = dict.fromkeys(self._weights, True)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WeightedRoundRobin):
            return NotImplemented
        mine = (list(self._weights.items()), self._current, self._available)
        return mine == (list(other._weights.items()), other._current, other._available)

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self._available:
            raise KeyError(worker)
        self._available[worker] = is_available

    def assign(self) -> str | None:
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
