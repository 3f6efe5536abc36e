"""The reference with an __eq__ on the ring and on its views that compares them by value
(the same version, weights and tokens), which leaves them unhashable. The contract
says nothing of equality."""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable

Token = tuple[int, str, str]


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_int(name: str, value: object, lowest: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


class RingView:
    """One published state of the ring: nothing changes it once it is made."""

    def __init__(self, tokens: list[Token], weights: dict[str, int], version: int, hash64) -> None:
        self._tokens = tokens
        self._weights = weights
        self._version = version
        self._hash64 = hash64

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RingView):
            return NotImplemented
        mine = (self._version, self._weights, self._tokens)
        return mine == (other._version, other._weights, other._tokens)

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


class SnapshotRing:
    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_int("virtuals_per_weight", virtuals_per_weight, lowest=1)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._view = RingView([], {}, 0, self._hash64)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SnapshotRing):
            return NotImplemented
        return self._view == other._view

    def _token_ids(self, node_id: str, weight: int) -> set[str]:
        return {f"{node_id}#{i}" for i in range(weight * self._virtuals_per_weight)}

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
