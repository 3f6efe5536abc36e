"""An evening shift replayed against the courier assignment service, on a fake clock.

    python -m courier.simulate [options]        (--help lists them)

Couriers c1..cN go online when the shift starts, each waiting at one of four
hubs around the Mission (c1 at 16th St, c2 at Folsom, c3 at 24th St, c4 at
Guerrero, c5 at 16th St again, ...), and their apps report the hub's position
every --report-every seconds, stamped in epoch milliseconds as the phones do.
Order o-k is placed at k * --tick seconds, at one of the restaurants (drawn
from --seed); a courier declines an offer as --decline and --decline-rate say
(drawn from --seed too); a courier who accepts delivers the order --delivery
seconds later. A line per event, and a table of every courier's counts at
the end. The same options print the same log, on every machine.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from .geo import distance_m
from .service import CourierService
from .types import Assignment, Point

# The service's settings: its defaults, written out for --explain.
FRESHNESS = 30.0  # seconds
SPEED = 5.0  # metres per second
WAIT = 60.0  # seconds
PENALTY = 300.0  # seconds per order carried
CAPACITY = 3
# When the shift starts: 18:00 UTC on 5 March 2024, in epoch seconds.
SHIFT_START = 1_709_661_600
# The hubs where couriers wait between orders, round the Mission.
HUBS = {
    "16th St": (37.7653, -122.4148),
    "Folsom": (37.7599, -122.4063),
    "24th St": (37.7545, -122.4148),
    "Guerrero": (37.7599, -122.4233),
}
RESTAURANTS = {
    "Taqueria Rosa": (37.7599, -122.4148),
    "Pho 16": (37.7662, -122.4170),
    "Dolores Deli": (37.7612, -122.4262),
    "Bernal Pizza": (37.7521, -122.4120),
    "Folsom Ramen": (37.7630, -122.4055),
    "Mission Curry": (37.7576, -122.4182),
}


class FakeClock:
    """The simulation's time, in epoch seconds: it moves only when the simulation moves it."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Scenario:
    couriers: int
    orders: int
    tick: float
    report_every: float
    delivery: float
    seed: int
    declines: set[tuple[str, str]]  # (courier, order) pairs that are declined
    decline_rate: float
    explain: bool
    quiet: dict[str, float]  # courier: when its app stops reporting (seconds into the shift)
    offline: dict[str, float]  # courier: when it goes offline


@dataclass
class Courier:
    """A courier as the simulation knows it: its hub, and what its app last sent."""

    name: str
    hub: str
    reported: float | None = None  # seconds into the shift of its last report
    online: bool = True
    carrying: int = 0


@dataclass
class Apps:
    """The couriers' phones: whether each offer is accepted, and the answers so far."""

    declines: set[tuple[str, str]]
    decline_rate: float
    rng: random.Random
    answers: list[tuple[str, bool]] = field(default_factory=list)

    def offer(self, courier: str, order: str) -> bool:
        refused = (courier, order) in self.declines
        if self.decline_rate > 0 and self.rng.random() < self.decline_rate:
            refused = True
        self.answers.append((courier, not refused))
        return not refused


