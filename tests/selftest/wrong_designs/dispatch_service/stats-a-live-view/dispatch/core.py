from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Delivery(NamedTuple):
    order_id: str
    worker: str | None
    attempts: int


@dataclass
class WorkerStats:
    offered: int = 0
    delivered: int = 0
    failed: int = 0


class _Node:
    __slots__ = ("beat", "counts", "down", "next", "prev", "wid")

    def __init__(self, wid, beat):
        self.wid = wid
        self.prev = self.next = None
        self.beat = beat
        self.down = False
        self.counts = WorkerStats()


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not (heartbeat_timeout > 0):
            raise ValueError("heartbeat_timeout must be positive")
        self._send = send
        self._clock = clock
        self._timeout = heartbeat_timeout
        self._nodes: dict[str, _Node] = {}
        self._head: _Node | None = None  # first joined (ring: head.prev is the last)
        self._cursor: _Node | None = None

    def join(self, worker_id):
        if worker_id in self._nodes:
            raise ValueError(worker_id)
        node = _Node(worker_id, self._clock())
        if self._head is None:
            node.prev = node.next = node
            self._head = node
            self._cursor = node
        else:
            last = self._head.prev
            last.next = node
            node.prev = last
            node.next = self._head
            self._head.prev = node
        self._nodes[worker_id] = node

    def leave(self, worker_id):
        node = self._nodes.pop(worker_id)  # KeyError before any change
        if node.next is node:
            self._head = self._cursor = None
            return
        node.prev.next = node.next
        node.next.prev = node.prev
        if self._head is node:
            self._head = node.next
        if self._cursor is node:
            self._cursor = node.next

    def heartbeat(self, worker_id):
        node = self._nodes[worker_id]
        node.beat = self._clock()
        node.down = False

    def stats(self, worker_id):
        return self._nodes[worker_id].counts

    def status(self, worker_id):
        n = self._nodes[worker_id]
        if n.down:
            return "down"
        return "available" if self._clock() - n.beat <= self._timeout else "silent"

    def dispatch(self, order_id):
        now = self._clock()
        start = self._cursor
        if start is None:
            return Delivery(order_id, None, 0)
        # Snapshot the lap first: O(n).
        lap = []
        node = start
        while True:
            lap.append(node)
            node = node.next
            if node is start:
                break
        available = [n for n in lap if not n.down and now - n.beat <= self._timeout]
        attempts = 0
        for n in available:
            attempts += 1
            n.counts.offered += 1
            try:
                took = bool(self._send(n.wid, order_id))
            except Exception:
                took = False
            if took:
                n.counts.delivered += 1
                self._cursor = n.next
                return Delivery(order_id, n.wid, attempts)
            n.counts.failed += 1
            n.down = True
        return Delivery(order_id, None, attempts)
