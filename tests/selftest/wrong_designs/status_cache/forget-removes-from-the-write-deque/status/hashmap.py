"""HashMap by separate chaining: buckets of singly linked nodes, doubling at load 1."""

from __future__ import annotations


class _Node:
    __slots__ = ("hash", "key", "next", "value")

    def __init__(self, h, key, value, nxt):
        self.hash, self.key, self.value, self.next = h, key, value, nxt


class HashMap:
    def __init__(self):
        self._buckets = [None] * 8
        self._size = 0

    def __len__(self):
        return self._size

    def _node(self, key):
        h = hash(key)
        node = self._buckets[h % len(self._buckets)]
        while node is not None:
            if node.hash == h and (node.key is key or node.key == key):
                return node
            node = node.next
        return None

    def __contains__(self, key):
        return self._node(key) is not None

    def __getitem__(self, key):
        node = self._node(key)
        if node is None:
            raise KeyError(key)
        return node.value

    def get(self, key, default=None):
        node = self._node(key)
        return default if node is None else node.value

    def __setitem__(self, key, value):
        node = self._node(key)
        if node is not None:
            node.value = value
            return
        h = hash(key)
        b = h % len(self._buckets)
        self._buckets[b] = _Node(h, key, value, self._buckets[b])
        self._size += 1
        if self._size > len(self._buckets):
            old = self._buckets
            self._buckets = [None] * (2 * len(old))
            for head in old:
                while head is not None:
                    nxt = head.next
                    b = head.hash % len(self._buckets)
                    head.next = self._buckets[b]
                    self._buckets[b] = head
                    head = nxt

    def __delitem__(self, key):
        h = hash(key)
        b = h % len(self._buckets)
        prev, node = None, self._buckets[b]
        while node is not None:
            if node.hash == h and (node.key is key or node.key == key):
                if prev is None:
                    self._buckets[b] = node.next
                else:
                    prev.next = node.next
                self._size -= 1
                return
            prev, node = node, node.next
        raise KeyError(key)

    def __iter__(self):
        for head in self._buckets:
            while head is not None:
                yield head.key
                head = head.next

    def items(self):
        for head in self._buckets:
            while head is not None:
                yield head.key, head.value
                head = head.next
