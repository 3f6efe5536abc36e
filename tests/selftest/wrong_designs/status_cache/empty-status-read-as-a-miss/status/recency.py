"""Recency lists: the cache's entries in the order they were last touched.

The TTL cache keeps two of them (ttl.py): one touched at every use of an
entry, for eviction, and one touched at every write, for expiry. Each is a
doubly linked list through nodes that the entries own, around one sentinel
node that is both the list's head and its tail: the least recently touched
node comes right after the sentinel, the most recent right before it. So
every operation is O(1), and none needs a special case for the first node,
the last, or a list of one.
"""

from __future__ import annotations

from typing import Any


class Node:
    """A place in one recency list; `item` is what it stands for (a cache entry)."""

    __slots__ = ("item", "newer", "older")

    def __init__(self, item: Any) -> None:
        self.item = item
        # Pointing at itself: a sentinel alone is an empty list.
        self.newer: Node = self
        self.older: Node = self


class RecencyList:
    """Nodes from the least to the most recently touched."""

    def __init__(self) -> None:
        self._sentinel = Node(None)
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def push(self, node: Node) -> None:
        """Add a node that is in no list, as the most recently touched."""
        newest = self._sentinel.older
        node.older, node.newer = newest, self._sentinel
        newest.newer = node
        self._sentinel.older = node
        self._count += 1

    def touch(self, node: Node) -> None:
        """Make a node of this list its most recently touched."""
        self.remove(node)
        self.push(node)

    def remove(self, node: Node) -> None:
        """Take a node of this list out of it."""
        node.older.newer = node.newer
        node.newer.older = node.older
        node.newer = node.older = node
        self._count -= 1

    def oldest(self) -> Node | None:
        """The least recently touched node; None when the list is empty."""
        node = self._sentinel.newer
        return None if node is self._sentinel else node
