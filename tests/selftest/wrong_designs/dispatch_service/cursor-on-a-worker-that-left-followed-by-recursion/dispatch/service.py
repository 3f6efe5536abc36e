"""Circular doubly linked list of nodes; the cursor is a node that may have been removed:
it is resolved lazily by following the `next` a removed node had when it was removed."""

from .types import Delivery, WorkerStats


class _Node:
    __slots__ = ("alive", "beat", "delivered", "down", "failed", "next", "offered", "prev", "wid")

    def __init__(self, wid, now):
        self.wid = wid
        self.prev = self.next = self
        self.alive = True
        self.beat = now
        self.down = False
        self.offered = self.delivered = self.failed = 0


class DispatchService:
    def __init__(self, send, clock, heartbeat_timeout=30.0):
        if not heartbeat_timeout > 0:
            raise ValueError("heartbeat_timeout must be positive")
        self._send, self._clock, self._timeout = send, clock, heartbeat_timeout
        self._nodes = {}
        self._head = None  # first node of the rotation
        self._cursor = None  # a node, maybe removed

    def _resolve(self):
        if self._cursor is None:
            return None
        self._cursor = self._follow(self._cursor)
        return self._cursor

    def _follow(self, node):
        return node if node.alive else self._follow(node.next)

    def join(self, worker_id):
        if worker_id in self._nodes:
            raise ValueError(worker_id)
        now = self._clock()
        node = _Node(worker_id, now)
        if self._head is None:
            self._head = node
            self._cursor = node
        else:
            tail = self._head.prev
            node.prev, node.next = tail, self._head
            tail.next = node
            self._head.prev = node
        self._nodes[worker_id] = node

    def leave(self, worker_id):
        node = self._nodes.pop(worker_id)
        node.alive = False
        if node.next is node:
            self._head = None
            self._cursor = None
            return
        node.prev.next = node.next
        node.next.prev = node.prev
        if self._head is node:
            self._head = node.next
        # node.next stays: a cursor on it finds its successor

    def heartbeat(self, worker_id):
        node = self._nodes[worker_id]
        node.beat = self._clock()
        node.down = False

    def stats(self, worker_id):
        n = self._nodes[worker_id]
        return WorkerStats(n.offered, n.delivered, n.failed)

    def dispatch(self, order_id):
        now = self._clock()
        start = self._resolve()
        if start is None:
            return Delivery(order_id, None, 0)
        timeout = self._timeout
        lap = []
        node = start
        while True:
            lap.append(node)
            node = node.next
            if node is start:
                break
        attempts = 0
        for node in lap:
            if node.down or not (now - node.beat <= timeout):
                continue
            attempts += 1
            node.offered += 1
            try:
                took = bool(self._send(node.wid, order_id))
            except Exception:
                took = False
            if took:
                node.delivered += 1
                self._cursor = node.next
                return Delivery(order_id, node.wid, attempts)
            node.failed += 1
            node.down = True
        return Delivery(order_id, None, attempts)
