"""A shift of orders replayed against the dispatch service, on a fake clock.

    python -m dispatch.simulate [options]        (--help lists them)

Workers w1..wN join at t=0. Order o-k is placed at t = k * --tick seconds.
Every worker in the rotation sends a heartbeat every --heartbeat-every
seconds (at T, 2T, ...), except during --silence; when an order and the
heartbeats fall on the same second, the order goes out first. A send is
refused as --fail and --fail-rate say, and raises as --drop says; the random
refusals are drawn from --seed, so a run prints the same log every time. Each
event is one line of the log, and a table of every worker's counts ends it.

Every call to the service must return within --call-timeout real seconds
(an alarm): one that does not is reported, and the run stops there.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from .service import DispatchService
from .types import WorkerStats

T = TypeVar("T")


class FakeClock:
    """The simulation's time: it moves only when the simulation moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Transport:
    """The fake push gateway: which sends are refused or dropped, and the sends made
    for the current order, each as (worker, what became of it)."""

    failures: set[tuple[str, str]]  # (worker, order) pairs whose send is refused
    drops: set[tuple[str, str]]  # (worker, order) pairs whose first send raises
    fail_rate: float
    rng: random.Random
    sent: list[tuple[str, str]] = field(default_factory=list)

    def send(self, worker_id: str, order_id: str) -> bool:
        if (worker_id, order_id) in self.drops:
            self.drops.discard((worker_id, order_id))
            self.sent.append((worker_id, "dropped"))
            raise ConnectionError(f"the push of {order_id} to {worker_id} was dropped")
        lost = self.fail_rate > 0 and self.rng.random() < self.fail_rate
        took = not lost and (worker_id, order_id) not in self.failures
        self.sent.append((worker_id, "took" if took else "refused"))
        return took


