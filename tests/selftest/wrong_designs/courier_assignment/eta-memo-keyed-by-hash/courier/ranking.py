"""A wrong version (eighteenth blind hunt): distances are memoized on the ranker, keyed by
hash((point, pickup)), "a compact int rather than four floats": two positions whose hashes
collide share a distance (hash(-1.0) == hash(-2.0)), and a courier that moved a degree
south keeps the ETA of where it was.

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
        # Couriers wait at hubs and orders come from the same restaurants: memoize the
        # haversine, keyed by a compact int rather than four floats.
        key = hash((point, pickup))
        memo = self.__dict__.setdefault("_memo", {})
        if key not in memo:
            memo[key] = distance_m(point, pickup)
        return memo[key] / self._speed + self._wait

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
