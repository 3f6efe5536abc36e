"""The dispatch service in one module, written from the README.

Its mistake: heartbeats and failed deliveries are numbered in the order they happen, to
tell which came last when the clock gives both one reading, but the numbers are kept in
16 bits: after 65,536 of them they wrap, a heartbeat numbered 0 comes 'before' the
failure numbered 65,535 it follows, and the worker stays down. The spec tests once made
a few hundred failures and heartbeats at most.
"""

from typing import NamedTuple

# Event numbers go into a 16-bit field of the dashboard's feed.
EVENT_BITS = 16


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
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._order = []  # worker ids, in the order they joined
        self._seen = {}  # id: the clock at the last heartbeat (or join)
        self._event = 0  # numbers heartbeats and failures in the order they happen
        self._beat = {}  # id: the number of its last heartbeat (or join)
        self._failed = {}  # id: the number of its last failed delivery
        self._counts = {}  # id: [offered, delivered, failed]
        self._cursor = None  # the id of the next worker to consider

    def join(self, worker_id):
        if worker_id in self._seen:
            raise ValueError(worker_id)
        self._order.append(worker_id)
        self._seen[worker_id] = self._clock()
        self._beat[worker_id] = self._next()
        self._counts[worker_id] = [0, 0, 0]
        if self._cursor is None:
            self._cursor = worker_id

    def leave(self, worker_id):
        if worker_id not in self._seen:
            raise KeyError(worker_id)
        at = self._order.index(worker_id)
        if self._cursor == worker_id:
            after = self._order[(at + 1) % len(self._order)]
            self._cursor = None if after == worker_id else after
        del self._order[at]
        del self._seen[worker_id], self._counts[worker_id], self._beat[worker_id]
        self._failed.pop(worker_id, None)

    def heartbeat(self, worker_id):
        if worker_id not in self._seen:
            raise KeyError(worker_id)
        self._seen[worker_id] = self._clock()
        self._beat[worker_id] = self._next()

    def _next(self):
        """The next event's number: a heartbeat and a failure at one clock reading are
        told apart by it."""
        self._event = (self._event + 1) % (1 << EVENT_BITS)
        return self._event

    def _push(self, worker, order_id):
        """Whether the worker took the order."""
        try:
            return bool(self._send(worker, order_id))
        except Exception:
            return False

    def dispatch(self, order_id):
        now = self._clock()
        if self._cursor is None:
            return Delivery(order_id, None, 0)
        start = self._order.index(self._cursor)
        lap = self._order[start:] + self._order[:start]
        attempts = 0
        for worker in lap:
            down = self._failed.get(worker, -1) > self._beat[worker]
            if down or now - self._seen[worker] > self._timeout:
                continue
            attempts += 1
            self._counts[worker][0] += 1
            if self._push(worker, order_id):
                self._counts[worker][1] += 1
                at = self._order.index(worker)
                self._cursor = self._order[(at + 1) % len(self._order)]
                return Delivery(order_id, worker, attempts)
            self._counts[worker][2] += 1
            self._failed[worker] = self._next()
        return Delivery(order_id, None, attempts)

    def stats(self, worker_id):
        if worker_id not in self._seen:
            raise KeyError(worker_id)
        return WorkerStats(*self._counts[worker_id])
