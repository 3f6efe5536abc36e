"""Replica placement: which nodes hold a key.

A key's owners are the distinct nodes met walking clockwise from its token:
the node of that token first, then the next node that is not one of them,
and so on. Virtual tokens make a node show up many times around the ring,
often twice in a row, so the walk must count nodes, not tokens: two replicas
on one machine are one replica.
"""

from __future__ import annotations

from .ring import Ring


def walk(ring: Ring, key: str, count: int) -> list[str]:
    """Up to `count` distinct nodes clockwise from the key's token, in that order.

    Fewer when fewer nodes hold tokens; [] for an empty ring. O(log M) to find
    the start, then O(1) per token walked: the walk stops as soon as it has
    what it can get, and never goes more than once round the ring.
    """
    tokens = ring.tokens
    if not tokens or count < 1:
        return []
    wanted = min(count, ring.node_count)
    start = ring.start(key)
    owners: list[str] = []
    seen: set[str] = set()
    for step in range(len(tokens)):
        _, _, node_id = tokens[(start + step) % len(tokens)]
        if node_id in owners[-2:]:
            continue
        seen.add(node_id)
        owners.append(node_id)
        if len(owners) == wanted:
            break
    return owners
