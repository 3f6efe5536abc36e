"""Another correct design: a circular doubly linked list, with a dict from id to node.

Every change is O(1): a worker joins just before the head (the end of the
rotation), leaves by unlinking its node, and the cursor is a node, so the
worker it names never changes under it; when that very node leaves, the
cursor moves to its successor. assign() walks at most n nodes.
"""

from __future__ import annotations


class _Node:
    __slots__ = ("available", "next", "prev", "worker")

    def __init__(self, worker: str) -> None:
        self.worker = worker
        self.available = True
        self.prev: _Node = self
        self.next: _Node = self


class DynamicRoundRobin:
    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("worker ids must be unique")
        self._nodes: dict[str, _Node] = {}
        self._head: _Node | None = None  # the first worker of the rotation
        self._cursor: _Node | None = None
        for worker in workers:
            self._append(worker)

    def _append(self, worker: str) -> None:
        node = _Node(worker)
        self._nodes[worker] = node
        if self._head is None:
            self._head = self._cursor = node
            return
        last = self._head.prev
        node.prev, node.next = last, self._head
        last.next = self._head.prev = node

    def add_worker(self, worker: str) -> None:
        if worker in self._nodes:
            raise ValueError(f"{worker!r} is already in the rotation")
        self._append(worker)

    def remove_worker(self, worker: str) -> None:
        node = self._nodes.pop(worker)  # KeyError for an unknown id, before any change
        if node.next is node:
            self._head = self._cursor = None
            return
        node.prev.next, node.next.prev = node.next, node.prev
        if self._head is node:
            self._head = node.next
        if self._cursor is node:
            self._cursor = node.next

    def set_available(self, worker: str, is_available: bool) -> None:
        self._nodes[worker].available = is_available

    def assign(self) -> str | None:
        node = self._cursor
        for _ in range(len(self._nodes)):
            if node.available:
                self._cursor = node.next
                return node.worker
            node = node.next
        return None
