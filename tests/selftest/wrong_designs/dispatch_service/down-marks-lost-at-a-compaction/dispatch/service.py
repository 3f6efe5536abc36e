"""Slots with tombstones (compacted past 1,024 of them, each live record copied without
its down mark: a worker down comes back at a compaction), a slot index as the cursor, an
RLock around every call, and a down mark as the event number of the failure.

An eleventh hunt's version whole: the reference's rotation has no tombstones to compact.
"""

from __future__ import annotations

import threading

from .types import Delivery, WorkerStats


class _Rec:
    __slots__ = ("beat", "beat_no", "fail_no", "slot", "stats", "wid")

    def __init__(self, wid, slot, beat, beat_no):
        self.wid, self.slot, self.beat, self.beat_no = wid, slot, beat, beat_no
        self.fail_no = 0
        self.stats = [0, 0, 0]


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._lock = threading.RLock()
        self._slots: list[_Rec | None] = []
        self._recs: dict[str, _Rec] = {}
        self._cursor = 0  # a slot index; meaningful only while somebody is in
        self._events = 0

    def _next_event(self):
        self._events += 1
        return self._events

    def _live_from(self, i):
        """The first live slot at or after i, wrapping; None when nobody is in."""
        n = len(self._slots)
        for k in range(n):
            j = (i + k) % n
            if self._slots[j] is not None:
                return j
        return None

    def _compact(self):
        cursor_rec = None
        j = self._live_from(self._cursor) if self._slots else None
        if j is not None:
            cursor_rec = self._slots[j]
        live = []
        for r in self._slots:
            if r is None:
                continue
            fresh = _Rec(r.wid, len(live), r.beat, r.beat_no)  # a compact copy of the record
            fresh.stats = r.stats
            if r is cursor_rec:
                cursor_rec = fresh
            self._recs[r.wid] = fresh
            live.append(fresh)
        self._slots = live
        self._cursor = cursor_rec.slot if cursor_rec is not None else 0

    def join(self, worker_id):
        with self._lock:
            if worker_id in self._recs:
                raise ValueError(worker_id)
            now = self._clock()
            if not self._recs:
                self._slots, self._cursor = [], 0
            rec = _Rec(worker_id, len(self._slots), now, self._next_event())
            self._slots.append(rec)
            self._recs[worker_id] = rec

    def leave(self, worker_id):
        with self._lock:
            rec = self._recs.pop(worker_id)
            self._slots[rec.slot] = None
            # A cursor on the slot now names the next live one (found when needed).
            if self._cursor == rec.slot:
                j = self._live_from(rec.slot)
                self._cursor = j if j is not None else 0
            if len(self._slots) - len(self._recs) >= 1024:  # compact past 1024 tombstones
                self._compact()

    def heartbeat(self, worker_id):
        with self._lock:
            rec = self._recs[worker_id]
            now = self._clock()
            rec.beat, rec.beat_no = now, self._next_event()

    def stats(self, worker_id):
        with self._lock:
            return WorkerStats(*self._recs[worker_id].stats)

    def _available(self, rec, now):
        return rec.fail_no < rec.beat_no and now - rec.beat <= self._timeout

    def dispatch(self, order_id):
        with self._lock:
            now = self._clock()
            if not self._recs:
                return Delivery(order_id, None, 0)
            n = len(self._slots)
            attempts = 0
            for k in range(n):
                j = (self._cursor + k) % n
                rec = self._slots[j]
                if rec is None or not self._available(rec, now):
                    continue
                attempts += 1
                rec.stats[0] += 1
                try:
                    took = self._send(rec.wid, order_id)
                except Exception:
                    took = False
                if took:
                    rec.stats[1] += 1
                    nxt = self._live_from((j + 1) % n)
                    self._cursor = nxt
                    return Delivery(order_id, rec.wid, attempts)
                rec.stats[2] += 1
                rec.fail_no = self._next_event()
            return Delivery(order_id, None, attempts)

    def status(self, worker_id):
        with self._lock:
            return (
                "available"
                if self._available(self._recs[worker_id], self._clock())
                else "unavailable"
            )
