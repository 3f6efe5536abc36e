"""A wrong version (blind hunt, n28, on its chained-map design c2): forget() folds
the store id with lower() where update() and read() casefold it, so forgetting
'Straße-1' leaves the order updated as 'STRASSE-1' held and says False (lower()
keeps the ß). The spec tests once forgot only with ASCII store ids. The reference
keeps one folding for every call (status/keys.py), so the hunt's whole design is
kept.

StatusCache facade: keys are (store_id.casefold(), order_id) tuples.
"""

from __future__ import annotations

from .ttl import TTLCache


class StatusCache:
    def __init__(self, ttl, capacity, clock) -> None:
        if not ttl > 0:
            raise ValueError(f"bad ttl {ttl!r}")
        if not isinstance(capacity, int) or capacity < 1:
            raise ValueError(f"bad capacity {capacity!r}")
        self._c = TTLCache(ttl, capacity, clock)

    @staticmethod
    def _key(store_id, order_id):
        return (store_id.casefold(), order_id)

    def update(self, store_id, order_id, status) -> None:
        self._c.put(self._key(store_id, order_id), status)

    def read(self, store_id, order_id):
        return self._c.get(self._key(store_id, order_id))

    def forget(self, store_id, order_id) -> bool:
        return self._c.delete((store_id.lower(), order_id))

    def stats(self) -> dict:
        self._c.expire()
        c = self._c
        return {
            "hits": c.hits,
            "misses": c.misses,
            "expiries": c.expiries,
            "evictions": c.evictions,
            "entries": len(c),
        }
