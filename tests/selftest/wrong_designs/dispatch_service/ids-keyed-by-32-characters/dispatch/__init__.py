"""The dispatch service in one module, written from the README.

Its mistake: a worker is known by the first 32 characters of its id (to bound what a
long id costs), so two workers whose long ids share them are one worker, and the
second to join is refused. The spec tests once tried short ids only.
"""

from typing import NamedTuple

# Ids are keyed by their first characters: enough to tell real ids apart.
KEY_LENGTH = 32


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
        self._seen = {}  # key: the clock at the last heartbeat (or join)
        self._down = set()  # keys of workers whose delivery failed since
        self._counts = {}  # key: [offered, delivered, failed]
        self._cursor = None  # the id of the next worker to consider

    def _key(self, worker_id):
        return worker_id[:KEY_LENGTH]

    def join(self, worker_id):
        key = self._key(worker_id)
        if key in self._seen:
            raise ValueError(worker_id)
        self._order.append(worker_id)
        self._seen[key] = self._clock()
        self._counts[key] = [0, 0, 0]
        if self._cursor is None:
            self._cursor = worker_id

    def leave(self, worker_id):
        key = self._key(worker_id)
        if key not in self._seen:
            raise KeyError(worker_id)
        at = self._order.index(worker_id)
        if self._cursor == worker_id:
            after = self._order[(at + 1) % len(self._order)]
            self._cursor = None if after == worker_id else after
        del self._order[at]
        del self._seen[key], self._counts[key]
        self._down.discard(key)

    def heartbeat(self, worker_id):
        key = self._key(worker_id)
        if key not in self._seen:
            raise KeyError(worker_id)
        self._seen[key] = self._clock()
        self._down.discard(key)

    def dispatch(self, order_id):
        now = self._clock()
        if self._cursor is None:
            return Delivery(order_id, None, 0)
        start = self._order.index(self._cursor)
        lap = self._order[start:] + self._order[:start]
        attempts = 0
        for worker in lap:
            key = self._key(worker)
            if key in self._down or now - self._seen[key] > self._timeout:
                continue
            attempts += 1
            self._counts[key][0] += 1
            try:
                took = bool(self._send(worker, order_id))
            except Exception:
                took = False
            if took:
                self._counts[key][1] += 1
                at = self._order.index(worker)
                self._cursor = self._order[(at + 1) % len(self._order)]
                return Delivery(order_id, worker, attempts)
            self._counts[key][2] += 1
            self._down.add(key)
        return Delivery(order_id, None, attempts)

    def stats(self, worker_id):
        key = self._key(worker_id)
        if key not in self._seen:
            raise KeyError(worker_id)
        return WorkerStats(*self._counts[key])
