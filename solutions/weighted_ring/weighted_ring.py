"""A weighted consistent-hash ring with virtual nodes and replicas.

Each node owns weight * V tokens; token i of node n is the string "n#i" and
sits at hash64("n#i"). The ring is one list of (hash, token_id, node_id)
records kept sorted, so tokens are ordered by (hash, token_id): two tokens
with the same hash are settled by token id and both stay on the ring.

With M = V * (sum of weights) tokens and K the tokens of the node changed:
- get_node: O(log M), a binary search for the first token at or after the key;
- get_nodes(key, count): O(log M) plus the tokens walked, which stops as soon as
  it has min(count, nodes) nodes;
- add_node: O(M + K log K), Timsort merging the new tokens into the sorted run;
- remove_node: O(M), one pass keeping the other nodes' tokens.
A balanced tree would make updates O(K log M); the sorted array keeps lookups
simple and cache-friendly, and rings change far less often than they are read.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable


def default_hash64(text: str) -> int:
    """The first 8 bytes of the SHA-256 digest of the UTF-8 text, big-endian.

    Stable across processes and machines, unlike the built-in hash(), which
    is salted per process (PYTHONHASHSEED).
    """
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _require_positive_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")


class ConsistentHashRing:
    """Routes keys to nodes; a node of weight w gets w * V virtual tokens."""

    def __init__(
        self, virtuals_per_weight: int, hash64: Callable[[str], int] | None = None
    ) -> None:
        _require_positive_int("virtuals_per_weight", virtuals_per_weight)
        self._virtuals_per_weight = virtuals_per_weight
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._weights: dict[str, int] = {}
        self._tokens: list[tuple[int, str, str]] = []

    def add_node(self, node_id: str, weight: int = 1) -> None:
        """Put weight * V tokens of a new node on the ring."""
        _require_positive_int("weight", weight)
        if node_id in self._weights:
            raise ValueError(f"node {node_id!r} is already on the ring")
        token_ids = (f"{node_id}#{i}" for i in range(weight * self._virtuals_per_weight))
        # Every hash first: if hash64 raises, the ring is left as it was.
        tokens = [(self._hash64(token_id), token_id, node_id) for token_id in token_ids]
        self._weights[node_id] = weight
        self._tokens.extend(tokens)
        self._tokens.sort()

    def remove_node(self, node_id: str) -> bool:
        """Take exactly this node's tokens off the ring; False if it was not on it."""
        if self._weights.pop(node_id, None) is None:
            return False
        # By node id, never by token-id prefix: "n1" must not take "n10" with it.
        self._tokens = [token for token in self._tokens if token[2] != node_id]
        return True

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
        # The walk ends as soon as it has `count` nodes, or every node there is.
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
