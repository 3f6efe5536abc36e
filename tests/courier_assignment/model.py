"""The courier_assignment contract read as plainly as possible: the spec tests' model,
the fake world both sides run in, and how a learner's offers are judged.

`Service` is the facade as the README says it, written for obviousness rather
than speed. Ties are the one place where the contract leaves a choice to the
code: which of the couriers within epsilon of the lowest score the service's
rng picks. So the model never draws: its `assign` asks a `choose` callback
for each offer, with the couriers the contract allows, and `follow` makes
that callback the learner's own offers, one by one. A learner's offer
outside the allowed couriers, a missing offer or an extra one is a break of
the contract; any allowed one is followed, so the model stays in step with
whatever correct design it is compared with.

`World` is a clock the test moves by hand (epoch seconds) and the couriers'
apps: scripted declines, an answer that takes time on the clock, and a log
of every offer made.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

# The clock at the start of every test: epoch seconds, as a real clock gives them,
# so that a stamp in milliseconds read as seconds is far off.
EPOCH = 1_700_000_000.0
EPOCH_MS = 1_700_000_000_000
# The restaurant most tests pick up at, in San Francisco: far enough from the
# equator that the cosine of a latitude matters.
CENTRE = (37.7749, -122.4194)
EARTH_RADIUS_M = 6_371_000.0
# What the contract's sentences are held to, past the floating-point noise of a
# correct design's own formula: an ETA within a microsecond (and a part in 10^12),
# a score within a microsecond of the tie's edge.
ETA_TOLERANCE = 1e-6
TIE_TOLERANCE = 1e-6
# The constructor's parameters after offer and clock, in the README's order, with
# their defaults: the tests pass them by position, as the contract names no keyword.
DEFAULTS = {
    "freshness": 30.0,
    "speed": 5.0,
    "wait": 60.0,
    "penalty": 300.0,
    "capacity": 3,
    "max_declines": 3,
    "epsilon": 1.0,
    "seed": 0,
}


def settings(**given: object) -> tuple:
    """The constructor's arguments after offer and clock, by position: `given` and the
    defaults before the last one given (none after it)."""
    unknown = set(given) - set(DEFAULTS)
    assert not unknown, f"no such setting: {unknown}"
    names = list(DEFAULTS)
    last = max((names.index(name) for name in given), default=-1)
    return tuple(given.get(name, DEFAULTS[name]) for name in names[: last + 1])


def spot(north: float = 0.0, east: float = 0.0, at: tuple[float, float] = CENTRE):
    """(lat, lon) about `north` and `east` metres from `at`."""
    lat, lon = at
    per_degree = EARTH_RADIUS_M * math.pi / 180
    return lat + north / per_degree, lon + east / (per_degree * math.cos(math.radians(lat)))


# Four couriers north of the pickup, 100 m apart from 100 m: ETAs 80, 100, 120, 140 s.
LINE = {name: spot(north=100 * (n + 1)) for n, name in enumerate(["ana", "ben", "cy", "dee"])}


def distance_m(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The great-circle distance in metres (haversine, as in any textbook)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(min(1.0, h)))


def close(got: object, expected: float | None) -> bool:
    """An ETA as the contract holds it: None for None, else within the tolerance."""
    if expected is None or got is None:
        return got is None and expected is None
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return False
    return math.isclose(got, expected, rel_tol=1e-12, abs_tol=ETA_TOLERANCE)


@dataclass
class World:
    """The clock and the couriers' apps, shared by the services a test makes.

    An offer is declined when its courier, or its (courier, order) pair, is in
    `declines`; each answer takes `lag` seconds on the clock.
    """

    t: float = EPOCH
    declines: set = field(default_factory=set)
    lag: float = 0.0
    offers: list[tuple[str, str]] = field(default_factory=list)

    def clock(self) -> float:
        return self.t

    def offer(self, courier: str, order: str) -> bool:
        self.offers.append((courier, order))
        self.t += self.lag
        return courier not in self.declines and (courier, order) not in self.declines

    def ms(self, ago: float = 0.0) -> int:
        """A stamp in epoch milliseconds, `ago` seconds before the clock."""
        return round((self.t - ago) * 1000)


# How a repro pastes the world into python: the same rules, as globals.
WORLD_CODE = [
    "t = 1_700_000_000.0  # the clock, in epoch seconds: every service reads it",
    "declines = set()  # couriers, or (courier, order) pairs, whose offers are declined",
    "lag = 0.0  # seconds each answer takes on the clock",
    "offers = []  # every offer made: (courier, order)",
    "def clock(): return t",
    "",
    "def offer(courier, order):",
    "    global t",
    "    offers.append((courier, order)); t += lag",
    "    return courier not in declines and (courier, order) not in declines",
    "",
]


class Service:
    """CourierService as the contract says it."""

    def __init__(
        self,
        offer: Callable[[str, str], bool],
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
        if not (freshness > 0 and speed > 0 and capacity > 0 and max_declines > 0):
            raise ValueError("freshness, speed, capacity and max_declines must be positive")
        if not (wait >= 0 and penalty >= 0 and epsilon >= 0):
            raise ValueError("wait, penalty and epsilon must not be negative")
        self.offer, self.clock = offer, clock
        self.freshness, self.speed, self.wait, self.penalty = freshness, speed, wait, penalty
        self.capacity, self.max_declines, self.epsilon = capacity, max_declines, epsilon
        self.online_now: dict[str, None] = {}  # couriers online, in the order they came
        self.reports: dict[str, tuple[float, float, float]] = {}  # lat, lon, seconds
        self.carried: dict[str, str] = {}  # order: its courier
        self.load: dict[str, int] = {}  # courier: the orders it carries
        self.counts: dict[str, list[int]] = {}  # offered, accepted, declined, delivered

    def online(self, courier: str) -> None:
        self.online_now.setdefault(courier)

    def offline(self, courier: str) -> None:
        self.online_now.pop(courier, None)

    def report(self, courier: str, lat: float, lon: float, at_ms: int) -> None:
        at = at_ms / 1000
        if courier not in self.reports or at >= self.reports[courier][2]:
            self.reports[courier] = (lat, lon, at)

    def carrying(self, courier: str) -> int:
        return self.load.get(courier, 0)

    def scores(self, now: float, pickup: tuple[float, float], asked: list[str]) -> dict:
        """Every courier that may be offered the order now, but those in `asked`:
        courier -> (eta, score)."""
        found = {}
        for courier in self.online_now:
            report = self.reports.get(courier)
            if courier in asked or report is None or now - report[2] > self.freshness:
                continue
            carrying = self.carrying(courier)
            if carrying >= self.capacity:
                continue
            eta = distance_m(report[:2], pickup) / self.speed + self.wait
            found[courier] = (eta, eta + self.penalty * carrying)
        return found

    def allowed(self, scores: dict) -> list[str]:
        """The couriers the contract lets the next offer go to: the lowest score, and
        every score within epsilon of it."""
        lowest = min(score for _, score in scores.values())
        edge = lowest + self.epsilon + TIE_TOLERANCE
        return [courier for courier, (_, score) in scores.items() if score <= edge]

    def assign(
        self, order: str, lat: float, lon: float, choose: Callable[[list[str]], str]
    ) -> tuple[str, str | None, float | None, int]:
        """(order_id, courier, eta, declines) of the Assignment; `choose` picks each
        courier to offer the order to, among those the contract allows."""
        if order in self.carried:
            raise ValueError(f"{order!r} is being carried")
        now = self.clock()
        asked: list[str] = []
        while len(asked) < self.max_declines:
            scores = self.scores(now, (lat, lon), asked)
            if not scores:
                break
            courier = choose(self.allowed(scores))
            counts = self.counts.setdefault(courier, [0, 0, 0, 0])
            counts[0] += 1
            if self.offer(courier, order):
                counts[1] += 1
                self.carried[order] = courier
                self.load[courier] = self.carrying(courier) + 1
                return order, courier, scores[courier][0], len(asked)
            counts[2] += 1
            asked.append(courier)
        return order, None, None, len(asked)

    def complete(self, order: str) -> None:
        courier = self.carried.pop(order)  # KeyError if nobody carries it
        self.load[courier] -= 1
        self.counts[courier][3] += 1

    def stats(self, courier: str) -> tuple[int, int, int, int]:
        """(offered, accepted, declined, delivered) of the CourierStats."""
        offered, accepted, declined, delivered = self.counts.get(courier, [0, 0, 0, 0])
        return offered, accepted, declined, delivered


# -- judging the learner's offers --


class OneOf:
    """In a list of expected offers: any of these couriers."""

    def __init__(self, couriers: list[str]) -> None:
        self.couriers = couriers

    def __repr__(self) -> str:
        if len(self.couriers) == 1:
            return repr(self.couriers[0])
        return f"one of {self.couriers!r}"


@dataclass(frozen=True, eq=False)
class Assigned:
    """What one assign() did: its Assignment's fields, and the offers it made.

    `result` None stands for an expectation that stops at a wrong offer (the
    contract says what the offer should have been, not what follows). An ETA
    agrees within the tolerance; everything else exactly.
    """

    result: tuple | None  # (order_id, courier, eta, declines)
    offers: tuple

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Assigned) or self.result is None or other.result is None:
            return False
        (order, courier, eta, declines), theirs = self.result, other.result
        exact = [(order, theirs[0]), (courier, theirs[1]), (declines, theirs[3])]
        exact += list(zip(self.offers, other.offers, strict=False))
        return (
            len(self.offers) == len(other.offers)
            and all(type(a) is type(b) and a == b for a, b in exact)
            and close(eta, theirs[2])
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        offers = "[" + ", ".join(map(repr, self.offers)) + "]"
        if self.result is None:
            return f"offers to {offers}"
        order_id, courier, eta, declines = self.result
        # To the microsecond, the tolerance: two ETAs that differ beyond it differ here.
        shown = f"{eta:.6f}" if isinstance(eta, float) else repr(eta)
        return f"Assignment({order_id!r}, {courier!r}, {shown}, {declines!r}), offered to {offers}"


def learner_assigned(result: object, offers: list[tuple[str, str]], order: str) -> Assigned:
    """The learner's Assignment and the offers its assign made, as an Assigned."""
    fields = (result.order_id, result.courier, result.eta, result.declines)
    return Assigned(fields, tuple(courier if o == order else (courier, o) for courier, o in offers))


