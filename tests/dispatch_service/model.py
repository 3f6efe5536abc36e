"""The dispatch_service contract read as plainly as possible: the spec tests' model,
and the fake world both sides run in.

`Service` is the facade as the README says it, written for obviousness rather
than speed: the cursor is the id of the next worker to consider (None when
the rotation is empty), a worker's failed delivery is a flag its next
heartbeat clears. `World` is a clock the test moves by hand and a scripted
transport (which sends fail, which raise, how long a send takes on the
clock), with a log of every send made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class World:
    """The clock and the transport a test hands to the services it makes.

    A send fails (returns False) when its worker, or its (worker, order) pair,
    is in `refuse`; raises `error` (ConnectionError unless a test says) when its
    worker is in `crash`, and once when its worker or its pair is in `drop`
    (which it then leaves: a dropped connection, and a send made again would go
    through); and moves the clock on by `lag` seconds, as a slow network would.
    """

    t: float = 0.0
    refuse: set = field(default_factory=set)
    crash: set = field(default_factory=set)
    drop: set = field(default_factory=set)
    lag: float = 0.0
    sent: list[tuple[str, str]] = field(default_factory=list)
    error: type[Exception] = ConnectionError

    def clock(self) -> float:
        return self.t

    def send(self, worker: str, order: str) -> bool:
        self.sent.append((worker, order))
        self.t += self.lag
        if worker in self.crash:
            raise self.error(f"{worker} is unreachable")
        for key in (worker, (worker, order)):
            if key in self.drop:
                self.drop.discard(key)
                raise self.error(f"the send of {order} to {worker} was dropped")
        return worker not in self.refuse and (worker, order) not in self.refuse


# How a repro pastes the World class into python: the same rules, with no blank line
# inside the class (the interpreter's prompt would end it there). Each service of a
# generated sequence gets a World of its own: world1 for svc1, and so on.
WORLD_CODE = [
    "class World:",
    "    def __init__(self):",
    "        self.t = 0.0  # the clock of this world's service",
    "        self.refuse = set()  # workers, or (worker, order) pairs, whose sends return False",
    "        self.crash = set()  # workers whose sends raise ConnectionError",
    "        self.drop = set()  # workers, or (worker, order) pairs, whose next send raises, once",
    "        self.lag = 0.0  # seconds each send takes on the clock",
    "        self.sent = []  # every send made: (worker, order)",
    "    def clock(self):",
    "        return self.t",
    "    def send(self, worker, order):",
    "        self.sent.append((worker, order)); self.t += self.lag",
    "        if worker in self.crash: raise ConnectionError(worker)",
    "        for key in (worker, (worker, order)):",
    "            if key in self.drop: self.drop.discard(key); raise ConnectionError(worker)",
    "        return worker not in self.refuse and (worker, order) not in self.refuse",
    "",
]


class Service:
    """DispatchService as the contract says it."""

    def __init__(
        self,
        send: Callable[[str, str], bool],
        clock: Callable[[], float],
        heartbeat_timeout: float = 30.0,
    ) -> None:
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self.send, self.clock, self.timeout = send, clock, heartbeat_timeout
        self.workers: list[str] = []  # the rotation, in order
        self.seen: dict[str, float] = {}  # last heartbeat (or join)
        self.down: set[str] = set()  # a delivery failed since the last heartbeat
        self.counts: dict[str, list[int]] = {}  # offered, delivered, failed
        self.cursor: str | None = None

    def after(self, worker: str) -> str:
        return self.workers[(self.workers.index(worker) + 1) % len(self.workers)]

    def join(self, worker: str) -> None:
        if worker in self.seen:
            raise ValueError(f"{worker!r} is in the rotation already")
        self.seen[worker] = self.clock()  # first: a clock that raises changes nothing
        self.workers.append(worker)
        self.counts[worker] = [0, 0, 0]
        if self.cursor is None:
            self.cursor = worker

    def leave(self, worker: str) -> None:
        if worker not in self.seen:
            raise KeyError(worker)
        if self.cursor == worker:
            self.cursor = self.after(worker) if len(self.workers) > 1 else None
        self.workers.remove(worker)
        del self.seen[worker], self.counts[worker]
        self.down.discard(worker)

    def heartbeat(self, worker: str) -> None:
        if worker not in self.seen:
            raise KeyError(worker)
        self.seen[worker] = self.clock()
        self.down.discard(worker)

    def available(self, worker: str, now: float) -> bool:
        return worker not in self.down and now - self.seen[worker] <= self.timeout

    def dispatch(self, order: str) -> tuple[str, str | None, int]:
        """(order_id, worker, attempts) of the Delivery."""
        now = self.clock()
        if self.cursor is None:
            return order, None, 0
        start, count = self.workers.index(self.cursor), len(self.workers)
        attempts = 0
        for step in range(count):
            worker = self.workers[(start + step) % count]
            if not self.available(worker, now):
                continue
            attempts += 1
            self.counts[worker][0] += 1
            try:
                took = bool(self.send(worker, order))
            except Exception:
                took = False
            if took:
                self.counts[worker][1] += 1
                self.cursor = self.after(worker)
                return order, worker, attempts
            self.counts[worker][2] += 1
            self.down.add(worker)
        return order, None, attempts

    def stats(self, worker: str) -> tuple[int, int, int]:
        """(offered, delivered, failed) of the WorkerStats."""
        if worker not in self.seen:
            raise KeyError(worker)
        offered, delivered, failed = self.counts[worker]
        return offered, delivered, failed
