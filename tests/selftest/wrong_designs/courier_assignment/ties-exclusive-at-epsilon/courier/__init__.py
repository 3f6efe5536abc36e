"""Wrong version: a score exactly epsilon above the lowest is not a tie (< where the
contract says within). Found while writing the kata: no test stood at the edge."""

import math
import random
from collections import namedtuple

Assignment = namedtuple("Assignment", "order_id courier eta declines")
CourierStats = namedtuple("CourierStats", "offered accepted declined delivered")

EARTH = 6_371_000.0


def great_circle(lat1, lon1, lat2, lon2):
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi, dlam = math.radians(lat2 - lat1), math.radians(lon2 - lon1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlam / 2) ** 2
    return 2 * EARTH * math.atan2(math.sqrt(a), math.sqrt(max(0.0, 1 - a)))


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
        for value in (freshness, speed, capacity, max_declines):
            if not value > 0:
                raise ValueError(f"{value!r} is not positive")
        for value in (wait, penalty, epsilon):
            if not value >= 0:
                raise ValueError(f"{value!r} is negative")
        self.offer = offer
        self.clock = clock
        self.freshness = freshness
        self.speed = speed
        self.wait = wait
        self.penalty = penalty
        self.capacity = capacity
        self.max_declines = max_declines
        self.epsilon = epsilon
        self.random = random.Random(seed)
        self.on = set()
        self.where = {}  # courier: (lat, lon, seconds)
        self.orders = {}  # order: courier
        self.load = {}
        self.counts = {}

    def online(self, courier_id):
        self.on.add(courier_id)

    def offline(self, courier_id):
        self.on.discard(courier_id)

    def report(self, courier_id, lat, lon, at_ms):
        seconds = at_ms / 1000.0
        old = self.where.get(courier_id)
        if old is None or seconds >= old[2]:
            self.where[courier_id] = (lat, lon, seconds)

    def assign(self, order_id, lat, lon):
        if order_id in self.orders:
            raise ValueError("already carried")
        now = self.clock()
        candidates = {}
        for courier in sorted(self.on):
            spot = self.where.get(courier)
            if spot is None or now - spot[2] > self.freshness:
                continue
            if self.load.get(courier, 0) >= self.capacity:
                continue
            eta = great_circle(spot[0], spot[1], lat, lon) / self.speed + self.wait
            candidates[courier] = (eta, eta + self.penalty * self.load.get(courier, 0))
        declines = 0
        while candidates and declines < self.max_declines:
            best = min(score for _, score in candidates.values())
            tied = [c for c, (_, score) in candidates.items() if score < best + self.epsilon]
            courier = self.random.choice(tied)
            counts = self.counts.setdefault(courier, [0, 0, 0, 0])
            counts[0] += 1
            if self.offer(courier, order_id):
                counts[1] += 1
                self.orders[order_id] = courier
                self.load[courier] = self.load.get(courier, 0) + 1
                return Assignment(order_id, courier, candidates[courier][0], declines)
            counts[2] += 1
            declines += 1
            del candidates[courier]
        return Assignment(order_id, None, None, declines)

    def complete(self, order_id):
        if order_id not in self.orders:
            raise KeyError(order_id)
        courier = self.orders.pop(order_id)
        self.load[courier] -= 1
        self.counts[courier][3] += 1

    def stats(self, courier_id):
        return CourierStats(*self.counts.get(courier_id, [0, 0, 0, 0]))
