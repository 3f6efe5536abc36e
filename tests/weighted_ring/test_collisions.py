"""Spec tests for weighted_ring: tokens that share a hash.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
64-bit collisions cannot be found by search, so these tests inject a hash64
that collides on purpose.
"""

from tests.harness.toolkit.token_ring import TIES, placed
from tests.weighted_ring.model import KEYS, misroutes, model, new_ring, sha64, table_hash

POSITIONS = {"a#0": 500, "b#0": 500, "c#0": 900, "key-400": 400}


def crowded(text: str) -> int:
    """Only 4 distinct hashes on the whole ring: collisions everywhere."""
    return sha64(text) % 4


def test_colliding_tokens_are_ordered_by_token_id():
    """tokens with the same hash are taken in plain str order of token id"""
    for positions, virtuals, nodes, first, why in TIES:
        tied = " and ".join(positions)
        for order in (nodes, nodes[::-1]):
            ring = new_ring(virtuals, dict.fromkeys(order, 1), placed({**positions, "key": 7}))
            got = ring.get_node("key")
            assert got == first, (
                f"V={virtuals}, nodes {', '.join(map(repr, order))} added in that order; tokens "
                f"{tied} both at hash 7, every other token far above: get_node of a key at 7 "
                f"should give {first!r} ({why}); got {got!r}"
            )


def test_collisions_never_drop_a_token():
    """when tokens collide, every one stays on the ring, as nodes are removed too"""
    ring = new_ring(1, {"b": 1, "a": 1, "c": 1}, table_hash(POSITIONS))
    ring.remove_node("a")
    got = ring.get_node("key-400")
    assert got == "b", (
        "tokens a#0 and b#0 both at hash 500, c#0 at 900, then a removed: the key at 400 "
        f"should give 'b', whose token is still at 500; got {got!r}"
    )
    nodes = dict.fromkeys(["n0", "n1", "n2", "n3", "n4"], 1)
    ring, expected = new_ring(3, nodes, crowded), model(3, nodes, crowded)
    for gone in ["", "n0", "n3", "n1"]:
        if gone:
            ring.remove_node(gone)
            expected.remove_node(gone)
        problem = misroutes(ring, expected, KEYS[:100])
        assert not problem, (
            f"nodes n0..n4 with 3 tokens each, every hash in 0..3"
            f"{', after removing ' + gone if gone else ''} (removals in the order n0, n3, n1): "
            f"{problem}"
        )
