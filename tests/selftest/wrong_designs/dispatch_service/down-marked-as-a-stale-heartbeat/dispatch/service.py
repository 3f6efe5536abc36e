"""A wrong version (sixth blind hunt): a failed send marks the worker down by setting its
last heartbeat a timeout and a second into the past: once the clock is set back, the
worker looks fresh again without a heartbeat.

One class: a dict in join order (the rotation), a down flag per worker."""

from __future__ import annotations

from .types import Delivery, WorkerStats


class _Worker:
    __slots__ = ("beat", "delivered", "down", "failed", "offered")

    def __init__(self, now):
        self.beat = now
        self.down = False
        self.offered = self.delivered = self.failed = 0


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self._send = send
        self._clock = clock
        self._timeout = heartbeat_timeout
        self._workers: dict[str, _Worker] = {}  # insertion order is the rotation
        self._cursor: str | None = None

    def join(self, worker_id):
        if worker_id in self._workers:
            raise ValueError(worker_id)
        self._workers[worker_id] = _Worker(self._clock())
        if self._cursor is None:
            self._cursor = worker_id

    def leave(self, worker_id):
        if worker_id not in self._workers:
            raise KeyError(worker_id)
        if self._cursor == worker_id:
            ids = list(self._workers)
            i = ids.index(worker_id)
            rest = ids[i + 1 :] + ids[:i]
            self._cursor = rest[0] if rest else None
        del self._workers[worker_id]

    def heartbeat(self, worker_id):
        w = self._workers[worker_id]
        w.beat = self._clock()
        w.down = False

    def stats(self, worker_id):
        w = self._workers[worker_id]
        return WorkerStats(w.offered, w.delivered, w.failed)

    def _ok(self, w, now):
        return not w.down and now - w.beat <= self._timeout

    def dispatch(self, order_id):
        now = self._clock()
        if self._cursor is None:
            return Delivery(order_id, None, 0)
        ids = list(self._workers)
        i = ids.index(self._cursor)
        order = ids[i:] + ids[:i]
        attempts = 0
        for k, wid in enumerate(order):
            w = self._workers[wid]
            if not self._ok(w, now):
                continue
            attempts += 1
            w.offered += 1
            try:
                took = bool(self._send(wid, order_id))
            except Exception:
                took = False
            if took:
                w.delivered += 1
                self._cursor = order[(k + 1) % len(order)]
                return Delivery(order_id, wid, attempts)
            w.failed += 1
            w.beat = now - self._timeout - 1  # down: as if silent until its next heartbeat
        return Delivery(order_id, None, attempts)
