"""The reference as a @dataclass(slots=True): eq=True makes it unhashable, and its slots
leave it no __dict__ and no __weakref__. The contract asks for none of them."""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field


@dataclass(slots=True)
class WeightedRoundRobin:
    weights: InitVar[dict[str, int]]
    _weights: dict[str, int] = field(init=False)
    _current: dict[str, int] = field(init=False)
    _available: dict[str, bool] = field(init=False)

    def __post_init__(self, weights: dict[str, int]) -> None:
        for worker, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight <= 0:
                raise ValueError(f"the weight of {worker!r} must be a positive int, not {weight!r}")
        self._weights = dict(weights)
        self._current = dict.fromkeys(self._weights, 0)
        self._available = dict.fromkeys(self._weights, True)

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
