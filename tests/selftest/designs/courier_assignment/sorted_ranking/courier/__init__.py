"""The service in other containers: one dict of per-courier lists, stamps kept in
milliseconds (the clock turned into milliseconds instead), each offer made by sorting
the eligible couriers, and a tie picked with randrange."""

from __future__ import annotations

import math
import random
from typing import NamedTuple

R = 6_371_000.0
# A courier's row: online, lat, lon, stamp (ms, or None), load, offered, accepted,
# declined, delivered.
ONLINE, LAT, LON, STAMP, LOAD, OFFERED, ACCEPTED, DECLINED, DELIVERED = range(9)


class Assignment(NamedTuple):
    order_id: str
    courier: str | None
    eta: float | None
    declines: int


class CourierStats(NamedTuple):
    offered: int = 0
    accepted: int = 0
    declined: int = 0
    delivered: int = 0


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
            raise ValueError("freshness, speed, capacity and max_declines must be positive")
        if not (wait >= 0 and penalty >= 0 and epsilon >= 0):
            raise ValueError("wait, penalty and epsilon must not be negative")
        self.offer, self.clock = offer, clock
        self.window_ms = freshness * 1000
        self.speed, self.wait, self.penalty = speed, wait, penalty
        self.capacity, self.max_declines, self.epsilon = capacity, max_declines, epsilon
        self.rng = random.Random(seed)
        self.rows: dict[str, list] = {}
        self.carrier: dict[str, str] = {}

    def row(self, courier):
        if courier not in self.rows:
            self.rows[courier] = [False, 0.0, 0.0, None, 0, 0, 0, 0, 0]
        return self.rows[courier]

    def online(self, courier_id):
        self.row(courier_id)[ONLINE] = True

    def offline(self, courier_id):
        self.row(courier_id)[ONLINE] = False

    def report(self, courier_id, lat, lon, at_ms):
        row = self.row(courier_id)
        if row[STAMP] is None or at_ms >= row[STAMP]:
            row[LAT], row[LON], row[STAMP] = lat, lon, at_ms

    def eta(self, row, lat, lon):
        p1, p2 = math.radians(row[LAT]), math.radians(lat)
        dp, dl = p2 - p1, math.radians(lon - row[LON])
        h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        return 2 * R * math.asin(math.sqrt(min(h, 1.0))) / self.speed + self.wait

    def assign(self, order_id, lat, lon):
        if order_id in self.carrier:
            raise ValueError(order_id)
        now_ms = self.clock() * 1000
        asked = set()
        while len(asked) < self.max_declines:
            ranked = sorted(
                (self.eta(row, lat, lon) + self.penalty * row[LOAD], self.eta(row, lat, lon), c)
                for c, row in self.rows.items()
                if row[ONLINE]
                and c not in asked
                and row[STAMP] is not None
                and now_ms - row[STAMP] <= self.window_ms
                and row[LOAD] < self.capacity
            )
            if not ranked:
                break
            edge = ranked[0][0] + self.epsilon
            tied = [entry for entry in ranked if entry[0] <= edge]
            _, eta, courier = tied[self.rng.randrange(len(tied))]
            row = self.rows[courier]
            row[OFFERED] += 1
            if self.offer(courier, order_id):
                row[ACCEPTED] += 1
                row[LOAD] += 1
                self.carrier[order_id] = courier
                return Assignment(order_id, courier, eta, len(asked))
            row[DECLINED] += 1
            asked.add(courier)
        return Assignment(order_id, None, None, len(asked))

    def complete(self, order_id):
        row = self.rows[self.carrier.pop(order_id)]
        row[LOAD] -= 1
        row[DELIVERED] += 1

    def stats(self, courier_id):
        row = self.rows.get(courier_id)
        if row is None:
            return CourierStats()
        return CourierStats(row[OFFERED], row[ACCEPTED], row[DECLINED], row[DELIVERED])