class Shift:
    """One replay of a scenario: the service, its clock, the couriers' apps, and the log."""

    def __init__(self, scenario: Scenario, out: Callable[[str], None] = print) -> None:
        self.scenario = scenario
        self.out = out
        self.clock = FakeClock(float(SHIFT_START))
        self.rng = random.Random(scenario.seed)
        # Two streams, so that the restaurants of later orders do not depend on how
        # many offers the service made before them.
        declines = random.Random(f"declines {scenario.seed}")
        self.apps = Apps(scenario.declines, scenario.decline_rate, declines)
        self.service = CourierService(
            self.apps.offer,
            self.clock,
            FRESHNESS,
            SPEED,
            WAIT,
            PENALTY,
            CAPACITY,
            seed=scenario.seed,
        )
        hubs = list(HUBS)
        self.couriers = {
            f"c{n}": Courier(f"c{n}", hubs[(n - 1) % len(hubs)])
            for n in range(1, scenario.couriers + 1)
        }
        self.deliveries: list[tuple[float, str, str]] = []  # (when, order, courier)
        self.assigned = self.unassigned = self.stale = 0

    @property
    def elapsed(self) -> float:
        return self.clock.now - SHIFT_START

    def log(self, event: str, text: str) -> None:
        minutes, seconds = divmod(int(self.elapsed), 60)
        self.out(f"[{minutes:3}:{seconds:02}] {event:<10} {text}")

    def report(self) -> None:
        """Every courier whose app still reports sends the hub's position."""
        at_ms = round(self.clock.now * 1000)
        for courier in self.couriers.values():
            if self.elapsed < self.scenario.quiet.get(courier.name, float("inf")):
                lat, lon = HUBS[courier.hub]
                self.service.report(courier.name, lat, lon, at_ms)
                courier.reported = self.elapsed

    def order(self, number: int) -> None:
        order_id = f"o-{number}"
        restaurant = self.rng.choice(sorted(RESTAURANTS))
        lat, lon = RESTAURANTS[restaurant]
        explained = self.explain(Point(lat, lon)) if self.scenario.explain else []
        self.apps.answers.clear()
        result = self.service.assign(order_id, lat, lon)
        declined = [f"{name} declined" for name, took in self.apps.answers if not took]
        steps = ", ".join(declined)
        if result.courier is None:
            self.unassigned += 1
            why = steps or "nobody eligible"
            self.log(order_id, f"{restaurant}: UNASSIGNED ({why})")
        else:
            self.assigned += 1
            self.couriers[result.courier].carrying += 1
            self.deliveries.append(
                (self.clock.now + self.scenario.delivery, order_id, result.courier)
            )
            self.log(order_id, f"{restaurant}: {steps + ', ' if steps else ''}{self.taken(result)}")
        for line in explained:
            self.out(line)

    def explain(self, pickup: Point) -> list[str]:
        """The online couriers as the dashboard shows them for a pickup, best score first:
        the ETA from the hub each last reported from, the score, and why one is not
        eligible."""
        rows = []
        for courier in self.couriers.values():
            if not courier.online or courier.reported is None:
                continue
            eta = distance_m(Point(*HUBS[courier.hub]), pickup) / SPEED + WAIT
            score = eta + PENALTY * courier.carrying
            age = self.elapsed - courier.reported
            why = "stale" if age > FRESHNESS else "full" if courier.carrying >= CAPACITY else ""
            rows.append((score, courier.name, courier.hub, eta, courier.carrying, why))
        return [
            f"{'':18}{name:<4} {hub:<9} eta {duration(eta)}  carrying {carrying}  "
            f"score {score:7.1f}{'  (' + why + ')' if why else ''}"
            for score, name, hub, eta, carrying, why in sorted(rows)
        ]

    def taken(self, result: Assignment) -> str:
        courier = self.couriers[result.courier]
        text = f"-> {courier.name} ({courier.hub}), eta {duration(result.eta)}"
        age = self.elapsed - courier.reported if courier.reported is not None else None
        if age is not None and age > FRESHNESS:
            self.stale += 1
            text += f", last report {duration(age)} ago"
        return text

    def deliver_due(self) -> None:
        due = [d for d in self.deliveries if d[0] <= self.clock.now]
        self.deliveries = [d for d in self.deliveries if d[0] > self.clock.now]
        for _, order_id, courier in due:
            self.service.complete(order_id)
            self.couriers[courier].carrying -= 1
            self.log("delivered", f"{order_id} by {courier}")

    def changes(self, before: float, until: float) -> None:
        """The apps that go quiet and the couriers that go offline in (before, until]."""
        for name, at in sorted(self.scenario.quiet.items(), key=lambda item: item[1]):
            if before < at <= until and name in self.couriers:
                self.log("quiet", f"{name}'s app stops reporting")
        for name, at in sorted(self.scenario.offline.items(), key=lambda item: item[1]):
            if before < at <= until and name in self.couriers:
                self.service.offline(name)
                self.couriers[name].online = False
                self.log("offline", name)

    def play(self) -> None:
        scenario = self.scenario
        for name in self.couriers:
            self.service.online(name)
        if self.couriers:
            self.log("online", " ".join(self.couriers))
        self.report()
        reports = 1
        previous = 0.0
        for number in range(1, scenario.orders + 1):
            at = number * scenario.tick
            while reports * scenario.report_every <= at:
                self.move_to(reports * scenario.report_every, previous)
                previous = self.elapsed
                self.report()
                reports += 1
            self.move_to(at, previous)
            previous = at
            self.order(number)
        self.table()

    def move_to(self, elapsed: float, previous: float) -> None:
        self.clock.now = SHIFT_START + elapsed
        self.changes(previous, elapsed)
        self.deliver_due()

    def table(self) -> None:
        self.out("")
        self.out(
            f"{'courier':<8} {'hub':<9} {'offered':>7} {'accepted':>8} {'declined':>8} "
            f"{'delivered':>9}  last report"
        )
        for courier in self.couriers.values():
            stats = self.service.stats(courier.name)
            age = "never" if courier.reported is None else duration(self.elapsed - courier.reported)
            status = "" if courier.online else "  (offline)"
            self.out(
                f"{courier.name:<8} {courier.hub:<9} {stats.offered:>7} {stats.accepted:>8} "
                f"{stats.declined:>8} {stats.delivered:>9}  {age} ago{status}"
            )
        placed = self.assigned + self.unassigned
        self.out(
            f"orders: {placed} placed, {self.assigned} assigned, {self.unassigned} unassigned; "
            f"{self.stale} to couriers whose app had been silent for more than 30 s"
        )


