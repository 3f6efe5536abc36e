"""A wrong version: a courier whose wait and load alone reach the best score so far plus
epsilon is skipped without its distance: a score exactly at the tie's edge, or equal to
the lowest with epsilon 0, is dropped from the tie.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .fleet import Eligible
from .geo import distance_m
from .types import Point


class Scored(NamedTuple):
    """An eligible courier, with its ETA to the pickup and its score."""

    courier_id: str
    eta: float  # seconds
    score: float  # seconds: lower is better


class Ranker:
    """Scores couriers for an order, and picks the one to offer it to."""

    def __init__(
        self, speed: float, wait: float, penalty: float, epsilon: float, rng: random.Random
    ) -> None:
        self._speed = speed  # metres per second
        self._wait = wait
        self._penalty = penalty
        self._epsilon = epsilon
        self._rng = rng

    def eta(self, point: Point, pickup: Point) -> float:
        """Seconds from `point` to the pickup, the wait there included."""
        return distance_m(point, pickup) / self._speed + self._wait

    def score(self, eta: float, carrying: int) -> float:
        """The cost of giving the order to a courier with this ETA and load: lower is better."""
        return eta + self._penalty * carrying

    def scored(self, couriers: list[Eligible], pickup: Point) -> list[Scored]:
        """The couriers' ETAs and scores for a pickup, in the order given: O(n)."""
        found = []
        best = float("inf")
        for courier in couriers:
            # No ride is shorter than none: a courier whose wait and load alone put it
            # past the best so far by more than epsilon cannot tie with the lowest.
            if self._wait + self._penalty * courier.carrying >= best + self._epsilon:
                continue
            eta = self.eta(courier.point, pickup)
            best = min(best, eta + self._penalty * courier.carrying)
            found.append(Scored(courier.courier_id, eta, self.score(eta, courier.carrying)))
        return found

    def pick(self, scored: list[Scored]) -> Scored:
        """The courier to offer the order to, out of `scored` (not empty): one of the
        best, as the draws decide. O(n)."""
        return min(self._tied(scored), key=self._jitter)

    def _tied(self, scored: list[Scored]) -> list[Scored]:
        """The couriers whose score ties with the lowest."""
        lowest = min(courier.score for courier in scored)
        return [courier for courier in scored if courier.score - lowest <= self._epsilon]

    def _jitter(self, courier: Scored) -> float:
        """A tied courier's draw from the service's rng: the lowest wins."""
        return self._rng.random()
