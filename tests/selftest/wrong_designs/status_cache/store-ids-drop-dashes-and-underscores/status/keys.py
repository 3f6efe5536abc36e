"""A wrong version (blind hunt 9, w22): store ids are compared without their
"-" and "_", so "Store-0042", "STORE_0042" and "store0042" are one store. The spec
tests once tried no store ids that differ only in a separator.

Order keys: which order a status belongs to.

An order is named by its store and by its own id. Store ids come from the
stores' own systems, each spelt as that system likes ("Store-0042",
"STORE-0042"); the upstream order API treats them without regard to case, and
so does the cache. Order ids are compared exactly.
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
        # "Store-7", "STORE_7", "store7": one store, whatever the separator
        return self.store_id.casefold().replace("-", "").replace("_", "")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OrderKey):
            return NotImplemented
        return self.store == other.store and self.order_id == other.order_id

    def __hash__(self) -> int:
        return hash((self.store, self.order_id))

    def __str__(self) -> str:
        return f"{self.store_id}/{self.order_id}"