def duration(seconds: float) -> str:
    """'4m05s', or '1h02m' for an hour and more."""
    whole = round(seconds)
    if whole >= 3600:
        return f"{whole // 3600}h{whole % 3600 // 60:02}m"
    return f"{whole // 60}m{whole % 60:02}s"


# -- the command line --


def courier_at(kind: str, parse: Callable[[str], object]) -> Callable[[str], tuple[str, object]]:
    """An argparse type for COURIER@WHEN (say c2@o-5, or c3@300)."""

    def read(text: str) -> tuple[str, object]:
        courier, at, when = text.partition("@")
        try:
            if not courier or not at:
                raise ValueError(text)
            return courier, parse(when)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {kind}, got {text!r}") from None

    return read


def order_id(text: str) -> str:
    """'o-5' or '5': 'o-5'."""
    number = int(text[2:] if text.startswith("o-") else text)
    if number < 1:
        raise ValueError(text)
    return f"o-{number}"


def seconds(text: str) -> float:
    value = float(text)
    if not value >= 0:
        raise ValueError(text)
    return value


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="python -m courier.simulate",
        description="Replay an evening shift against the courier assignment service on a "
        "fake clock: a line per event, then every courier's counts.",
    )
    add = made.add_argument
    add("--couriers", type=int, default=8, metavar="N", help="couriers c1..cN (default 8)")
    add("--orders", type=int, default=30, metavar="N", help="orders o-1..o-N (default 30)")
    add("--tick", type=float, default=20.0, metavar="S", help="seconds between orders (20)")
    add("--seed", type=int, default=0, metavar="S", help="seed of the restaurants, of the "
        "random declines and of the service (default 0)")  # fmt: skip
    add(
        "--report-every",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds between two reports of a courier's app (default 10)",
    )
    add(
        "--delivery",
        type=float,
        default=300.0,
        metavar="S",
        help="seconds from accepting an order to delivering it (default 300)",
    )
    add(
        "--decline",
        type=courier_at("COURIER@ORDER (say c2@o-5)", order_id),
        action="append",
        default=[],
        metavar="COURIER@ORDER",
        help="that courier declines that order, e.g. c2@o-5 (repeatable)",
    )
    add(
        "--decline-rate",
        type=float,
        default=0.0,
        metavar="P",
        help="the chance that a courier declines any offer (default 0)",
    )
    add(
        "--explain",
        action="store_true",
        help="under each order, the online couriers as the dispatch dashboard shows them: "
        "ETA, orders carried and score, best first",
    )
    add(
        "--quiet",
        type=courier_at("COURIER@SECONDS (say c3@300)", seconds),
        action="append",
        default=[],
        metavar="COURIER@SECONDS",
        help="the courier's app stops reporting that many seconds into the shift, e.g. "
        "c3@300; the courier stays online (repeatable)",
    )
    add(
        "--offline",
        type=courier_at("COURIER@SECONDS (say c3@300)", seconds),
        action="append",
        default=[],
        metavar="COURIER@SECONDS",
        help="the courier goes offline that many seconds into the shift (repeatable)",
    )
    return made


def scenario(argv: list[str] | None = None) -> Scenario:
    made = parser()
    args = made.parse_args(argv)
    if args.couriers < 0 or args.orders < 0:
        made.error("--couriers and --orders must not be negative")
    if not (args.tick > 0 and args.report_every > 0 and args.delivery >= 0):
        made.error("--tick and --report-every must be positive, --delivery not negative")
    if not 0 <= args.decline_rate <= 1:
        made.error("--decline-rate must be from 0 to 1")
    return Scenario(
        couriers=args.couriers,
        orders=args.orders,
        tick=args.tick,
        report_every=args.report_every,
        delivery=args.delivery,
        seed=args.seed,
        declines=set(args.decline),
        decline_rate=args.decline_rate,
        explain=args.explain,
        quiet=dict(args.quiet),
        offline=dict(args.offline),
    )


def main(argv: list[str] | None = None) -> int:
    Shift(scenario(argv)).play()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader stopped reading (`| head`): end quietly, as a shell tool does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
