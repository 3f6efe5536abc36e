"""Who is offered an order next: each eligible courier's ETA and score, and the
ties between the best of them.

A courier's ETA to a pickup is the great-circle distance from its latest fix,
over the riding speed, plus the wait at the restaurant (parking, walking in,
the handover). Its score is the ETA plus a penalty for each order it already
carries: a loaded courier takes a new order only when it is clearly better
placed than a free one. The lowest score wins.

Scores within `epsilon` seconds of the lowest are a tie: at that scale an ETA
is noise (a GPS fix is a few metres off, a traffic light is red or not), and
the courier who happens to be a metre closer should not win every time. The
jitter decides a tie: a draw from the service's own seeded rng for each tied
courier, the lowest draw winning, so each of them is as likely to win as any
other, and the same seed with the same calls gives the same winners.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .fleet import Eligible
from .geo import distance_m
from .types import Point

# Jitter, at most a minute: small next to an ETA of several minutes, and enough to
# spread the orders among couriers about as well placed as each other.
JITTER_S = 60.0


class Scored(NamedTuple):
    """An eligible courier, with its ETA to the pickup and its score."""

    courier_id: str
    eta: float  # seconds
    score: float  # seconds: the ETA, plus the penalty for each order carried


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
        return eta + self._penalty * carrying + self._rng.uniform(0, JITTER_S)

    def scored(self, couriers: list[Eligible], pickup: Point) -> list[Scored]:
        """The couriers' ETAs and scores for a pickup, in the order given: O(n)."""
        found = []
        for courier in couriers:
            eta = self.eta(courier.point, pickup)
            found.append(Scored(courier.courier_id, eta, self.score(eta, courier.carrying)))
        return found

    def pick(self, scored: list[Scored]) -> Scored:
        """The courier to offer the order to: the lowest score, a tie decided by the
        jitter. `scored` must not be empty. O(n)."""
        return min(self._tied(scored), key=self._jitter)

    def _tied(self, scored: list[Scored]) -> list[Scored]:
        """The couriers whose score ties with the lowest."""
        lowest = min(courier.score for courier in scored)
        return [courier for courier in scored if courier.score == lowest]

    def _jitter(self, courier: Scored) -> float:
        """A tied courier's draw: compared only with the other tied couriers' draws."""
        return self._rng.random()
