"""A correct balancer that keeps the total weight of the available workers as it changes,
instead of summing it at each call."""

from operator import index


class WeightedRoundRobin:
    def __init__(self, weights: dict[str, int]) -> None:
        for weight in weights.values():
            if isinstance(weight, bool) or not isinstance(weight, int):
                raise ValueError(f"a weight must be an int, not {weight!r}")
            if index(weight) <= 0:
                raise ValueError(f"a weight must be positive, not {weight!r}")
        self._weight = {worker: int(weight) for worker, weight in weights.items()}
        self._current = dict.fromkeys(self._weight, 0)
        self._down: set[str] = set()
        self._total = sum(self._weight.values())

    def set_available(self, worker: str, is_available: bool) -> None:
        weight = self._weight[worker]  # KeyError for a stranger, before any change
        if is_available and worker in self._down:
            self._down.remove(worker)
            self._total += weight
        elif not is_available and worker not in self._down:
            self._down.add(worker)
            self._total -= weight

    def assign(self) -> str | None:
        if self._total == 0:
            return None
        best, best_current = None, None
        for worker, weight in self._weight.items():
            if worker in self._down:
                continue
            current = self._current[worker] + weight
            self._current[worker] = current
            if best_current is None or current > best_current:
                best, best_current = worker, current
        self._current[best] -= self._total
        return best
