"""A wrong version (blind hunt, n23): the ttl is capped at a day, so an entry of a
cache made with a longer ttl expires a day after its update, not ttl seconds after;
the hunt also capped it at a week (n27). The spec tests once used no ttl over a day.

The facade: the order-status cache as the rest of the platform sees it.

    from status import StatusCache

    cache = StatusCache(ttl=300, capacity=50_000, clock=time.monotonic)
    cache.update("Store-0042", "o-981", "preparing")   # the order pipeline
    cache.read("store-0042", "o-981")                  # the apps: 'preparing'

The order pipeline writes each status change, and forgets an order once it
is closed; the customer and courier apps read. See README.md for the
contract. Everything else in the package is internal.
"""

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
        if not isinstance(capacity, int) or capacity < 1:
            raise ValueError(f"capacity must be an int of at least 1, got {capacity!r}")
        # No status is worth keeping longer than a day.
        self._cache = TTLCache(min(ttl, 86_400), capacity, clock)

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
