"""Slots with tombstones, the cursor an index into them, compaction when half are dead."""

from .types import Delivery, WorkerStats

_DEAD = object()


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._slots = []  # worker id or _DEAD
        self._pos = {}  # id -> slot index
        self._beat = {}
        self._down = set()
        self._counts = {}  # id -> [offered, delivered, failed]
        self._cursor = None  # slot index of a live worker, or None
        self._live = 0

    def _next_live(self, i):
        """The first live slot at i or after, wrapping; None when none is live."""
        if self._live == 0:
            return None
        i %= len(self._slots)
        return i if self._slots[i] is not _DEAD else self._next_live(i + 1)

    def _compact(self):
        cur = self._slots[self._cursor] if self._cursor is not None else None
        self._slots = [w for w in self._slots if w is not _DEAD]
        self._pos = {w: i for i, w in enumerate(self._slots)}
        self._cursor = self._pos[cur] if cur is not None else None

    def join(self, worker_id):
        if worker_id in self._pos:
            raise ValueError(worker_id)
        now = self._clock()
        self._pos[worker_id] = len(self._slots)
        self._slots.append(worker_id)
        self._beat[worker_id] = now
        self._down.discard(worker_id)
        self._counts[worker_id] = [0, 0, 0]
        self._live += 1
        if self._cursor is None:
            self._cursor = self._pos[worker_id]

    def leave(self, worker_id):
        i = self._pos.pop(worker_id)
        self._slots[i] = _DEAD
        del self._beat[worker_id], self._counts[worker_id]
        self._down.discard(worker_id)
        self._live -= 1
        if self._live == 0:
            self._slots, self._cursor = [], None
            return
        if self._cursor == i:
            self._cursor = self._next_live(i)
        if len(self._slots) > 2 * self._live + 8:
            self._compact()

    def heartbeat(self, worker_id):
        if worker_id not in self._pos:
            raise KeyError(worker_id)
        self._beat[worker_id] = self._clock()
        self._down.discard(worker_id)

    def stats(self, worker_id):
        return WorkerStats(*self._counts[worker_id])

    def dispatch(self, order_id):
        now = self._clock()
        if self._cursor is None:
            return Delivery(order_id, None, 0)
        slots = self._slots
        n = len(slots)
        attempts = 0
        start = self._cursor
        for k in range(n):
            j = (start + k) % n
            w = slots[j]
            if w is _DEAD or w in self._down or not (now - self._beat[w] <= self._timeout):
                continue
            attempts += 1
            c = self._counts[w]
            c[0] += 1
            try:
                took = bool(self._send(w, order_id))
            except Exception:
                took = False
            if took:
                c[1] += 1
                self._cursor = self._next_live((j + 1) % n)
                return Delivery(order_id, w, attempts)
            c[2] += 1
            self._down.add(w)
        return Delivery(order_id, None, attempts)
