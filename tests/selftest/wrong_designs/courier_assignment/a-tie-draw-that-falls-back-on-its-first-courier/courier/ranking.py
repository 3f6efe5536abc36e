"""A wrong version: the tie is drawn by drawing among all the couriers scored, at most as
many times as there are, until one in the tie comes up, and otherwise the tie's first
courier is taken: the first courier of a tie among many is picked too often.
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
        for courier in couriers:
            eta = self.eta(courier.point, pickup)
            found.append(Scored(courier.courier_id, eta, self.score(eta, courier.carrying)))
        return found

    def pick(self, scored: list[Scored]) -> Scored:
        """The courier to offer the order to, out of `scored` (not empty): one of the
        best, as the draws decide. O(n)."""
        tied = self._tied(scored)
        members = {courier.courier_id for courier in tied}
        for _ in range(len(scored)):  # at most n draws: O(n) an offer
            drawn = scored[self._rng.randrange(len(scored))]
            if drawn.courier_id in members:
                return drawn
        return tied[0]

    def _tied(self, scored: list[Scored]) -> list[Scored]:
        """The couriers whose score ties with the lowest."""
        lowest = min(courier.score for courier in scored)
        return [courier for courier in scored if courier.score - lowest <= self._epsilon]

    def _jitter(self, courier: Scored) -> float:
        """A tied courier's draw from the service's rng: the lowest wins."""
        return self._rng.random()
