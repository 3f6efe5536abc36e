"""Weighted ring: parallel lists (hashes, token ids, owners), sorted() again at each change."""

from __future__ import annotations

import hashlib
from bisect import bisect_left


def default_hash64(text: str) -> int:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], byteorder="big")


class ConsistentHashRing:
    def __init__(self, virtuals_per_weight: int, hash64=None) -> None:
        if isinstance(virtuals_per_weight, bool) or not isinstance(virtuals_per_weight, int):
            raise ValueError("virtuals_per_weight must be an int")
        if virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight must be positive")
        self.v = virtuals_per_weight
        self.hash64 = default_hash64 if hash64 is None else hash64
        self.nodes: dict[str, list[tuple[int, str]]] = {}
        self.hashes: list[int] = []
        self.token_ids: list[str] = []
        self.owners: list[str] = []

    def _rebuild(self) -> None:
        tokens = sorted((h, tid, node) for node, toks in self.nodes.items() for h, tid in toks)
        self.hashes = [t[0] for t in tokens]
        self.token_ids = [t[1] for t in tokens]
        self.owners = [t[2] for t in tokens]

    def add_node(self, node_id: str, weight: int = 1) -> None:
        if isinstance(weight, bool) or not isinstance(weight, int) or weight < 1:
            raise ValueError("weight must be a positive int")
        if node_id in self.nodes:
            raise ValueError("node already present")
        toks = [(self.hash64(f"{node_id}#{i}"), f"{node_id}#{i}") for i in range(weight * self.v)]
        self.nodes[node_id] = toks
        self._rebuild()

    def remove_node(self, node_id: str) -> bool:
        if self.nodes.pop(node_id, None) is None:
            return False
        self._rebuild()
        return True

    def get_node(self, key: str) -> str | None:
        if not self.hashes:
            return None
        i = bisect_left(self.hashes, self.hash64(key))
        return self.owners[i % len(self.owners)]

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("negative count")
        if not self.hashes or count == 0:
            return []
        n = len(self.owners)
        start = bisect_left(self.hashes, self.hash64(key))
        result: list[str] = []
        seen: set[str] = set()
        for k in range(n):
            owner = self.owners[(start + k) % n]
            if owner not in seen:
                seen.add(owner)
                result.append(owner)
                if len(result) == count or len(result) == len(self.nodes):
                    break
        return result
