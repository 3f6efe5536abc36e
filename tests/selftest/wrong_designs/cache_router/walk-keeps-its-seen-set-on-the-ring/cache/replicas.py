"""A wrong version (seventh blind hunt, w20): the walk's set of the nodes it has taken is
one set kept on the ring (ring.py) and emptied by each walk, so a lookup made while
another walks the same ring (another thread's, between two lines) empties and refills
it under that walk, which then skips nodes it never took. The spec tests once made no
lookup in the middle of another.

Replica placement: which nodes hold a key.

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
    seen = ring.seen
    seen.clear()
    for step in range(len(tokens)):
        _, _, node_id = tokens[(start + step) % len(tokens)]
        if node_id in seen:
            continue
        seen.add(node_id)
        owners.append(node_id)
        if len(owners) == wanted:
            break
    return owners
