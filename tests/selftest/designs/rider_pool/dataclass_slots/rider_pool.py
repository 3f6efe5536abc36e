"""The reference as a @dataclass(slots=True): eq=True makes it unhashable, and its slots
leave it no __dict__ and no __weakref__. The contract asks for none of them."""

from __future__ import annotations

import random
from dataclasses import InitVar, dataclass, field


@dataclass(slots=True)
class RiderPool:
    rng: InitVar[random.Random | None] = None
    _rng: random.Random = field(init=False)
    _riders: list[str] = field(init=False, default_factory=list)
    _slot: dict[str, int] = field(init=False, default_factory=dict)

    def __post_init__(self, rng: random.Random | None) -> None:
        self._rng = rng if rng is not None else random.Random()

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return rider_id in self._slot

    def add(self, rider_id: str) -> bool:
        if rider_id in self._slot:
            return False
        self._slot[rider_id] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        slot = self._slot.get(rider_id)
        if slot is None:
            return False
        last = self._riders.pop()
        if last != rider_id:
            self._riders[slot] = last
            self._slot[last] = slot
        del self._slot[rider_id]
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[int(self._rng.random() * len(self._riders))]
