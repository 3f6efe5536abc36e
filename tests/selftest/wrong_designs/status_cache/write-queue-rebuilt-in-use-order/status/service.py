"""A wrong version (blind hunt 7, wd28), a design of its own on the reference's map:
the write order is a queue of (time, entry, serial) that expiry reads lazily, passing
over the records a later write made stale; when stale records pile up, the queue is
rebuilt from the list by use. An order read after one written later then sits behind
it and outlives its ttl. The spec tests never read an order between the writes that
made the queue pile up, and it was graded Solved.

StatusCache: a two-level map of entries, a linked list by use, and a queue
of writes that skips the writes made stale by a later one."""

from __future__ import annotations

from collections import deque

from .orders import Orders


class _Entry:
    __slots__ = ("alive", "next", "order", "prev", "serial", "status", "store", "written")

    def __init__(self, store=None, order=None, status=None) -> None:
        self.store, self.order, self.status = store, order, status
        self.serial = 0
        self.prev = self.next = self
        self.alive = True


class StatusCache:
    def __init__(self, ttl, capacity, clock) -> None:
        if not ttl > 0:
            raise ValueError(f"bad ttl {ttl!r}")
        if not isinstance(capacity, int) or capacity < 1:
            raise ValueError(f"bad capacity {capacity!r}")
        self._ttl, self._cap, self._clock = ttl, capacity, clock
        self._orders = Orders()
        self._head = _Entry()  # sentinel of the list by use: head.next is the LRU
        self._writes: deque = deque()  # (time, entry, serial), oldest first
        self._serial = 0
        self._hits = self._misses = self._expiries = self._evictions = 0

    # the use list
    def _unlink(self, e) -> None:
        e.prev.next, e.next.prev = e.next, e.prev

    def _append(self, e) -> None:
        last = self._head.prev
        e.prev, e.next = last, self._head
        last.next = e
        self._head.prev = e

    def _write(self, e, now) -> None:
        self._serial += 1
        e.serial = self._serial
        e.written = now
        self._writes.append((now, e, self._serial))
        if len(self._writes) > 2 * len(self._orders) + 32:
            # Mostly stale records: one record for each live entry, from the list.
            fresh = deque()
            node = self._head.next
            while node is not self._head:
                fresh.append((node.written, node, node.serial))
                node = node.next
            self._writes = fresh

    def _drop(self, e) -> None:
        self._orders.remove(e.store, e.order)
        self._unlink(e)
        e.alive = False

    def _expire(self) -> float:
        now = self._clock()
        writes = self._writes
        while writes:
            t, e, serial = writes[0]
            if not e.alive or e.serial != serial:
                writes.popleft()
                continue
            if now < t + self._ttl:
                break
            writes.popleft()
            self._drop(e)
            self._expiries += 1
        return now

    def update(self, store_id, order_id, status) -> None:
        now = self._expire()
        store = store_id.casefold()
        e = self._orders.get(store, order_id)
        if e is not None:
            e.status = status
            self._unlink(e)
            self._append(e)
            self._write(e, now)
            return
        if len(self._orders) >= self._cap:
            self._drop(self._head.next)
            self._evictions += 1
        e = _Entry(store, order_id, status)
        self._orders.add(store, order_id, e)
        self._append(e)
        self._write(e, now)

    def read(self, store_id, order_id):
        self._expire()
        e = self._orders.get(store_id.casefold(), order_id)
        if e is None:
            self._misses += 1
            return None
        self._hits += 1
        self._unlink(e)
        self._append(e)
        return e.status

    def forget(self, store_id, order_id) -> bool:
        self._expire()
        e = self._orders.get(store_id.casefold(), order_id)
        if e is None:
            return False
        self._drop(e)
        return True

    def stats(self) -> dict:
        self._expire()
        return {
            "hits": self._hits,
            "misses": self._misses,
            "expiries": self._expiries,
            "evictions": self._evictions,
            "entries": len(self._orders),
        }
