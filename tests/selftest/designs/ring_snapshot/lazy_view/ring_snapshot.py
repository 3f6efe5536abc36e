"""A correct snapshot ring: a view is frozen weights; its tokens are built on first use.

set_weight only makes a new frozen weights mapping and publishes it; the
first lookup on a view hashes and sorts every token of it once and keeps the
result in the view. Building is idempotent, so two readers racing on it are
harmless.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _is_int(value: object) -> bool:
    """An int, an IntEnum member included; a bool is not."""
    return isinstance(value, int) and not isinstance(value, bool)


class RingView:
    def __init__(
        self,
        weights: tuple[tuple[str, int], ...],
        virtuals: int,
        version: int,
        hash64: Callable[[str], int],
    ) -> None:
        self._frozen = weights
        self._virtuals = virtuals
        self._version = version
        self._hash64 = hash64
        self._tokens: list[tuple[int, str, str]] | None = None

    @property
    def version(self) -> int:
        return self._version

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._frozen)

    def _ring(self) -> list[tuple[int, str, str]]:
        tokens = self._tokens
        if tokens is None:
            tokens = sorted(
                (self._hash64(f"{node}#{i}"), f"{node}#{i}", node)
                for node, weight in self._frozen
                for i in range(weight * self._virtuals)
            )
            self._tokens = tokens
        return tokens

    def get_node(self, key: str) -> str | None:
        found = self.get_nodes(key, 1)
        return found[0] if found else None

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must not be negative")
        if count == 0 or not self._frozen:
            return []
        tokens = self._ring()
        start = bisect_left(tokens, (self._hash64(key),))
        found: dict[str, None] = {}
        wanted = min(count, len(self._frozen))
        for step in range(len(tokens)):
            found.setdefault(tokens[(start + step) % len(tokens)][2])
            if len(found) == wanted:
                break
        return list(found)


class SnapshotRing:
    def __init__(self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None):
        if not _is_int(virtuals_per_weight) or virtuals_per_weight <= 0:
            raise ValueError("virtuals_per_weight must be a positive int")
        self._virtuals = virtuals_per_weight
        self._hash64 = hash64 if hash64 is not None else default_hash64
        self._view = RingView((), virtuals_per_weight, 0, self._hash64)

    def set_weight(self, node_id: str, weight: int) -> None:
        if not _is_int(weight) or weight < 0:
            raise ValueError("weight must be an int of at least 0")
        view = self._view
        weights = dict(view._frozen)
        if weights.get(node_id, 0) == weight:
            return
        if weight:
            weights[node_id] = weight
        else:
            del weights[node_id]
        self._view = RingView(
            tuple(weights.items()), self._virtuals, view.version + 1, self._hash64
        )

    def snapshot(self) -> RingView:
        return self._view

    def get_node(self, key: str) -> str | None:
        return self._view.get_node(key)