class _Strayed(Exception):
    """The learner's offers left the contract: what the next offer should have been."""

    def __init__(self, allowed: list[str]) -> None:
        super().__init__()
        self.allowed = allowed


def follow(model: Service, order: str, lat: float, lon: float, made: tuple) -> Assigned:
    """The model's assign() of `order`, its offers following the learner's `made`
    (a tuple of couriers) wherever the contract allows them: the Assigned the
    learner's should equal. Raises what the model raises (a refused order)."""
    taken: list[str] = []

    def choose(allowed: list[str]) -> str:
        step = len(taken)
        if step >= len(made) or made[step] not in allowed:
            raise _Strayed(allowed)
        taken.append(made[step])
        return made[step]

    try:
        result = model.assign(order, lat, lon, choose)
    except _Strayed as strayed:
        return Assigned(None, (*taken, OneOf(strayed.allowed)))
    # Where the learner asked someone after the round was over, the offers differ.
    return Assigned(result, tuple(taken))


def judged(model: Service, order: str, lat: float, lon: float, got: Assigned) -> Assigned:
    """What the learner's `got` should be, in step with the offers it made."""
    return follow(model, order, lat, lon, got.offers)


def first_offers(
    make: Callable[[int], object], world: World, order: str, pickup, seeds: range
) -> list:
    """For each seed, the first courier offered `order` by the service `make(seed)`
    makes (None if none): how the statistical tests count picks."""
    found = []
    for seed in seeds:
        svc = make(seed)
        start = len(world.offers)
        svc.assign(order, *pickup)
        made = world.offers[start:]
        found.append(made[0][0] if made else None)
    return found


