"""The reference as @dataclass(slots=True) classes, the ring and its views: eq=True makes
them unhashable, and their slots leave them no __dict__ and no __weakref__. The
contract asks for none of them."""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import InitVar, dataclass, field

Token = tuple[int, str, str]


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_int(name: str, value: object, lowest: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


@dataclass(slots=True)
class RingView:
    """One published state of the ring: nothing changes it once it is made."""

    _tokens: list[Token]
    _weights: dict[str, int]
    _version: int
    _hash64: Callable[[str], int]

    @property
    def version(self) -> int:
        return self._version

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._weights)

    def get_node(self, key: str) -> str | None:
        nodes = self.get_nodes(key, 1)
        return nodes[0] if nodes else None

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        if not self._tokens or count == 0:
            return []
        start = bisect_left(self._tokens, (self._hash64(key),))
        wanted = min(count, len(self._weights))
        found: list[str] = []
        seen: set[str] = set()
        for step in range(len(self._tokens)):
            node = self._tokens[(start + step) % len(self._tokens)][2]
            if node not in seen:
                seen.add(node)
                found.append(node)
                if len(found) == wanted:
                    break
        return found


@dataclass(slots=True)
class SnapshotRing:
    virtuals_per_weight: int
    hash64: InitVar[Callable[[str], int] | None] = None
    _hash64: Callable[[str], int] = field(init=False)
    _view: RingView = field(init=False)

    def __post_init__(self, hash64: Callable[[str], int] | None) -> None:
        _require_int("virtuals_per_weight", self.virtuals_per_weight, lowest=1)
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._view = RingView([], {}, 0, self._hash64)

    def _token_ids(self, node_id: str, weight: int) -> set[str]:
        return {f"{node_id}#{i}" for i in range(weight * self.virtuals_per_weight)}

    def set_weight(self, node_id: str, weight: int) -> None:
        _require_int("weight", weight, lowest=0)
        current = self._view
        weights = current.weights
        had = weights.pop(node_id, 0)
        if weight == had:
            return
        if weight:
            weights[node_id] = weight
        leaving = self._token_ids(node_id, had) - self._token_ids(node_id, weight)
        joining = self._token_ids(node_id, weight) - self._token_ids(node_id, had)
        tokens = list(current._tokens)
        if leaving:
            tokens = [token for token in tokens if token[1] not in leaving]
        tokens += [(self._hash64(token_id), token_id, node_id) for token_id in joining]
        tokens.sort()
        # One assignment publishes the whole new ring.
        self._view = RingView(tokens, weights, current.version + 1, self._hash64)

    def snapshot(self) -> RingView:
        return self._view

    def get_node(self, key: str) -> str | None:
        return self._view.get_node(key)
