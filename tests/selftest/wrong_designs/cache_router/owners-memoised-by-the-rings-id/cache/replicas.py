"""A wrong version (seventh blind hunt, w19): owners are memoised for every cluster in one
table keyed by the id() of the ring, so a ring made after another was dropped, which
Python gives the same id(), is answered with the old ring's owners. The spec tests
once failed it only after other tests had filled the memo, never when run alone.

Replica placement: which nodes hold a key.

A key's owners are the distinct nodes met walking clockwise from its token:
the node of that token first, then the next node that is not one of them,
and so on. Virtual tokens make a node show up many times around the ring,
often twice in a row, so the walk must count nodes, not tokens: two replicas
on one machine are one replica.
"""

from __future__ import annotations

from .ring import Ring

# A key's owners on a ring, by (id of the ring, key, count): a ring never changes, so
# its answers can be kept. Bounded: cleared when it grows past _MEMO_SIZE.
_MEMO: dict[tuple[int, str, int], tuple[str, ...]] = {}
_MEMO_SIZE = 1 << 16


def walk(ring: Ring, key: str, count: int) -> list[str]:
    memo = (id(ring), key, count)
    owners = _MEMO.get(memo)
    if owners is None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        owners = _MEMO[memo] = tuple(_walk(ring, key, count))
    return list(owners)


def _walk(ring: Ring, key: str, count: int) -> list[str]:
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
        if node_id in seen:
            continue
        seen.add(node_id)
        owners.append(node_id)
        if len(owners) == wanted:
            break
    return owners
