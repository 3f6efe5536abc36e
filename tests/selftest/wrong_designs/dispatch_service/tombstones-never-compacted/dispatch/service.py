from __future__ import annotations

import itertools

from .rotation import Rotation
from .types import Delivery, WorkerStats


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._rot = Rotation()
        self._seq = itertools.count()  # orders heartbeats and failures by the calls
        self._beat: dict[str, float] = {}
        self._beat_seq: dict[str, int] = {}
        self._fail_seq: dict[str, int] = {}
        self._counts: dict[str, list[int]] = {}

    def join(self, worker_id):
        if worker_id in self._beat:
            raise ValueError(worker_id)
        self._rot.add(worker_id)
        self._beat[worker_id] = self._clock()
        self._beat_seq[worker_id] = next(self._seq)
        self._counts[worker_id] = [0, 0, 0]

    def leave(self, worker_id):
        if worker_id not in self._beat:
            raise KeyError(worker_id)
        self._rot.remove(worker_id)
        for d in (self._beat, self._beat_seq, self._counts):
            del d[worker_id]
        self._fail_seq.pop(worker_id, None)

    def heartbeat(self, worker_id):
        if worker_id not in self._beat:
            raise KeyError(worker_id)
        self._beat[worker_id] = self._clock()
        self._beat_seq[worker_id] = next(self._seq)

    def stats(self, worker_id):
        return WorkerStats(*self._counts[worker_id])

    def _available(self, wid, now):
        if now - self._beat[wid] > self._timeout:
            return False
        f = self._fail_seq.get(wid)
        return f is None or self._beat_seq[wid] > f

    def status(self, worker_id):
        return "available" if self._available(worker_id, self._clock()) else "unavailable"

    def dispatch(self, order_id):
        now = self._clock()
        attempts = 0
        for index, wid in list(self._rot.lap()):
            if not self._available(wid, now):
                continue
            attempts += 1
            counts = self._counts[wid]
            counts[0] += 1
            try:
                took = bool(self._send(wid, order_id))
            except Exception:
                took = False
            if took:
                counts[1] += 1
                self._rot.served(index)
                return Delivery(order_id, wid, attempts)
            counts[2] += 1
            self._fail_seq[wid] = next(self._seq)
        return Delivery(order_id, None, attempts)
