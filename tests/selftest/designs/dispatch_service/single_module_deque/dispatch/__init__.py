"""A correct design in one module: the rotation is a deque that starts at the cursor.

The worker the cursor names is always at the left end; `head` is where the
first worker to join (the rotation's start) sits, so that a newcomer goes in
just before it, at the end of the rotation.
"""

from collections import deque
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
        self._ring = deque()  # from the cursor on
        self._head = 0  # the index of the rotation's first worker in the ring
        self._seen = {}
        self._down = set()
        self._counts = {}

    def join(self, worker_id):
        if worker_id in self._seen:
            raise ValueError(worker_id)
        now = self._clock()  # first: a clock that raises changes nothing
        if self._head == 0:
            self._ring.append(worker_id)
        else:
            self._ring.insert(self._head, worker_id)
            self._head += 1
        self._seen[worker_id] = now
        self._down.discard(worker_id)
        self._counts[worker_id] = [0, 0, 0]

    def leave(self, worker_id):
        if worker_id not in self._seen:
            raise KeyError(worker_id)
        index = self._ring.index(worker_id)
        del self._ring[index]
        if index < self._head:
            self._head -= 1
        if self._head >= len(self._ring):
            self._head = 0
        del self._seen[worker_id], self._counts[worker_id]
        self._down.discard(worker_id)

    def heartbeat(self, worker_id):
        if worker_id not in self._seen:
            raise KeyError(worker_id)
        self._seen[worker_id] = self._clock()
        self._down.discard(worker_id)

    def dispatch(self, order_id):
        now = self._clock()
        attempts = 0
        for index, worker in enumerate(list(self._ring)):
            if worker in self._down or now - self._seen[worker] > self._timeout:
                continue
            attempts += 1
            counts = self._counts[worker]
            counts[0] += 1
            try:
                took = self._send(worker, order_id)
            except Exception:
                took = False
            if took:
                counts[1] += 1
                self._ring.rotate(-(index + 1))
                self._head = (self._head - index - 1) % len(self._ring)
                return Delivery(order_id, worker, attempts)
            counts[2] += 1
            self._down.add(worker)
        return Delivery(order_id, None, attempts)

    def stats(self, worker_id):
        return WorkerStats(*self._counts[worker_id])
