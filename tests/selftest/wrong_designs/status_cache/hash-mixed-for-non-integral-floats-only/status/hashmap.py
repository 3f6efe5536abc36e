"""A wrong version (blind hunt, n12): the map mixes the hash of a float that is not
whole, so 0.5 and Fraction(1, 2), equal, are two keys (and so are 0.25 and
Decimal('0.25')); a dict holds them as one. The spec tests once set equal keys of
different types only for whole numbers.

The cache's hash map: open addressing, linear probing, tombstones.

The map is an array of slots. Each holds nothing (EMPTY), an entry, or a
tombstone where an entry was deleted. A key's home is its hash masked to the
array's size (a power of two); its probe starts there and walks forward one
slot at a time, wrapping past the end, until it meets the key or an empty
slot. So every entry sits on the run of non-empty slots that starts at its
home, and a deletion must not end that run early: it leaves a tombstone,
which probes walk past and insertions may reuse.

Entries and tombstones together are the slots in use. At two thirds of the
array in use, the entries move to a new array sized for them (tombstones stay
behind), so the map grows as it fills and sheds its tombstones as it churns.

The API is a dict's, for the operations the cache needs: m[key], m[key] =
value, del m[key], key in m, len(m), iter(m), m.items() and m.get(key,
default). Each takes O(1) time on average.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

# The smallest array, and the size of a new map's.
MIN_SLOTS = 8


class _Entry:
    __slots__ = ("hash", "key", "value")

    def __init__(self, hash_: int, key: Hashable, value: Any) -> None:
        # The hash is kept: probes compare it before calling the key's __eq__, and
        # a rebuild never calls the key's __hash__ again.
        self.hash = hash_
        self.key = key
        self.value = value


class _Tombstone:
    """Where an entry was deleted: probes go on past it."""

    def __repr__(self) -> str:
        return "TOMBSTONE"


EMPTY = None
TOMBSTONE = _Tombstone()


def _hash(key: Hashable) -> int:
    hash_ = hash(key)
    if type(key) is float and not key.is_integer():
        hash_ ^= hash_ >> 17
    return hash_


class HashMap:
    """A mapping of hashable keys to values, with a dict's API (see the module)."""

    def __init__(self) -> None:
        self._slots: list[Any] = [EMPTY] * MIN_SLOTS
        self._mask = MIN_SLOTS - 1
        self._size = 0  # entries
        self._used = 0  # entries and tombstones

    def __len__(self) -> int:
        return self._size

    def __contains__(self, key: Hashable) -> bool:
        return self._find(key) >= 0

    def __getitem__(self, key: Hashable) -> Any:
        index = self._find(key)
        if index < 0:
            raise KeyError(key)
        return self._slots[index].value

    def get(self, key: Hashable, default: Any = None) -> Any:
        index = self._find(key)
        return default if index < 0 else self._slots[index].value

    def __setitem__(self, key: Hashable, value: Any) -> None:
        hash_ = _hash(key)
        index = hash_ & self._mask
        reusable = -1  # the first tombstone on the probe: where a new key goes
        while (slot := self._slots[index]) is not EMPTY:
            if slot is TOMBSTONE:
                if reusable < 0:
                    reusable = index
            elif slot.hash == hash_ and (slot.key is key or slot.key == key):
                slot.value = value
                return
            index = (index + 1) & self._mask
        # The key is not in the map: the probe went on to an empty slot to be sure,
        # since the key may sit past a tombstone.
        if reusable < 0:
            reusable = index
            self._used += 1
        self._slots[reusable] = _Entry(hash_, key, value)
        self._size += 1
        if self._used * 3 >= len(self._slots) * 2:
            self._rebuild()

    def __delitem__(self, key: Hashable) -> None:
        index = self._find(key)
        if index < 0:
            raise KeyError(key)
        # A slot followed by an empty one is the last of its run: no probe goes on
        # from it, so it can be emptied outright rather than tombstoned.
        if self._slots[(index + 1) & self._mask] is EMPTY:
            self._slots[index] = EMPTY
            self._used -= 1
        else:
            self._slots[index] = TOMBSTONE
        self._size -= 1

    def __iter__(self) -> Iterator[Hashable]:
        for slot in self._slots:
            if slot is not EMPTY and slot is not TOMBSTONE:
                yield slot.key

    def items(self) -> Iterator[tuple[Hashable, Any]]:
        for slot in self._slots:
            if slot is not EMPTY and slot is not TOMBSTONE:
                yield slot.key, slot.value

    def _find(self, key: Hashable) -> int:
        """The index of the key's entry, or -1 when the map does not hold it."""
        hash_ = _hash(key)
        index = hash_ & self._mask
        while (slot := self._slots[index]) is not EMPTY:
            # `is` before `==`, as dict does: a key is always found by itself, even
            # one whose __eq__ says otherwise (a float NaN).
            same = slot is not TOMBSTONE and slot.hash == hash_
            if same and (slot.key is key or slot.key == key):
                return index
            index = (index + 1) & self._mask
        return -1

    def _rebuild(self) -> None:
        """Move the entries to a new array at most half full: room to grow by as
        many again before the next rebuild. The tombstones stay behind."""
        entries = [slot for slot in self._slots if slot is not EMPTY and slot is not TOMBSTONE]
        size = MIN_SLOTS
        while size <= 2 * len(entries):
            size *= 2
        self._slots = [EMPTY] * size
        self._mask = size - 1
        self._size = self._used = 0
        for entry in entries:
            self._place(entry)

    def _place(self, entry: _Entry) -> None:
        """Put an entry known to be new into the first empty slot of its probe."""
        index = entry.hash & self._mask
        while self._slots[index] is not EMPTY:
            index = (index + 1) & self._mask
        self._slots[index] = entry
        self._size += 1
        self._used += 1
