"""A wrong version: a courier whose distance cannot bring its score within epsilon of the
best so far is skipped, the distance bounded by a box in degrees, a longitude degree
taken at the pickup's latitude: the bound is too large east and west of the pickup, and
across the 180th meridian.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from .fleet import Eligible
from .geo import EARTH_RADIUS_M, distance_m
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
        best = math.inf
        across = math.cos(math.radians(pickup.lat))  # metres of a longitude degree, relatively
        for courier in couriers:
            degrees = max(
                abs(pickup.lat - courier.point.lat), abs(pickup.lon - courier.point.lon) * across
            )
            nearest = EARTH_RADIUS_M * math.radians(degrees) * (1 - 1e-9)
            floor = nearest / self._speed + self.score(self._wait, courier.carrying)
            if floor > best + self._epsilon:
                continue  # it cannot tie with the best so far: no trigonometry for it
            eta = self.eta(courier.point, pickup)
            score = self.score(eta, courier.carrying)
            best = min(best, score)
            found.append(Scored(courier.courier_id, eta, score))
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
