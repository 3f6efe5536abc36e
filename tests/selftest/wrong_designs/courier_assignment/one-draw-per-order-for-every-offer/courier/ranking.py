"""A wrong version (seventh blind hunt): each order makes one draw from the rng, and every offer of
its round picks by it among the couriers tied then (int(draw * len(tied))): after a
decline the next courier is not drawn afresh, and of three tied couriers all declining,
the first is never followed by the last, nor the last by the first.

Who is offered an order next: each eligible courier's ETA and score, and the
ties between the best of them.

A courier's ETA to a pickup is the great-circle distance from its latest fix,
over the riding speed, plus the wait at the restaurant (parking, walking in,
the handover). A courier already carrying orders pays a penalty in its score
for each of them: it takes a new order only when it is clearly better placed
than a free one.

A tie is decided by draws from the service's own seeded rng, so that the same
seed with the same calls gives the same winners: support replays an evening
from them.
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

    def draw(self) -> float:
        """One draw per order: the round's offers are all decided by it, so that a
        replay needs one number per order."""
        return self._rng.random()

    def pick(self, scored: list[Scored], draw: float) -> Scored:
        """The courier to offer the order to, out of `scored` (not empty): one of the
        best, as the order's draw decides. O(n)."""
        tied = self._tied(scored)
        return tied[int(draw * len(tied))]

    def _tied(self, scored: list[Scored]) -> list[Scored]:
        """The couriers whose score ties with the lowest."""
        lowest = min(courier.score for courier in scored)
        return [courier for courier in scored if courier.score - lowest <= self._epsilon]
