"""A wrong version: the couriers eligible at a clock reading are kept until one comes
online, reports, takes or delivers an order: a courier gone offline since an order went
unassigned is still offered the next one at that reading.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .fleet import Fleet
from .locations import LocationStore
from .offers import Offer, Offers
from .ranking import Ranker
from .types import Assignment, CourierStats, Point


def _positive(name: str, value: float) -> None:
    # `not > 0` rather than `<= 0`: it refuses NaN too, which compares false with
    # everything and would make every courier stale, or every score a tie.
    if not value > 0:
        raise ValueError(f"{name} must be positive, got {value!r}")


def _not_negative(name: str, value: float) -> None:
    if not value >= 0:
        raise ValueError(f"{name} must not be negative, got {value!r}")


class CourierService:
    """Offers each order to the best-placed eligible courier, then to the next best
    when a courier declines.

    `offer(courier_id, order_id)` asks the courier's app: True when it accepts.
    `clock()` gives the time in epoch seconds. Times are in seconds, `speed` in
    metres per second; `seed` seeds the rng that decides ties.
    """

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
        for name, value in (
            ("freshness", freshness),
            ("speed", speed),
            ("capacity", capacity),
            ("max_declines", max_declines),
        ):
            _positive(name, value)
        for name, value in (("wait", wait), ("penalty", penalty), ("epsilon", epsilon)):
            _not_negative(name, value)
        self._clock = clock
        self._locations = LocationStore()
        self._fleet = Fleet(self._locations, freshness, capacity)
        # An rng of its own: the random module's shared generator would make the
        # service's ties depend on whatever else in the process draws from it.
        ranker = Ranker(speed, wait, penalty, epsilon, random.Random(seed))
        self._offers = Offers(self._fleet, ranker, offer, max_declines)

    def online(self, courier_id: str) -> None:
        """The courier takes orders from now on."""
        self._fleet.set_online(courier_id, True)

    def offline(self, courier_id: str) -> None:
        """The courier takes no more orders; it still delivers those it carries."""
        self._fleet.set_online(courier_id, False)

    def report(self, courier_id: str, lat: float, lon: float, at_ms: int) -> None:
        """The courier's position in degrees, stamped by its app in epoch milliseconds."""
        self._locations.report(courier_id, Point(lat, lon), at_ms)
        self._fleet.changed()

    def assign(self, order_id: str, lat: float, lon: float) -> Assignment:
        """Offer the order picked up at (lat, lon) to the best couriers, one at a time,
        until one accepts; ValueError if a courier carries the order already."""
        # Refused before anything else, the clock and the rng included: a refused
        # call changes nothing, not even the ties that later calls will draw.
        if self._fleet.carrier(order_id) is not None:
            raise ValueError(f"order {order_id!r} is being carried already")
        return self._offers.assign(order_id, Point(lat, lon), self._clock())

    def complete(self, order_id: str) -> None:
        """The courier carrying the order delivered it; KeyError if nobody carries it."""
        self._fleet.deliver(order_id)

    def stats(self, courier_id: str) -> CourierStats:
        """The courier's counts since the service was made; zeros for one never seen."""
        return self._fleet.stats(courier_id)
