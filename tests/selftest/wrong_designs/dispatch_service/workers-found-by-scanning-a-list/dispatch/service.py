"""A wrong version (sixth blind hunt): the workers are a list of records, and join,
heartbeat and stats find a worker by scanning it: O(n) each, where the contract says O(1)
on average.

A plain list of records (no dict), found by a scan; the cursor is a record
object; heartbeat and failure ordered by a per-service event counter."""

from __future__ import annotations

import itertools

from .types import Delivery, WorkerStats


class _Rec:
    def __init__(self, wid, now, seq):
        self.wid = wid
        self.beat_at = now
        self.beat_seq = seq
        self.fail_seq = -1
        self.counts = [0, 0, 0]


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not (heartbeat_timeout > 0):
            raise ValueError(heartbeat_timeout)
        self.send, self.clock, self.timeout = send, clock, heartbeat_timeout
        self.recs: list[_Rec] = []
        self.cursor: _Rec | None = None
        self.seq = itertools.count()

    def _find(self, wid):
        for i, r in enumerate(self.recs):
            if r.wid == wid:
                return i
        raise KeyError(wid)

    def join(self, wid):
        if any(r.wid == wid for r in self.recs):
            raise ValueError(wid)
        r = _Rec(wid, self.clock(), next(self.seq))
        self.recs.append(r)
        if self.cursor is None:
            self.cursor = r

    def leave(self, wid):
        i = self._find(wid)
        r = self.recs.pop(i)
        if self.cursor is r:
            self.cursor = self.recs[i % len(self.recs)] if self.recs else None

    def heartbeat(self, wid):
        r = self.recs[self._find(wid)]
        r.beat_at = self.clock()
        r.beat_seq = next(self.seq)

    def stats(self, wid):
        return WorkerStats(*self.recs[self._find(wid)].counts)

    def dispatch(self, order_id):
        now = self.clock()
        n = len(self.recs)
        if n == 0:
            return Delivery(order_id, None, 0)
        start = next(i for i, r in enumerate(self.recs) if r is self.cursor)
        attempts = 0
        for step in range(n):
            r = self.recs[(start + step) % n]
            if now - r.beat_at > self.timeout or r.fail_seq > r.beat_seq:
                continue
            attempts += 1
            r.counts[0] += 1
            try:
                ok = self.send(r.wid, order_id)
            except Exception:
                ok = False
            if ok:
                r.counts[1] += 1
                self.cursor = self.recs[(start + step + 1) % n]
                return Delivery(order_id, r.wid, attempts)
            r.counts[2] += 1
            r.fail_seq = next(self.seq)
        return Delivery(order_id, None, attempts)
