"""A wrong version: a capacity of 1 is refused with ValueError, though it is positive."""

from __future__ import annotations

from .keys import OrderKey
from .ttl import Clock, TTLCache


class StatusCache:
    """The latest status of each active order, kept `ttl` seconds from its last update,
    at most `capacity` of them."""

    def __init__(self, ttl: float, capacity: int, clock: Clock) -> None:
        # `not ttl > 0` rather than `ttl <= 0`: NaN compares false with everything,
        # and a NaN ttl would keep every entry for ever.
        if not ttl > 0:
            raise ValueError(f"ttl must be a positive number of seconds, got {ttl!r}")
        if not isinstance(capacity, int) or capacity <= 1:
            raise ValueError(f"capacity must be an int of at least 1, got {capacity!r}")
        self._cache = TTLCache(ttl, capacity, clock)

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
