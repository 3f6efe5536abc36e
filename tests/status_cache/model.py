"""The status_cache contract read as plainly as possible, and what its spec tests share.

The map's model is `dict` itself. `Key` is the tests' own key type, whose hash
the test chooses: keys of one hash collide in any map, however big. `Cache`
is StatusCache as the README says it, with two dicts kept in the order of
the last writes and of the last uses. `Clock` is the clock both sides read.
The spec tests use nothing of the learner's package but StatusCache and
HashMap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tests.harness.toolkit.differential import fresh

# How a repro pastes the tests' world into python: the clock and the key type.
CLOCK_CODE = ["now = 0.0  # the clock every cache reads", "def clock(): return now", ""]
KEY_CODE = [
    "class Key:  # a key whose hash you choose: Key('a', 0) and Key('b', 0) collide",
    "    def __init__(self, name, hash_): self.name, self.hash_ = name, hash_",
    "    def __hash__(self): return self.hash_",
    "    def __eq__(self, other): return isinstance(other, Key) and vars(self) == vars(other)",
    "    def __repr__(self): return f'Key({self.name!r}, {self.hash_!r})'",
    "",
]


class Key:
    """A key whose hash is what the test says: Key('a', 0) and Key('b', 0) collide.

    Equal when name and hash are; written as it is made, so a repro pastes."""

    __slots__ = ("hash_", "name")

    def __init__(self, name: str, hash_: int) -> None:
        self.name, self.hash_ = name, hash_

    def __hash__(self) -> int:
        return self.hash_

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Key) and self.name == other.name and self.hash_ == other.hash_

    def __lt__(self, other: Key) -> bool:
        return (self.name, self.hash_) < (other.name, other.hash_)

    def __repr__(self) -> str:
        return f"Key({self.name!r}, {self.hash_!r})"


def ordered(keys) -> list:
    """Keys in an order that does not depend on the map: by their repr."""
    return sorted(keys, key=repr)


def new_map():
    """A learner's HashMap, from the package imported afresh."""
    return fresh("status").HashMap()


def contents(m) -> list[tuple]:
    """The learner's map's (key, value) pairs, by the keys' repr: a key met twice shows
    twice."""
    return sorted(((key, value) for key, value in m.items()), key=lambda pair: repr(pair[0]))


class Clock:
    """A clock the test moves by hand; both sides of a generated sequence read one."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def new_cache(ttl: float, capacity: int, clock: Clock):
    """A learner's StatusCache, from the package imported afresh."""
    return fresh("status").StatusCache(ttl, capacity, clock)


@dataclass
class Entry:
    status: str
    written: float


class Cache:
    """StatusCache as the contract says it."""

    def __init__(self, ttl: float, capacity: int, clock: Callable[[], float]) -> None:
        if not ttl > 0:
            raise ValueError("ttl must be positive")
        if not isinstance(capacity, int) or capacity < 1:
            raise ValueError("capacity must be a positive int")
        self.ttl, self.capacity, self.clock = ttl, capacity, clock
        # In the order of their last writes: every entry lives `ttl` and the clock never
        # goes back, so the first entry is always the next to expire.
        self.entries: dict[tuple[str, str], Entry] = {}
        # The same keys in the order of their last uses: the first is the least recent.
        self.uses: dict[tuple[str, str], None] = {}
        self.hits = self.misses = self.expiries = self.evictions = 0

    def _expire(self) -> float:
        now = self.clock()
        while self.entries:
            key, entry = next(iter(self.entries.items()))
            if now < entry.written + self.ttl:
                break
            del self.entries[key], self.uses[key]
            self.expiries += 1
        return now

    def _use(self, key: tuple[str, str]) -> None:
        self.uses.pop(key, None)
        self.uses[key] = None

    def update(self, store_id: str, order_id: str, status: str) -> None:
        now = self._expire()
        key = (store_id.casefold(), order_id)
        if key not in self.entries and len(self.entries) >= self.capacity:
            oldest = next(iter(self.uses))
            del self.entries[oldest], self.uses[oldest]
            self.evictions += 1
        self.entries.pop(key, None)  # to the end: written last
        self.entries[key] = Entry(status, now)
        self._use(key)

    def read(self, store_id: str, order_id: str) -> str | None:
        self._expire()
        key = (store_id.casefold(), order_id)
        entry = self.entries.get(key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._use(key)
        return entry.status

    def forget(self, store_id: str, order_id: str) -> bool:
        self._expire()
        key = (store_id.casefold(), order_id)
        self.uses.pop(key, None)
        return self.entries.pop(key, None) is not None

    def stats(self) -> dict[str, int]:
        self._expire()
        return {
            "hits": self.hits,
            "misses": self.misses,
            "expiries": self.expiries,
            "evictions": self.evictions,
            "entries": len(self.entries),
        }
