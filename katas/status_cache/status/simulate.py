"""Replay a day of orders against the status cache: `python -m status.simulate --help`.

The scenario is deterministic: stores Store-1 .. Store-N, orders placed at a
steady rate on a fake clock (one tick a second), each going through placed,
accepted, preparing, ready, picked_up and delivered, then closed a minute
later; a seeded random stream draws every delay. The order pipeline writes
each status to the cache and forgets the order once it is closed. The apps
read: customers follow their own orders, couriers the orders they carry.
On a miss an app asks the orders API, which knows the truth, and writes
what it got back to the cache. Same options, same output, on every machine.

It prints a line per report window and a table at the end. Every status an
app gets from the cache is checked against the truth: a "wrong" read served
a status the order no longer had. A "hot miss" is a miss of an order the same
app had from the cache at most 10 seconds before, and written less than ttl
seconds before: only an eviction can explain it, and an order in use is the
last a full cache should evict.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from .service import StatusCache

# The statuses an order goes through, and how long it stays in each (seconds,
# drawn uniformly) before the next: a kitchen can take ten minutes, a ride
# fifteen.
STEPS = (
    ("placed", 5, 60),
    ("accepted", 20, 120),
    ("preparing", 60, 600),
    ("ready", 10, 180),
    ("picked_up", 120, 900),
    ("delivered", 60, 60),
)
STATUSES = tuple(status for status, _, _ in STEPS)
# A courier follows the orders it fetches and carries.
COURIER_READS = {"ready": 15, "picked_up": 15}
ERRORS_SHOWN = 3
# A miss this many seconds or fewer after the app had the order from the cache is
# a hot miss: the order was in use.
HOT = 10


@dataclass
class Order:
    store_id: str
    order_id: str
    step: int = 0  # index into STEPS
    next_change: int = 0  # the tick of the next status change (or of closing)
    written: int = 0  # the tick the cache was last written for it, by anyone

    @property
    def status(self) -> str:
        return STEPS[self.step][0]


@dataclass
class App:
    """What one app saw: its reads, and how each went."""

    name: str
    spell: Callable[[str], str]  # how the app writes a store id
    # For each status the app follows an order in: the app reads the order once in
    # this many ticks, on average.
    every: dict[str, int]
    reads: int = 0
    hits: int = 0
    wrong: int = 0
    hot_misses: int = 0  # misses of an order the app had from the cache moments before
    window: list[int] = field(default_factory=lambda: [0, 0, 0])  # reads, hits, wrong
    last_hit: dict[str, int] = field(default_factory=dict)  # order id: tick


class FakeClock:
    """The simulation's time in seconds: it moves only when the simulation moves it."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> float:
        return float(self.now)


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m status.simulate",
        description="Replay a day of orders against the status cache: the pipeline's "
        "writes, the apps' reads, and every status served checked against the truth. "
        "Deterministic: the same options print the same output.",
    )
    add = parser.add_argument
    add("--stores", type=int, default=12, help="stores Store-1 .. Store-N (default 12)")
    add("--minutes", type=int, default=60, help="minutes of traffic (default 60)")
    add("--rate", type=int, default=20, help="orders placed a minute (default 20)")
    add("--ttl", type=int, default=300, help="seconds a status is kept (default 300)")
    add("--capacity", type=int, default=600, help="statuses the cache holds (default 600)")
    add("--seed", type=int, default=1, help="seed of the random stream (default 1)")
    add(
        "--report-every",
        type=int,
        default=15,
        metavar="MIN",
        help="a line every MIN minutes (default 15)",
    )
    add(
        "--courier-spelling",
        choices=("lower", "as-given"),
        default="lower",
        help="how the courier app writes store ids: in lower case, as it does in "
        "production (its URLs), or as the stores spell them",
    )
    add(
        "--trace",
        action="append",
        default=[],
        metavar="ORDER",
        help="log every call about ORDER (an order id: o-1, o-2, ...); may be given again",
    )
    return parser.parse_args(argv)


def clock_text(tick: int) -> str:
    hours, rest = divmod(tick, 3600)
    return f"{hours:02d}:{rest // 60:02d}:{rest % 60:02d}"


