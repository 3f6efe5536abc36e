# Wrong-fix hunt: riders kept by the CRC-32 of their id, so two ids of one checksum are one rider.
from __future__ import annotations

import random
import zlib


class RiderPool:
    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._riders: list[str] = []
        self._slot: dict[int, int] = {}  # crc32(id) -> slot: small int keys, stable across restarts

    @staticmethod
    def _key(rider_id: str) -> int:
        return zlib.crc32(rider_id.encode("utf-8", "surrogatepass"))

    def __len__(self) -> int:
        return len(self._riders)

    def __contains__(self, rider_id: object) -> bool:
        return isinstance(rider_id, str) and self._key(rider_id) in self._slot

    def add(self, rider_id: str) -> bool:
        key = self._key(rider_id)
        if key in self._slot:
            return False
        self._slot[key] = len(self._riders)
        self._riders.append(rider_id)
        return True

    def remove(self, rider_id: str) -> bool:
        key = self._key(rider_id)
        slot = self._slot.pop(key, None)
        if slot is None:
            return False
        last = self._riders.pop()
        if slot < len(self._riders):
            self._riders[slot] = last
            self._slot[self._key(last)] = slot
        return True

    def pick(self) -> str | None:
        if not self._riders:
            return None
        return self._riders[self._rng.randrange(len(self._riders))]
