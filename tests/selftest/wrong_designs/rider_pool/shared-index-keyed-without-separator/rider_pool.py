# Wrong-fix hunt (seventeenth): all pools share one index keyed by the pool's number followed by the rider, so pool 1's '23' is pool 12's '3'.
"""Riders free to take an order. Each pool keeps its riders in a list; one
table, shared by all pools, maps "<pool><rider>" to the rider's slot, so a
dispatcher with many zones keeps a single index."""

from __future__ import annotations

import itertools
import random

_serials = itertools.count(1)
_where: dict[str, int] = {}


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._tag = str(next(_serials))

    def __del__(self) -> None:
        try:
            for r in self._riders:
                _where.pop(self._tag + r, None)
        except Exception:
            pass

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return self._tag + rider_id in _where

    def add(self, rider_id: str) -> bool:
        key = self._tag + rider_id
        if key in _where:
            return False
        _where[key] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = _where.pop(self._tag + rider_id, None)
        if slot is None:
            return False
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            _where[self._tag + last] = slot
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
