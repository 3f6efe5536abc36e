"""A random key drawn for every eligible courier at each offer, before anything is
known of ties; the courier offered is the one with the lowest key among those tied.
Positions are turned into unit vectors once per report, and the great-circle
distance is the angle between two vectors (atan2 of cross and dot)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import NamedTuple


class Assignment(NamedTuple):
    order_id: str
    courier: str | None
    eta: float | None
    declines: int


class CourierStats(NamedTuple):
    offered: int
    accepted: int
    declined: int
    delivered: int


def vector(lat: float, lon: float) -> tuple[float, float, float]:
    phi, lam = math.radians(lat), math.radians(lon)
    return math.cos(phi) * math.cos(lam), math.cos(phi) * math.sin(lam), math.sin(phi)


def angle(a, b) -> float:
    cross = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
    dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    return math.atan2(math.hypot(*cross), dot)


@dataclass
class Courier:
    online: bool = False
    vector: tuple | None = None
    stamp: int | None = None  # ms
    load: int = 0
    counts: list = field(default_factory=lambda: [0, 0, 0, 0])


class CourierService:
    def __init__(
        self,
        offer,
        clock,
        freshness=30.0,
        speed=5.0,
        wait=60.0,
        penalty=300.0,
        capacity=3,
        max_declines=3,
        epsilon=1.0,
        seed=0,
    ):
        if not (freshness > 0 and speed > 0 and capacity > 0 and max_declines > 0):
            raise ValueError("not positive")
        if not (wait >= 0 and penalty >= 0 and epsilon >= 0):
            raise ValueError("negative")
        self._offer, self._clock = offer, clock
        self._settings = (freshness, speed, wait, penalty, capacity, max_declines, epsilon)
        self._rng = random.Random(seed)
        self._couriers: dict[str, Courier] = {}
        self._orders: dict[str, str] = {}

    def _courier(self, courier_id: str) -> Courier:
        return self._couriers.setdefault(courier_id, Courier())

    def online(self, courier_id):
        self._courier(courier_id).online = True

    def offline(self, courier_id):
        self._courier(courier_id).online = False

    def report(self, courier_id, lat, lon, at_ms):
        courier = self._courier(courier_id)
        if courier.stamp is None or at_ms >= courier.stamp:
            courier.vector, courier.stamp = vector(lat, lon), at_ms

    def assign(self, order_id, lat, lon):
        if order_id in self._orders:
            raise ValueError(order_id)
        freshness, speed, wait, penalty, capacity, max_declines, epsilon = self._settings
        now = self._clock()
        pickup = vector(lat, lon)
        declined: set[str] = set()
        for declines in range(max_declines):
            scored = []
            for name, courier in self._couriers.items():
                if not courier.online or name in declined or courier.load >= capacity:
                    continue
                if courier.stamp is None or now - courier.stamp / 1000 > freshness:
                    continue
                eta = angle(courier.vector, pickup) * 6_371_000.0 / speed + wait
                scored.append((eta + penalty * courier.load, self._rng.random(), name, eta))
            if not scored:
                return Assignment(order_id, None, None, declines)
            lowest = min(entry[0] for entry in scored)
            _, _, name, eta = min(
                (entry for entry in scored if entry[0] - lowest <= epsilon),
                key=lambda entry: entry[1],
            )
            courier = self._couriers[name]
            courier.counts[0] += 1
            if self._offer(name, order_id):
                courier.counts[1] += 1
                courier.load += 1
                self._orders[order_id] = name
                return Assignment(order_id, name, eta, declines)
            courier.counts[2] += 1
            declined.add(name)
        return Assignment(order_id, None, None, max_declines)

    def complete(self, order_id):
        courier = self._couriers[self._orders.pop(order_id)]
        courier.load -= 1
        courier.counts[3] += 1

    def stats(self, courier_id):
        courier = self._couriers.get(courier_id)
        return CourierStats(*(courier.counts if courier else (0, 0, 0, 0)))
