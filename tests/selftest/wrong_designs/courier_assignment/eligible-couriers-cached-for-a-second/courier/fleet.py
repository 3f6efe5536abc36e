"""A wrong version: the couriers eligible are worked out at most once a second, and kept
until a change: a report that goes stale within the second is still taken as fresh.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from .locations import LocationStore
from .types import CourierStats, Point


class Eligible(NamedTuple):
    """A courier that may be offered an order now: where it is, and its load."""

    courier_id: str
    point: Point
    carrying: int


class CourierRecord:
    """What the service knows of one courier, its position aside (locations.py)."""

    __slots__ = ("accepted", "carrying", "courier_id", "declined", "delivered", "offered", "online")

    def __init__(self, courier_id: str) -> None:
        self.courier_id = courier_id
        self.online = False
        self.carrying = 0  # orders accepted and not delivered yet
        self.offered = 0
        self.accepted = 0
        self.declined = 0
        self.delivered = 0

    def __repr__(self) -> str:
        return (
            f"CourierRecord({self.courier_id!r}, online={self.online}, "
            f"carrying={self.carrying}, offered={self.offered}, accepted={self.accepted}, "
            f"declined={self.declined}, delivered={self.delivered})"
        )

    def stats(self) -> CourierStats:
        return CourierStats(self.offered, self.accepted, self.declined, self.delivered)


class Fleet:
    """Every courier known to one service, in the order they became known."""

    def __init__(self, locations: LocationStore, freshness: float, capacity: int) -> None:
        self._locations = locations
        self._freshness = freshness
        self._capacity = capacity
        self._records: dict[str, CourierRecord] = {}
        self._carrier: dict[str, str] = {}  # order id: the courier carrying it
        # The eligible couriers, worked out at most once a second while nothing changes.
        self._cached_second: int | None = None
        self._cached: list[Eligible] = []

    def changed(self) -> None:
        self._cached_second = None

    def record(self, courier_id: str) -> CourierRecord:
        """The courier's record, made now if it is new."""
        record = self._records.get(courier_id)
        if record is None:
            record = self._records[courier_id] = CourierRecord(courier_id)
        return record

    def set_online(self, courier_id: str, online: bool) -> None:
        self.record(courier_id).online = online
        self.changed()

    def stats(self, courier_id: str) -> CourierStats:
        """The courier's counts; zeros for a courier never seen (no record is made)."""
        record = self._records.get(courier_id)
        return record.stats() if record is not None else CourierStats()

    def eligible(self, now: float, excluding: Collection[str]) -> list[Eligible]:
        """The couriers that may be offered an order at `now`, but those in `excluding`.

        O(n) for n couriers known: every record is looked at, online or not.
        """
        if self._cached_second == int(now):
            return [e for e in self._cached if e.courier_id not in excluding]
        found = []
        for record in self._records.values():
            if not record.online or record.carrying >= self._capacity:
                continue
            fix = self._locations.latest(record.courier_id)
            # <=, not <: a fix exactly `freshness` seconds old is still fresh ("at
            # most"). A fix stamped ahead of the clock (a phone whose clock runs fast)
            # has a negative age, and is fresh too.
            if fix is not None and now - fix.at <= self._freshness:
                found.append(Eligible(record.courier_id, fix.point, record.carrying))
        self._cached_second, self._cached = int(now), found
        return [e for e in found if e.courier_id not in excluding]

    def carrier(self, order_id: str) -> str | None:
        """The courier carrying the order; None if nobody does."""
        return self._carrier.get(order_id)

    def carry(self, courier_id: str, order_id: str) -> None:
        """The courier accepted the order: it carries it until it is delivered."""
        self._carrier[order_id] = courier_id
        self.record(courier_id).carrying += 1
        self.changed()

    def deliver(self, order_id: str) -> None:
        """The order's courier delivered it; KeyError if nobody carries it."""
        record = self._records[self._carrier.pop(order_id)]
        record.carrying -= 1
        record.delivered += 1
        self.changed()
