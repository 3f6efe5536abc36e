"""A correct ring: only the weights are kept; the sorted tokens are rebuilt lazily."""

from __future__ import annotations

import hashlib
from bisect import bisect_left


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class ConsistentHashRing:
    def __init__(self, virtuals_per_weight: int, hash64=None) -> None:
        if isinstance(virtuals_per_weight, bool) or not isinstance(virtuals_per_weight, int):
            raise ValueError("virtuals_per_weight must be an int")
        if virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be positive")
        self.virtuals = virtuals_per_weight
        self.hash64 = default_hash64 if hash64 is None else hash64
        self.weights: dict[str, int] = {}
        self._ring: list[tuple[int, str, str]] | None = None

    def add_node(self, node_id: str, weight: int = 1) -> None:
        if isinstance(weight, bool) or not isinstance(weight, int) or weight < 1:
            raise ValueError("weight must be a positive int")
        if node_id in self.weights:
            raise ValueError("node is already on the ring")
        self.weights[node_id] = weight
        self._ring = None

    def remove_node(self, node_id: str) -> bool:
        if node_id not in self.weights:
            return False
        del self.weights[node_id]
        self._ring = None
        return True

    def _tokens(self) -> list[tuple[int, str, str]]:
        if self._ring is None:
            self._ring = sorted(
                (self.hash64(f"{node}#{i}"), f"{node}#{i}", node)
                for node, weight in self.weights.items()
                for i in range(weight * self.virtuals)
            )
        return self._ring

    def get_node(self, key: str) -> str | None:
        nodes = self.get_nodes(key, 1)
        return nodes[0] if nodes else None

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must not be negative")
        tokens = self._tokens()
        if not tokens or count == 0:
            return []
        start = bisect_left(tokens, (self.hash64(key),))
        seen: set[str] = set()
        order: list[str] = []
        for step in range(len(tokens)):
            node = tokens[(start + step) % len(tokens)][2]
            if node not in seen:
                seen.add(node)
                order.append(node)
                if len(order) == count or len(order) == len(self.weights):
                    break
        return order
