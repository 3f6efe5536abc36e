"""The weighted_round_robin contract read as plainly as possible: the spec tests' model.

The differential spec tests run the learner's balancer and this one side by
side and compare every call. It is written for obviousness, not speed.
"""

from __future__ import annotations


class Balancer:
    def __init__(self, weights: dict[str, int]) -> None:
        if any(weight <= 0 for weight in weights.values()):
            raise ValueError("every weight must be a positive int")
        self.weights = dict(weights)
        self.current = dict.fromkeys(weights, 0)
        self.available = dict.fromkeys(weights, True)

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.available:
            raise KeyError(worker)
        self.available[worker] = is_available

    def assign(self) -> str | None:
        up = {worker: weight for worker, weight in self.weights.items() if self.available[worker]}
        if not up:
            return None
        for worker, weight in up.items():  # 1. every available worker grows by its weight
            self.current[worker] += weight
        chosen = max(up, key=self.current.__getitem__)  # 2. max keeps the first of equals
        self.current[chosen] -= sum(up.values())  # 3. the chosen drops by the sum
        return chosen
