"""The weighted_round_robin contract read as plainly as possible: the spec tests' model.

The differential spec test runs the learner's balancer and this one side by
side and compares every call. It is written for obviousness, not speed.
"""

from __future__ import annotations


def is_weight(value: object) -> bool:
    """A positive int; a bool is not one, though Python counts it as an int."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


class Balancer:
    def __init__(self, weights: dict[str, int]) -> None:
        if not all(is_weight(weight) for weight in weights.values()):
            raise ValueError("every weight must be a positive int")
        self.weights = dict(weights)
        self.current = dict.fromkeys(weights, 0)
        self.available = dict.fromkeys(weights, True)

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.available:
            raise KeyError(worker)
        self.available[worker] = is_available

    def assign(self) -> str | None:
        up = [worker for worker in self.weights if self.available[worker]]
        if not up:
            return None
        for worker in up:
            self.current[worker] += self.weights[worker]
        chosen = max(up, key=lambda worker: self.current[worker])  # the first of equals
        self.current[chosen] -= sum(self.weights[worker] for worker in up)
        return chosen
