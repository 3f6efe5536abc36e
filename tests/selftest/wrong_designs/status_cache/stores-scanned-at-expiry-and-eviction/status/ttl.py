"""A wrong version (blind hunt 9, w12): each store keeps its own lists
by use and by write, and each call scans every store for expired entries, and each
eviction for the least recently used: O(stores) a call. The spec tests once kept
most orders in one store.

TTL cache with per-store recency lists: each store keeps its orders by use and by
write; the cache evicts the least recently used order over all stores and expires
each store's oldest writes."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from .hashmap import HashMap
from .recency import Node, RecencyList

Clock = Callable[[], float]


class Entry:
    __slots__ = ("key", "status", "tick", "used", "written", "written_at")

    def __init__(self, key, status, now, tick):
        self.key = key
        self.status = status
        self.written_at = now
        self.tick = tick
        self.used = Node(self)
        self.written = Node(self)


class Store:
    __slots__ = ("uses", "writes")

    def __init__(self):
        self.uses = RecencyList()
        self.writes = RecencyList()


class Counts:
    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0
        self.expiries = 0
        self.evictions = 0


class TTLCache:
    def __init__(self, ttl: float, capacity: int, clock: Clock) -> None:
        self._ttl = ttl
        self._capacity = capacity
        self._clock = clock
        self._entries = HashMap()
        self._stores = HashMap()  # store (folded) -> Store
        self._tick = 0
        self.counts = Counts()

    def __len__(self) -> int:
        return len(self._entries)

    def _store(self, key):
        st = self._stores.get(key.store)
        if st is None:
            st = self._stores[key.store] = Store()
        return st

    def _use(self, entry):
        self._tick += 1
        entry.tick = self._tick
        self._stores[entry.key.store].uses.touch(entry.used)

    def get(self, key: Hashable):
        self.expire()
        entry = self._entries.get(key)
        if entry is None:
            self.counts.misses += 1
            return None
        self.counts.hits += 1
        self._use(entry)
        return entry.status

    def put(self, key: Hashable, status: str) -> None:
        now = self.expire()
        entry = self._entries.get(key)
        if entry is not None:
            entry.status, entry.written_at = status, now
            self._use(entry)
            self._stores[key.store].writes.touch(entry.written)
            return
        if len(self._entries) >= self._capacity:
            victim = None
            for _, st in self._stores.items():
                node = st.uses.oldest()
                if node is not None and (victim is None or node.item.tick < victim.tick):
                    victim = node.item
            self._drop(victim)
            self.counts.evictions += 1
        self._tick += 1
        entry = Entry(key, status, now, self._tick)
        self._entries[key] = entry
        st = self._store(key)
        st.uses.push(entry.used)
        st.writes.push(entry.written)

    def delete(self, key: Hashable) -> bool:
        self.expire()
        entry = self._entries.get(key)
        if entry is None:
            return False
        self._drop(entry)
        return True

    def expire(self) -> float:
        now = self._clock()
        for _, st in list(self._stores.items()):
            while (node := st.writes.oldest()) is not None:
                if now < node.item.written_at + self._ttl:
                    break
                self._drop(node.item)
                self.counts.expiries += 1
        return now

    def _drop(self, entry) -> None:
        st = self._stores[entry.key.store]
        st.uses.remove(entry.used)
        st.writes.remove(entry.written)
        del self._entries[entry.key]
        if not len(st.uses):
            del self._stores[entry.key.store]
