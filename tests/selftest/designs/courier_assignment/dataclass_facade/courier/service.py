"""The reference's facade as a @dataclass(slots=True) with eq=True (the default): the
service is unhashable, has no __dict__ and no __weakref__. The other modules are the
reference's."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .fleet import Fleet
from .locations import LocationStore
from .offers import Offer, Offers
from .ranking import Ranker
from .types import Assignment, CourierStats, Point


@dataclass(slots=True)
class CourierService:
    offer: Offer
    clock: Callable[[], float]
    freshness: float = 30.0
    speed: float = 5.0
    wait: float = 60.0
    penalty: float = 300.0
    capacity: int = 3
    max_declines: int = 3
    epsilon: float = 1.0
    seed: int = 0
    _locations: LocationStore = field(init=False, repr=False)
    _fleet: Fleet = field(init=False, repr=False)
    _offers: Offers = field(init=False, repr=False)

    def __post_init__(self) -> None:
        for value in (self.freshness, self.speed, self.capacity, self.max_declines):
            if not value > 0:
                raise ValueError(f"must be positive, got {value!r}")
        for value in (self.wait, self.penalty, self.epsilon):
            if not value >= 0:
                raise ValueError(f"must not be negative, got {value!r}")
        self._locations = LocationStore()
        self._fleet = Fleet(self._locations, self.freshness, self.capacity)
        ranker = Ranker(self.speed, self.wait, self.penalty, self.epsilon, random.Random(self.seed))
        self._offers = Offers(self._fleet, ranker, self.offer, self.max_declines)

    def online(self, courier_id: str) -> None:
        self._fleet.set_online(courier_id, True)

    def offline(self, courier_id: str) -> None:
        self._fleet.set_online(courier_id, False)

    def report(self, courier_id: str, lat: float, lon: float, at_ms: int) -> None:
        self._locations.report(courier_id, Point(lat, lon), at_ms)

    def assign(self, order_id: str, lat: float, lon: float) -> Assignment:
        if self._fleet.carrier(order_id) is not None:
            raise ValueError(f"order {order_id!r} is being carried already")
        return self._offers.assign(order_id, Point(lat, lon), self.clock())

    def complete(self, order_id: str) -> None:
        self._fleet.deliver(order_id)

    def stats(self, courier_id: str) -> CourierStats:
        return self._fleet.stats(courier_id)
