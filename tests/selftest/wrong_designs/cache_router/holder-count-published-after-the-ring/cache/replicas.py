"""A wrong version (eighth blind hunt, w18): the cluster keeps the count of nodes with
tokens apart from its published state, and sets it after it publishes the ring
(cluster.py); the walk stops at that count (replicas.py), so a lookup between the two
lines, with replicas at or above the node count, sees the new ring with the old count: a
node short after a join. The spec tests once watched the lines of a change with 2
replicas of 3 or 4 nodes only.

Replica placement: which nodes hold a key.

A key's owners are the distinct nodes met walking clockwise from its token:
the node of that token first, then the next node that is not one of them,
and so on. Virtual tokens make a node show up many times around the ring,
often twice in a row, so the walk must count nodes, not tokens: two replicas
on one machine are one replica.
"""

from __future__ import annotations

from .ring import Ring


def walk(ring: Ring, key: str, count: int, holders: int | None = None) -> list[str]:
    """Up to `count` distinct nodes clockwise from the key's token, in that order.

    Fewer when fewer nodes hold tokens; [] for an empty ring. O(log M) to find
    the start, then O(1) per token walked: the walk stops as soon as it has
    what it can get, and never goes more than once round the ring.
    """
    tokens = ring.tokens
    if not tokens or count < 1:
        return []
    wanted = min(count, ring.node_count if holders is None else holders)
    start = ring.start(key)
    owners: list[str] = []
    seen: set[str] = set()
    for step in range(len(tokens)):
        _, _, node_id = tokens[(start + step) % len(tokens)]
        if node_id in seen:
            continue
        seen.add(node_id)
        owners.append(node_id)
        if len(owners) == wanted:
            break
    return owners
