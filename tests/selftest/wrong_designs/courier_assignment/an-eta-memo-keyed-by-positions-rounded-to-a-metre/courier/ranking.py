"""A wrong version: ETAs are kept in a memo keyed by the courier's and the pickup's
positions rounded to five decimals (about a metre), so that a courier who moved less
than that since gets the ETA of where she was.
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
        self._etas: dict[tuple[float, ...], float] = {}  # GPS noise still hits the memo

    def eta(self, point: Point, pickup: Point) -> float:
        """Seconds from `point` to the pickup, the wait there included."""
        key = (round(point.lat, 5), round(point.lon, 5), round(pickup.lat, 5), round(pickup.lon, 5))
        eta = self._etas.get(key)
        if eta is None:
            eta = self._etas[key] = distance_m(point, pickup) / self._speed + self._wait
        return eta

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
        return min(self._tied(scored), key=self._jitter)

    def _tied(self, scored: list[Scored]) -> list[Scored]:
        """The couriers whose score ties with the lowest."""
        lowest = min(courier.score for courier in scored)
        return [courier for courier in scored if courier.score - lowest <= self._epsilon]

    def _jitter(self, courier: Scored) -> float:
        """A tied courier's draw from the service's rng: the lowest wins."""
        return self._rng.random()
