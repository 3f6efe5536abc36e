"""A weighted consistent-hash ring whose weights change while lookups go on.

Token i of a node is the string "n#i" and sits at hash64("n#i"); a node of
weight w has tokens 0 .. w*V - 1. Each state of the ring is a RingView: a
sorted list of (hash, token_id, node_id) records, the weights and a version.
A view is never changed once it is published: set_weight builds the next
view aside and publishes it with one assignment, so a reader (another
thread, or a hash64 that set_weight calls) holds either the whole view
before the change or the whole view after it.

With M tokens on the ring and K the tokens that join:
- snapshot(): O(1), it hands out the published view itself;
- get_node(key), on the ring or a view: O(log M), a binary search;
- get_nodes(key, count): O(log M) plus the tokens walked, which stops as soon
  as it has min(count, nodes) nodes;
- set_weight: O(K log M), each new token put in its place by binary search.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left, insort
from collections.abc import Callable

# (hash, token id, node id): ring order is tuple order, so equal hashes are
# settled by token id, and token ids are unique.
Token = tuple[int, str, str]


def default_hash64(text: str) -> int:
    """The first 8 bytes of the SHA-256 digest of the UTF-8 text, big-endian."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_int(name: str, value: object, lowest: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
        raise ValueError(f"{name} must be an int of at least {lowest}, got {value!r}")


class RingView:
    """One published state of the ring: nothing changes it once it is made."""

    def __init__(
        self,
        tokens: list[Token],
        weights: dict[str, int],
        version: int,
        hash64: Callable[[str], int],
    ) -> None:
        self._tokens = tokens
        self._weights = weights
        self._version = version
        self._hash64 = hash64

    @property
    def version(self) -> int:
        """How many changes the ring had been through when this view was published."""
        return self._version

    @property
    def weights(self) -> dict[str, int]:
        """Node id -> weight, in a new dict each time: the caller may change it."""
        return dict(self._weights)

    def get_node(self, key: str) -> str | None:
        """The node of the first token at or after the key, wrapping; None if empty."""
        nodes = self.get_nodes(key, 1)
        return nodes[0] if nodes else None

    def get_nodes(self, key: str, count: int) -> list[str]:
        """Up to `count` distinct nodes, walking clockwise from the key's token."""
        if count < 0:
            raise ValueError(f"count must not be negative, got {count}")
        if not self._tokens or count == 0:
            return []
        # (h,) sorts before every (h, token_id, node_id): the first token with hash >= h.
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
    """A weighted ring whose readers take immutable snapshots while weights change."""

    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_int("virtuals_per_weight", virtuals_per_weight, lowest=1)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._view = RingView([], {}, 0, self._hash64)

    def _token_ids(self, node_id: str, weight: int) -> set[str]:
        return {f"{node_id}@{weight}#{i}" for i in range(weight * self._virtuals_per_weight)}

    def set_weight(self, node_id: str, weight: int) -> None:
        """Give the node exactly the tokens of `weight`; weight 0 takes it off the ring."""
        _require_int("weight", weight, lowest=0)
        current = self._view
        weights = current.weights
        had = weights.pop(node_id, 0)
        if weight:
            weights[node_id] = weight
        before = self._token_ids(node_id, had)
        after = self._token_ids(node_id, weight)
        # Ids in both are the very same tokens, so the keys they route stay put.
        joining = after - before
        tokens = current._tokens
        self._view = RingView(tokens, weights, current.version + 1, self._hash64)
        for token_id in joining:
            insort(tokens, (self._hash64(token_id), token_id, node_id))

    def snapshot(self) -> RingView:
        """The ring as it is now, never to change: O(1)."""
        return self._view

    def get_node(self, key: str) -> str | None:
        """get_node of the current view."""
        return self._view.get_node(key)
