"""A correct design in one module: each worker's deadline, not its last heartbeat.

A heartbeat (or a join) sets the worker's deadline to the clock plus the
timeout, and the worker is fresh while the clock has not passed it. In floats
this is not quite `now - last <= timeout`: with a heartbeat at 0.1 and a timeout
of 0.2, the clock at 0.1 + 0.2 (0.30000000000000004) is at the deadline here,
and 0.20000000000000004 s after the heartbeat there. The spec tests take clock
readings where the two agree (exact in binary, or with a rounding error that both
round alike, as 0.1 and 30.1); this design keeps them to it.
"""

from typing import NamedTuple


class Delivery(NamedTuple):
    order_id: str
    worker: str | None
    attempts: int


class WorkerStats(NamedTuple):
    offered: int
    delivered: int
    failed: int


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not heartbeat_timeout > 0:  # NaN is not positive either
            raise ValueError("heartbeat_timeout must be positive")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._order = []  # worker ids, in the order they joined
        self._deadline = {}  # id: the last clock reading at which the worker is fresh
        self._down = set()  # ids of workers whose delivery failed since their heartbeat
        self._counts = {}  # id: [offered, delivered, failed]
        self._cursor = None  # the id of the next worker to consider

    def join(self, worker_id):
        if worker_id in self._deadline:
            raise ValueError(worker_id)
        deadline = self._clock() + self._timeout  # first: a clock that raises changes nothing
        self._order.append(worker_id)
        self._deadline[worker_id] = deadline
        self._counts[worker_id] = [0, 0, 0]
        if self._cursor is None:
            self._cursor = worker_id

    def leave(self, worker_id):
        if worker_id not in self._deadline:
            raise KeyError(worker_id)
        at = self._order.index(worker_id)
        if self._cursor == worker_id:
            after = self._order[(at + 1) % len(self._order)]
            self._cursor = None if after == worker_id else after
        del self._order[at]
        del self._deadline[worker_id], self._counts[worker_id]
        self._down.discard(worker_id)

    def heartbeat(self, worker_id):
        if worker_id not in self._deadline:
            raise KeyError(worker_id)
        self._deadline[worker_id] = self._clock() + self._timeout
        self._down.discard(worker_id)

    def dispatch(self, order_id):
        now = self._clock()
        if self._cursor is None:
            return Delivery(order_id, None, 0)
        start = self._order.index(self._cursor)
        attempts = 0
        for worker in self._order[start:] + self._order[:start]:
            if worker in self._down or now > self._deadline[worker]:
                continue
            attempts += 1
            counts = self._counts[worker]
            counts[0] += 1
            try:
                took = bool(self._send(worker, order_id))
            except Exception:  # whatever it raises: a send that returned False
                took = False
            if took:
                counts[1] += 1
                at = self._order.index(worker)
                self._cursor = self._order[(at + 1) % len(self._order)]
                return Delivery(order_id, worker, attempts)
            counts[2] += 1
            self._down.add(worker)
        return Delivery(order_id, None, attempts)

    def stats(self, worker_id):
        if worker_id not in self._deadline:
            raise KeyError(worker_id)
        return WorkerStats(*self._counts[worker_id])
