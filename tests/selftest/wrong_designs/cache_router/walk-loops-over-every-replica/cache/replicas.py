"""A wrong version (eighth blind hunt, w17): the walk loops over range(replicas), going on
to the next replica with `continue` once every node with tokens is taken, so each lookup
costs O(replicas): 2.4 s for one with replicas=10**8 and 3 nodes. The spec tests once
asked for at most 5 replicas.

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
    holders = ring.node_count
    size = len(tokens)
    index = ring.start(key)
    owners: list[str] = []
    seen: set[str] = set()
    for _ in range(count):
        if len(owners) == holders:
            continue  # every node with tokens taken: no replica left to find
        # The next token of a node not taken yet.
        while tokens[index % size][2] in seen:
            index += 1
        node_id = tokens[index % size][2]
        seen.add(node_id)
        owners.append(node_id)
    return owners
