"""The dispatch service in one module, written from the README.

Its mistake: a heartbeat and a failed delivery are ordered by time.monotonic_ns(), read
at each: two readings a call apart differ on Linux, but a coarse monotonic clock
(Windows ticks in 15.6 ms) or one frozen by a test gives both one reading, and then a
heartbeat after a failure does not bring the worker back. The spec tests once ran with
the process's clocks running only.
"""

import time
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
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._order = []  # worker ids, in the order they joined
        self._seen = {}  # id: the clock at the last heartbeat (or join)
        # id: time.monotonic_ns() at its last heartbeat (or join), and at its last failure
        self._beat_at = {}
        self._failed_at = {}
        self._counts = {}  # id: [offered, delivered, failed]
        self._cursor = None  # the id of the next worker to consider

    def join(self, worker_id):
        if worker_id in self._seen:
            raise ValueError(worker_id)
        self._order.append(worker_id)
        self._seen[worker_id] = self._clock()
        self._beat_at[worker_id] = time.monotonic_ns()
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
        del self._seen[worker_id], self._counts[worker_id], self._beat_at[worker_id]
        self._failed_at.pop(worker_id, None)

    def heartbeat(self, worker_id):
        if worker_id not in self._seen:
            raise KeyError(worker_id)
        self._seen[worker_id] = self._clock()
        # The service's clock may give a heartbeat and a failure one reading: the
        # process's own clock tells which came last.
        self._beat_at[worker_id] = time.monotonic_ns()

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
            failed = self._failed_at.get(worker)
            down = failed is not None and not self._beat_at[worker] > failed
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
            self._failed_at[worker] = time.monotonic_ns()
        return Delivery(order_id, None, attempts)

    def stats(self, worker_id):
        if worker_id not in self._seen:
            raise KeyError(worker_id)
        return WorkerStats(*self._counts[worker_id])
