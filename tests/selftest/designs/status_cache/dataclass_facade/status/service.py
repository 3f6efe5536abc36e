"""The facade: the order-status cache as the rest of the platform sees it.

This design (issue 38): the reference's facade as a `@dataclass(slots=True)` with
eq=True, so it is unhashable, has no __dict__ and no __weakref__.

    from status import StatusCache

    cache = StatusCache(ttl=300, capacity=50_000, clock=time.monotonic)
    cache.update("Store-0042", "o-981", "preparing")   # the order pipeline
    cache.read("store-0042", "o-981")                  # the apps: 'preparing'

The order pipeline writes each status change, and forgets an order once it
is closed; the customer and courier apps read. See README.md for the
contract. Everything else in the package is internal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .keys import OrderKey
from .ttl import Clock, TTLCache


@dataclass(slots=True)
class StatusCache:
    """The latest status of each active order, kept `ttl` seconds from its last update,
    at most `capacity` of them."""

    ttl: float
    capacity: int
    clock: Clock
    _cache: TTLCache = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.ttl > 0:
            raise ValueError(f"ttl must be a positive number of seconds, got {self.ttl!r}")
        if not isinstance(self.capacity, int) or self.capacity < 1:
            raise ValueError(f"capacity must be an int of at least 1, got {self.capacity!r}")
        self._cache = TTLCache(self.ttl, self.capacity, self.clock)

    def update(self, store_id: str, order_id: str, status: str) -> None:
        """The order's status is now `status` (from the order pipeline)."""
        self._cache.put(OrderKey(store_id, order_id), status)

    def read(self, store_id: str, order_id: str) -> str | None:
        """The order's latest status; None when the cache does not hold it."""
        return self._cache.get(OrderKey(store_id, order_id))

    def forget(self, store_id: str, order_id: str) -> bool:
        """The order is closed: drop its status. False when the cache did not hold it."""
        return self._cache.delete(OrderKey(store_id, order_id))

    def stats(self) -> dict[str, int]:
        """{"hits", "misses", "expiries", "evictions", "entries"}, in a new dict."""
        self._cache.expire()
        counts = self._cache.counts
        return {
            "hits": counts.hits,
            "misses": counts.misses,
            "expiries": counts.expiries,
            "evictions": counts.evictions,
            "entries": len(self._cache),
        }
