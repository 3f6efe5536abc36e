"""A correct cache client on parallel arrays, changed by merging only what changes.

The ring is three lists in one tuple (hashes, token ids, owners), sorted by
(hash, token id). A weight change keeps the tokens below the smaller count,
drops those above the new count and merges in the new ones; the members are
published with it, so that a get finds the owners of the ring it read. Weights are
checked with `type(w) is int`; members are a list, so membership checks are
O(n), as the contract allows.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from heapq import merge


def default_hash64(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class _Member:
    __slots__ = ("alive", "id", "store", "weight")

    def __init__(self, node_id: str, weight: int) -> None:
        self.id, self.weight, self.alive, self.store = node_id, weight, True, {}


class CacheCluster:
    def __init__(self, load, virtuals_per_weight=16, replicas=2, hash64=None):
        if type(virtuals_per_weight) is not int or virtuals_per_weight < 1:
            raise ValueError("virtuals_per_weight")
        if type(replicas) is not int or replicas < 1:
            raise ValueError("replicas")
        self._load, self._v, self._r = load, virtuals_per_weight, replicas
        self._hash64 = default_hash64 if hash64 is None else hash64
        self._members: list[_Member] = []
        # (hashes, token ids, owners), the count of distinct owners and the members by id,
        # published as one
        self._published: tuple[tuple[list, list, list], int, dict] = (([], [], []), 0, {})
        self._counts = [0, 0]

    def _member(self, node_id: str) -> _Member:
        for member in self._members:
            if member.id == node_id:
                return member
        raise KeyError(node_id)

    def _change(self, node_id: str, old: int, new: int) -> None:
        """Publish the ring where node_id's token count goes from old*V to new*V."""
        low, high = min(old, new) * self._v, max(old, new) * self._v
        (hashes, ids, owners), _, _ = self._published
        if new < old:
            gone = {f"{node_id}#{i}" for i in range(low, high)}
            kept = [(h, t, o) for h, t, o in zip(hashes, ids, owners, strict=True) if t not in gone]
        else:
            added = sorted(
                (self._hash64(f"{node_id}#{i}"), f"{node_id}#{i}", node_id)
                for i in range(low, high)
            )
            kept = list(merge(zip(hashes, ids, owners, strict=True), added))
        ring = ([t[0] for t in kept], [t[1] for t in kept], [t[2] for t in kept])
        members = {member.id: member for member in self._members}
        self._published = (ring, len(set(ring[2])), members)  # one assignment: a whole ring

    def add_node(self, node_id, weight=1):
        if type(weight) is not int or weight < 1:
            raise ValueError("weight")
        if any(member.id == node_id for member in self._members):
            raise ValueError(f"{node_id!r} is already there")
        self._members.append(_Member(node_id, 0))
        self._change(node_id, 0, weight)
        self._members[-1].weight = weight

    def remove_node(self, node_id):
        try:
            member = self._member(node_id)
        except KeyError:
            return False
        self._change(node_id, member.weight, 0)
        self._members.remove(member)
        return True

    def set_weight(self, node_id, weight):
        if type(weight) is not int or weight < 0:
            raise ValueError("weight")
        member = self._member(node_id)
        if weight != member.weight:
            self._change(node_id, member.weight, weight)
            member.weight = weight

    def mark_down(self, node_id):
        self._member(node_id).alive = False

    def mark_up(self, node_id):
        member = self._member(node_id)
        if not member.alive:
            member.store, member.alive = {}, True  # emptied before it answers again

    def owners(self, key):
        return self._owners(self._published, key)

    def _owners(self, published, key):
        (hashes, _, owners), nodes, _ = published
        if not hashes:
            return []
        start = bisect_left(hashes, self._hash64(key))
        wanted, found = min(self._r, nodes), []
        for step in range(len(hashes)):
            owner = owners[(start + step) % len(hashes)]
            if owner not in found:
                found.append(owner)
                if len(found) == wanted:
                    break
        return found

    def get(self, key):
        published = self._published  # one state: the ring and the members it names
        live = [m for m in map(published[2].__getitem__, self._owners(published, key)) if m.alive]
        for member in live:
            try:  # one read: a restart may replace the store between a check and a read
                value = member.store[key]
            except KeyError:
                continue
            self._counts[0] += 1
            return value
        value = self._load(key)
        self._counts[1] += 1
        if live:
            live[0].store[key] = value
        return value

    def stats(self):
        return {"hits": self._counts[0], "misses": self._counts[1]}
