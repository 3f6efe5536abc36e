"""Where the cache keeps its entries: a HashMap of stores (by their folded id),
each a HashMap of that store's orders (by exact order id)."""

from __future__ import annotations

from .hashmap import HashMap


class Orders:
    def __init__(self) -> None:
        self._stores = HashMap()
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def get(self, store: str, order: str):
        orders = self._stores.get(store)
        return None if orders is None else orders.get(order)

    def add(self, store: str, order: str, entry) -> None:
        orders = self._stores.get(store)
        if orders is None:
            orders = self._stores[store] = HashMap()
        orders[order] = entry
        self._count += 1

    def remove(self, store: str, order: str) -> None:
        orders = self._stores[store]
        del orders[order]
        self._count -= 1
        if not len(orders):
            del self._stores[store]
