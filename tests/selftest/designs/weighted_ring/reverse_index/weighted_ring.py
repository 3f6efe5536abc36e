"""A correct ring: sorted (hash, token id, node) records and each node's own tokens, as in
the seed's write-up (whose replica walk, not shown there, is given a set of the nodes
taken here: a list makes it quadratic in the nodes)."""

import hashlib
from bisect import bisect_left


def sha64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class ConsistentHashRing:
    def __init__(self, virtuals_per_weight, hash64=None):
        if type(virtuals_per_weight) is not int or virtuals_per_weight <= 0:
            raise ValueError("virtuals_per_weight must be a positive int")
        self.v = virtuals_per_weight
        self.hash64 = hash64 if hash64 is not None else sha64
        self.tokens = []
        self.by_node = {}

    def add_node(self, node_id, weight=1):
        if type(weight) is not int or weight <= 0 or node_id in self.by_node:
            raise ValueError("invalid or duplicate node")
        owned = []
        for i in range(weight * self.v):
            token_id = f"{node_id}#{i}"
            owned.append((self.hash64(token_id), token_id, node_id))
        self.by_node[node_id] = owned
        self.tokens.extend(owned)
        self.tokens.sort()

    def remove_node(self, node_id):
        owned = self.by_node.pop(node_id, None)
        if owned is None:
            return False
        owned_ids = {token_id for _, token_id, _ in owned}
        self.tokens = [t for t in self.tokens if t[1] not in owned_ids]
        return True

    def get_node(self, key):
        if not self.tokens:
            return None
        i = bisect_left(self.tokens, (self.hash64(key), "", ""))
        return self.tokens[i if i < len(self.tokens) else 0][2]

    def get_nodes(self, key, count):
        if count < 0:
            raise ValueError("negative count")
        if not self.tokens:
            return []
        start = bisect_left(self.tokens, (self.hash64(key), "", ""))
        nodes, taken = [], set()
        for step in range(len(self.tokens)):
            if len(nodes) >= count or len(nodes) == len(self.by_node):
                break
            node = self.tokens[(start + step) % len(self.tokens)][2]
            if node not in taken:
                taken.add(node)
                nodes.append(node)
        return nodes