class Simulation:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.clock = FakeClock()
        self.cache = StatusCache(args.ttl, args.capacity, self.clock)
        self.orders: dict[str, Order] = {}  # the open orders, by id
        self.placed = 0
        lower = args.courier_spelling == "lower"
        self.apps = (
            # Customers look now and then, and watch the map once the courier has it.
            App("customer", lambda store: store, {**dict.fromkeys(STATUSES, 60), "picked_up": 10}),
            App("courier", str.lower if lower else (lambda store: store), COURIER_READS),
        )
        self.traced = set(args.trace)
        self.errors: list[str] = []
        self.window_errors = 0

    def say(self, text: str) -> None:
        print(f"[{clock_text(self.clock.now)}] {text}")

    def trace(self, order: Order, text: str) -> None:
        if order.order_id in self.traced:
            self.say(f"{order.order_id:<6} {text}")

    def call(self, text: str, call: Callable[[], object]) -> tuple[bool, object]:
        """Make one call to the cache, as the service's HTTP layer does: a call that
        raises is a 500 for its caller, logged, and the run goes on."""
        try:
            return True, call()
        except Exception as error:
            self.errors.append(f"[{clock_text(self.clock.now)}] {text}: {error!r}")
            self.window_errors += 1
            return False, None

    # -- the order pipeline --

    def place(self) -> None:
        self.placed += 1
        store = f"Store-{self.rng.randint(1, self.args.stores)}"
        order = Order(store, f"o-{self.placed}")
        self.orders[order.order_id] = order
        self.write(order)

    def write(self, order: Order) -> None:
        """The pipeline writes the order's status, and schedules its next change."""
        self.call(
            f"update({order.store_id!r}, {order.order_id!r}, {order.status!r})",
            lambda: self.cache.update(order.store_id, order.order_id, order.status),
        )
        order.written = self.clock.now
        self.trace(order, f"pipeline  update {order.store_id} {order.status}")
        _, low, high = STEPS[order.step]
        order.next_change = self.clock.now + self.rng.randint(low, high)

    def advance(self, order: Order) -> None:
        if order.step + 1 < len(STEPS):
            order.step += 1
            self.write(order)
            return
        del self.orders[order.order_id]
        for app in self.apps:
            app.last_hit.pop(order.order_id, None)
        _, forgot = self.call(
            f"forget({order.store_id!r}, {order.order_id!r})",
            lambda: self.cache.forget(order.store_id, order.order_id),
        )
        self.trace(order, f"pipeline  forget {order.store_id} -> {forgot!r} (closed)")

    # -- the apps --

    def read(self, app: App, order: Order) -> None:
        store = app.spell(order.store_id)
        done, got = self.call(
            f"read({store!r}, {order.order_id!r})",
            lambda: self.cache.read(store, order.order_id),
        )
        app.reads += 1
        app.window[0] += 1
        if got is not None:
            app.last_hit[order.order_id] = self.clock.now
            app.hits += 1
            app.window[1] += 1
            wrong = got != order.status
            app.wrong += wrong
            app.window[2] += wrong
            mark = f"  WRONG: the order is {order.status}" if wrong else ""
            self.trace(order, f"{app.name:<9} read {store} -> {got!r}{mark}")
            return
        # A miss (or an error): the app asks the orders API, and writes the answer back.
        fresh = self.clock.now - order.written < self.args.ttl
        if fresh and self.clock.now - app.last_hit.pop(order.order_id, -HOT - 1) <= HOT:
            app.hot_misses += 1
        self.call(
            f"update({store!r}, {order.order_id!r}, {order.status!r})",
            lambda: self.cache.update(store, order.order_id, order.status),
        )
        order.written = self.clock.now
        why = "miss" if done else "error"
        self.trace(
            order,
            f"{app.name:<9} read {store} -> {why}, orders API {order.status!r}, written back",
        )

    # -- the day --

    def run(self) -> None:
        args = self.args
        print(
            f"status cache: ttl {args.ttl} s, capacity {args.capacity}; {args.stores} stores, "
            f"{args.rate} orders a minute for {args.minutes} minutes, seed {args.seed}"
        )
        window = args.report_every * 60
        for tick in range(1, args.minutes * 60 + 1):
            self.clock.now = tick
            if self.rng.random() < args.rate / 60:
                self.place()
            for order in [o for o in self.orders.values() if o.next_change <= tick]:
                self.advance(order)
            for order in list(self.orders.values()):
                for app in self.apps:
                    every = app.every.get(order.status)
                    if every and self.rng.random() < 1 / every:
                        self.read(app, order)
            if window and tick % window == 0:
                self.report()
        self.table()

    def report(self) -> None:
        parts = []
        for app in self.apps:
            reads, hits, wrong = app.window
            rate = hits / reads if reads else 0.0
            parts.append(f"{app.name} {reads} ({rate:.1%} hits, {wrong} wrong)")
            app.window = [0, 0, 0]
        stats = self.cache.stats()
        errors = f", {self.window_errors} calls raised" if self.window_errors else ""
        self.window_errors = 0
        self.say(f"reads: {', '.join(parts)}")
        self.say(f"{len(self.orders)} orders open, {stats['entries']} entries{errors}")

    def table(self) -> None:
        print(f"{'app':<10}{'reads':>7}{'hits':>7}{'wrong':>7}{'misses':>8}{'hot misses':>12}")
        for app in self.apps:
            print(
                f"{app.name:<10}{app.reads:>7}{app.hits:>7}{app.wrong:>7}"
                f"{app.reads - app.hits:>8}{app.hot_misses:>12}"
            )
        stats = self.cache.stats()
        print(
            f"cache: {stats['hits']} hits, {stats['misses']} misses, {stats['expiries']} "
            f"expiries, {stats['evictions']} evictions, {stats['entries']} entries "
            f"(capacity {self.args.capacity}); {len(self.orders)} orders open"
        )
        if self.errors:
            print(f"{len(self.errors)} calls raised, the first:")
            for line in self.errors[:ERRORS_SHOWN]:
                print(f"  {line}")


def main(argv: list[str] | None = None) -> int:
    Simulation(arguments(argv)).run()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader stopped reading (`| head`): end quietly, as a shell tool does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