class CallTimedOut(Exception):
    """A call to the service did not return within --call-timeout seconds."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise CallTimedOut in the block once `seconds` real seconds have passed."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise CallTimedOut

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass
class Scenario:
    workers: int
    orders: int
    tick: float
    heartbeat_every: float
    heartbeat_timeout: float
    silence: tuple[float, float] | None
    failures: set[tuple[str, str]]
    drops: set[tuple[str, str]]
    fail_rate: float
    seed: int
    leaves: dict[int, list[str]]  # order number: the workers that leave just before it
    joins: dict[int, list[str]]
    call_timeout: float


class Run:
    """One replay of a scenario: the service, its clock, its transport, and the log."""

    def __init__(self, scenario: Scenario, out: Callable[[str], None] = print) -> None:
        self.scenario = scenario
        self.out = out
        self.clock = FakeClock()
        self.transport = Transport(
            scenario.failures, set(scenario.drops), scenario.fail_rate, random.Random(scenario.seed)
        )
        self.service = DispatchService(
            self.transport.send, self.clock, heartbeat_timeout=scenario.heartbeat_timeout
        )
        self.members: list[str] = []  # the workers in the rotation, as the simulation knows them
        self.gone: dict[str, WorkerStats] = {}  # workers that left, with their last counts
        self.delivered = 0
        self.undeliverable = 0

    def log(self, event: str, text: str) -> None:
        self.out(f"[{self.clock.now:7.1f}s] {event:<10} {text}")

    def call(self, text: str, call: Callable[[], T]) -> T:
        """Make one call to the service, within the deadline."""
        try:
            with deadline(self.scenario.call_timeout):
                return call()
        except CallTimedOut:
            seconds = self.scenario.call_timeout
            self.log("STUCK", f"{text} did not return within {seconds:g} s: stopped")
            raise

    def join(self, workers: list[str]) -> None:
        joined = []
        for worker in workers:
            try:
                self.call(f"join({worker!r})", lambda worker=worker: self.service.join(worker))
            except ValueError:
                self.log("join", f"{worker} refused: in the rotation already")
                continue
            self.members.append(worker)
            self.gone.pop(worker, None)
            joined.append(worker)
        if joined:
            self.log("join", ", ".join(joined))

    def leave(self, worker: str) -> None:
        if worker not in self.members:
            self.log("leave", f"{worker} refused: not in the rotation")
            return
        stats = self.call(f"stats({worker!r})", lambda: self.service.stats(worker))
        self.call(f"leave({worker!r})", lambda: self.service.leave(worker))
        self.members.remove(worker)
        self.gone[worker] = stats
        self.log("leave", f"{worker}  ({describe(stats)})")

    def heartbeats(self, at: float) -> None:
        self.clock.now = at
        silence = self.scenario.silence
        if silence is not None and silence[0] <= at <= silence[1]:
            self.log("silence", "no heartbeat arrives")
            return
        for worker in self.members:
            self.call(
                f"heartbeat({worker!r})", lambda worker=worker: self.service.heartbeat(worker)
            )
        if self.members:
            self.log("heartbeat", ", ".join(self.members))

    def order(self, number: int) -> None:
        order_id = f"o-{number}"
        self.transport.sent.clear()
        delivery = self.call(f"dispatch({order_id!r})", lambda: self.service.dispatch(order_id))
        failed = [f"{worker} {what}" for worker, what in self.transport.sent if what != "took"]
        sends = f"({delivery.attempts} send{'s' if delivery.attempts != 1 else ''})"
        if delivery.worker is not None:
            self.delivered += 1
            steps = [*failed, f"-> {delivery.worker}"]
            self.log(order_id, ", ".join(steps) + (f"  {sends}" if failed else ""))
        else:
            self.undeliverable += 1
            why = ", ".join(failed) if failed else "nobody available"
            self.log(order_id, f"UNDELIVERABLE: {why}  {sends}")

    def play(self) -> int:
        """Replay the scenario; 0 when every call returned, 1 when one did not."""
        scenario = self.scenario
        try:
            self.join([f"w{n}" for n in range(1, scenario.workers + 1)])
            beats = 1
            for number in range(1, scenario.orders + 1):
                at = number * scenario.tick
                # Heartbeats due before the order; those due at its second come after it.
                while beats * scenario.heartbeat_every < at:
                    self.heartbeats(beats * scenario.heartbeat_every)
                    beats += 1
                self.clock.now = at
                for worker in scenario.leaves.get(number, []):
                    self.leave(worker)
                self.join(scenario.joins.get(number, []))
                self.order(number)
        except CallTimedOut:
            self.table()
            return 1
        self.table()
        return 0

    def table(self) -> None:
        self.out("")
        self.out(f"{'worker':<10} {'offered':>8} {'delivered':>10} {'failed':>7}  status")
        rows = [
            (worker, self.service.stats(worker), self.service.status(worker))
            for worker in self.members
        ]
        rows += [(f"{worker} (left)", stats, "-") for worker, stats in self.gone.items()]
        for name, stats, status in rows:
            self.out(
                f"{name:<10} {stats.offered:>8} {stats.delivered:>10} {stats.failed:>7}  {status}"
            )
        placed = self.delivered + self.undeliverable
        self.out(
            f"orders: {placed} placed, {self.delivered} delivered, "
            f"{self.undeliverable} undeliverable"
        )


def describe(stats: WorkerStats) -> str:
    return f"offered {stats.offered}, delivered {stats.delivered}, failed {stats.failed}"


# -- the command line --


def order_number(text: str) -> int:
    """'o-5' or '5': 5."""
    number = int(text[2:] if text.startswith("o-") else text)
    if number < 1:
        raise ValueError(text)
    return number


def worker_at(text: str) -> tuple[str, int]:
    """'w2@o-5': ('w2', 5)."""
    worker, at, order = text.partition("@")
    if not worker or not at:
        raise argparse.ArgumentTypeError(f"expected WORKER@ORDER (say w2@o-5), got {text!r}")
    try:
        return worker, order_number(order)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an order (say o-5): {order!r}") from None


def window(text: str) -> tuple[float, float]:
    """'20-60': (20.0, 60.0)."""
    start, dash, end = text.partition("-")
    try:
        found = (float(start), float(end))
    except ValueError:
        found = None
    if not dash or found is None or found[0] > found[1]:
        raise argparse.ArgumentTypeError(f"expected FROM-TO in seconds (say 20-60), got {text!r}")
    return found


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="python -m dispatch.simulate",
        description="Replay a shift of orders against the dispatch service on a fake clock: "
        "a line per event (an order goes out before the heartbeats of its second), then "
        "every worker's counts.",
    )
    add = made.add_argument
    add("--workers", type=int, default=4, metavar="N", help="workers w1..wN (default 4)")
    add("--orders", type=int, default=20, metavar="N", help="orders o-1..o-N (default 20)")
    add(
        "--tick",
        type=float,
        default=1.0,
        metavar="S",
        help="seconds on the fake clock between orders (default 1)",
    )
    add("--seed", type=int, default=0, metavar="S", help="seed of the random refusals (default 0)")
    add(
        "--fail-rate",
        type=float,
        default=0.0,
        metavar="P",
        help="chance that any send is refused (default 0)",
    )
    add(
        "--fail",
        type=worker_at,
        action="append",
        default=[],
        metavar="WORKER@ORDER",
        help="the send of that order to that worker is refused, e.g. w2@o-5 (repeatable)",
    )
    add(
        "--drop",
        type=worker_at,
        action="append",
        default=[],
        metavar="WORKER@ORDER",
        help="the first send of that order to that worker raises ConnectionError (a dropped "
        "connection), e.g. w2@o-5 (repeatable)",
    )
    add(
        "--heartbeat-every",
        type=float,
        default=10.0,
        metavar="T",
        help="seconds between heartbeats (default 10)",
    )
    add(
        "--heartbeat-timeout",
        type=float,
        default=30.0,
        metavar="S",
        help="the service's heartbeat_timeout (default 30)",
    )
    add(
        "--silence",
        type=window,
        metavar="FROM-TO",
        help="no heartbeat arrives from FROM to TO seconds on the clock, e.g. 20-60",
    )
    add(
        "--leave",
        type=worker_at,
        action="append",
        default=[],
        metavar="WORKER@ORDER",
        help="the worker leaves just before that order, e.g. w2@o-6 (repeatable)",
    )
    add(
        "--join",
        type=worker_at,
        action="append",
        default=[],
        metavar="WORKER@ORDER",
        help="the worker joins just before that order, e.g. w5@o-8 (repeatable)",
    )
    add(
        "--call-timeout",
        type=float,
        default=2.0,
        metavar="S",
        help="real seconds a call to the service may take before the run stops (default 2)",
    )
    return made


def scenario(argv: list[str] | None = None) -> Scenario:
    made = parser()
    args = made.parse_args(argv)
    if args.workers < 0 or args.orders < 0:
        made.error("--workers and --orders must not be negative")
    if args.tick <= 0 or args.heartbeat_every <= 0:
        made.error("--tick and --heartbeat-every must be positive")
    if not 0 <= args.fail_rate <= 1:
        made.error("--fail-rate must be from 0 to 1")

    def by_order(pairs: list[tuple[str, int]]) -> dict[int, list[str]]:
        found: dict[int, list[str]] = {}
        for worker, number in pairs:
            found.setdefault(number, []).append(worker)
        return found

    return Scenario(
        workers=args.workers,
        orders=args.orders,
        tick=args.tick,
        heartbeat_every=args.heartbeat_every,
        heartbeat_timeout=args.heartbeat_timeout,
        silence=args.silence,
        failures={(worker, f"o-{number}") for worker, number in args.fail},
        drops={(worker, f"o-{number}") for worker, number in args.drop},
        fail_rate=args.fail_rate,
        seed=args.seed,
        leaves=by_order(args.leave),
        joins=by_order(args.join),
        call_timeout=args.call_timeout,
    )


def main(argv: list[str] | None = None) -> int:
    chosen = scenario(argv)
    try:
        return Run(chosen).play()
    except ValueError as error:  # the service refused the scenario (its timeout, say)
        print(f"refused: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader stopped reading (`| head`): end quietly, as a shell tool does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