# -- making the learner's services, and reading what they gave --


def service(world: World, couriers: dict | None = None, **given: object):
    """A CourierService of the learner's package in `world`, with the settings `given`
    (passed by position), and `couriers` ({name: (lat, lon)}) online and reporting
    from there at the world's time, in that order."""
    from courier import CourierService

    svc = CourierService(world.offer, world.clock, *settings(**given))
    for name, (lat, lon) in (couriers or {}).items():
        svc.online(name)
        svc.report(name, lat, lon, world.ms())
    return svc


def taken_by(svc, orders: list[str]) -> list:
    """The courier each of `orders`, picked up at CENTRE in turn, went to: each order is
    delivered (complete) before the next is placed."""
    got = []
    for order in orders:
        got.append(svc.assign(order, *CENTRE).courier)
        svc.complete(order)
    return got


def fields(result: object) -> tuple:
    """An Assignment as (order_id, courier, eta, declines), the ETA to the millisecond
    for the words of a report."""
    eta = result.eta
    return (
        result.order_id,
        result.courier,
        round(eta, 3) if isinstance(eta, float) else eta,
        result.declines,
    )


def agrees(result: object, order_id: str, courier: str | None, eta, declines: int) -> bool:
    """Whether an Assignment has these fields, its ETA within the tolerance."""
    return (
        result.order_id == order_id
        and result.courier == courier
        and close(result.eta, eta)
        and result.declines == declines
    )


def counts(stats: object) -> tuple:
    """A CourierStats as (offered, accepted, declined, delivered)."""
    return stats.offered, stats.accepted, stats.declined, stats.delivered


def eta_of(place: tuple[float, float], pickup: tuple[float, float] = CENTRE, **given) -> float:
    """The contract's ETA from `place` to `pickup` with the settings `given`."""
    speed = given.get("speed", DEFAULTS["speed"])
    return distance_m(place, pickup) / speed + given.get("wait", DEFAULTS["wait"])
