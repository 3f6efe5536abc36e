"""The reference's facade with an __eq__ that compares services by value (their
settings and their couriers' counts): a service is then unhashable, and two services
alike compare equal. The other modules are the reference's."""

from __future__ import annotations

import random
from collections.abc import Callable

from .fleet import Fleet
from .locations import LocationStore
from .offers import Offer, Offers
from .ranking import Ranker
from .types import Assignment, CourierStats, Point


class CourierService:
    def __init__(
        self,
        offer: Offer,
        clock: Callable[[], float],
        freshness: float = 30.0,
        speed: float = 5.0,
        wait: float = 60.0,
        penalty: float = 300.0,
        capacity: int = 3,
        max_declines: int = 3,
        epsilon: float = 1.0,
        seed: int = 0,
    ) -> None:
        for value in (freshness, speed, capacity, max_declines):
            if not value > 0:
                raise ValueError(f"must be positive, got {value!r}")
        for value in (wait, penalty, epsilon):
            if not value >= 0:
                raise ValueError(f"must not be negative, got {value!r}")
        self._settings = (freshness, speed, wait, penalty, capacity, max_declines, epsilon, seed)
        self._clock = clock
        self._locations = LocationStore()
        self._fleet = Fleet(self._locations, freshness, capacity)
        ranker = Ranker(speed, wait, penalty, epsilon, random.Random(seed))
        self._offers = Offers(self._fleet, ranker, offer, max_declines)
        self._seen: list[str] = []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CourierService):
            return NotImplemented
        return self._settings == other._settings and [
            self.stats(courier) for courier in self._seen
        ] == [other.stats(courier) for courier in other._seen]

    def online(self, courier_id: str) -> None:
        self._seen.append(courier_id)
        self._fleet.set_online(courier_id, True)

    def offline(self, courier_id: str) -> None:
        self._fleet.set_online(courier_id, False)

    def report(self, courier_id: str, lat: float, lon: float, at_ms: int) -> None:
        self._locations.report(courier_id, Point(lat, lon), at_ms)

    def assign(self, order_id: str, lat: float, lon: float) -> Assignment:
        if self._fleet.carrier(order_id) is not None:
            raise ValueError(f"order {order_id!r} is being carried already")
        return self._offers.assign(order_id, Point(lat, lon), self._clock())

    def complete(self, order_id: str) -> None:
        self._fleet.deliver(order_id)

    def stats(self, courier_id: str) -> CourierStats:
        return self._fleet.stats(courier_id)
