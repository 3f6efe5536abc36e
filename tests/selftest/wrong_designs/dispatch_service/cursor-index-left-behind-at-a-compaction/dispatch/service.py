"""One class. The rotation is a list in which a worker that leaves becomes a
tombstone (None): a leave is O(1). Once the tombstones outnumber the live workers
(and 1024), the list is compacted. The cursor is an index into the list."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from .types import Delivery, WorkerStats

COMPACT_AT = 1024


class _W:
    __slots__ = ("beat_at", "beat_ev", "delivered", "down_ev", "failed", "offered", "slot", "wid")

    def __init__(self, wid, slot, now, ev):
        self.wid, self.slot, self.beat_at, self.beat_ev = wid, slot, now, ev
        self.down_ev = None
        self.offered = self.delivered = self.failed = 0


class DispatchService:
    def __init__(
        self,
        send: Callable[[str, str], bool],
        clock: Callable[[], float],
        heartbeat_timeout: float = 30.0,
    ) -> None:
        if not heartbeat_timeout > 0:
            raise ValueError(f"heartbeat_timeout must be positive, got {heartbeat_timeout!r}")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._slots: list[_W | None] = []
        self._by_id: dict[str, _W] = {}
        self._dead = 0
        self._events = itertools.count()
        self._cursor: int | None = None  # a slot holding a live worker, or None

    def _next_live(self, slot: int) -> int | None:
        """The first live slot from `slot` on, wrapping; None when nobody is left."""
        n = len(self._slots)
        for k in range(n):
            s = (slot + k) % n
            if self._slots[s] is not None:
                return s
        return None

    def _compact(self) -> None:
        live = [w for w in self._slots if w is not None]
        for i, w in enumerate(live):
            w.slot = i
        self._slots = live
        self._dead = 0

    def join(self, worker_id: str) -> None:
        if worker_id in self._by_id:
            raise ValueError(f"worker {worker_id!r} is in the rotation already")
        now = self._clock()
        w = _W(worker_id, len(self._slots), now, next(self._events))
        self._slots.append(w)
        self._by_id[worker_id] = w
        if self._cursor is None:
            self._cursor = w.slot

    def leave(self, worker_id: str) -> None:
        w = self._by_id.pop(worker_id)
        self._slots[w.slot] = None
        self._dead += 1
        if self._cursor == w.slot:
            self._cursor = self._next_live(w.slot)
        if self._dead > COMPACT_AT and self._dead > len(self._by_id):
            self._compact()
            if not self._by_id:
                self._cursor = None

    def heartbeat(self, worker_id: str) -> None:
        w = self._by_id[worker_id]
        now = self._clock()
        w.beat_at, w.beat_ev = now, next(self._events)

    def stats(self, worker_id: str) -> WorkerStats:
        w = self._by_id[worker_id]
        return WorkerStats(w.offered, w.delivered, w.failed)

    def _available(self, w: _W, now) -> bool:
        return now - w.beat_at <= self._timeout and (w.down_ev is None or w.down_ev < w.beat_ev)

    def dispatch(self, order_id: str) -> Delivery:
        now = self._clock()
        if self._cursor is None:
            return Delivery(order_id, None, 0)
        n = len(self._slots)
        sends = 0
        for k in range(n):
            w = self._slots[(self._cursor + k) % n]
            if w is None or not self._available(w, now):
                continue
            sends += 1
            w.offered += 1
            try:
                took = bool(self._send(w.wid, order_id))
            except Exception:
                took = False
            if took:
                w.delivered += 1
                self._cursor = self._next_live((w.slot + 1) % n)
                return Delivery(order_id, w.wid, sends)
            w.failed += 1
            w.down_ev = next(self._events)
        return Delivery(order_id, None, sends)

    def status(self, worker_id: str) -> str:
        w = self._by_id[worker_id]
        now = self._clock()
        if self._available(w, now):
            return "available"
        return "silent" if not now - w.beat_at <= self._timeout else "down"
