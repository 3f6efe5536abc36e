"""A correct balancer: one record per worker, kept in order, found by id through a dict."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Worker:
    name: str
    weight: int
    current: int = 0
    available: bool = True


def valid(weight: object) -> bool:
    return isinstance(weight, int) and not isinstance(weight, bool) and weight > 0


class WeightedRoundRobin:
    def __init__(self, weights: dict[str, int]) -> None:
        bad = [worker for worker, weight in weights.items() if not valid(weight)]
        if bad:
            raise ValueError(f"weights must be positive ints: {bad[:3]!r}")
        self.workers = [Worker(name, weight) for name, weight in weights.items()]
        self.by_name = {worker.name: worker for worker in self.workers}

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.by_name:
            raise KeyError(worker)
        self.by_name[worker].available = is_available

    def assign(self) -> str | None:
        up = [worker for worker in self.workers if worker.available]
        if not up:
            return None
        for worker in up:
            worker.current += worker.weight
        best = max(up, key=lambda worker: worker.current)  # max keeps the first of equals
        best.current -= sum(worker.weight for worker in up)
        return best.name
