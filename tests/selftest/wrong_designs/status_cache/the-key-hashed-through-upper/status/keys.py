"""A wrong version: the key hashes its store id through upper(), while its equality
compares str.casefold(). For a store id with a Kelvin sign ('\\u212a-1') upper() keeps the
sign and casefold() makes it k, so two keys that are equal hash apart and the map misses.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OrderKey:
    """One order, as a key of the cache's map.

    The store id is kept as the caller spelt it, because logs and the
    simulation show it back that way; `store` is the form it is compared in.
    """

    store_id: str
    order_id: str

    @property
    def store(self) -> str:
        """The store id case-folded: "STORE-7", "Store-7" and "store-7" are one store."""
        return self.store_id.casefold()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OrderKey):
            return NotImplemented
        return self.store == other.store and self.order_id == other.order_id

    def __hash__(self) -> int:
        return hash((self.store_id.upper(), self.order_id))

    def __str__(self) -> str:
        return f"{self.store_id}/{self.order_id}"
