"""Spec tests for weighted_ring: tokens that share a hash.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
64-bit collisions cannot be found by search, so these tests inject a hash64
that collides on purpose.
"""

from tests.weighted_ring.oracle import KEYS, Oracle, misroutes, new_ring, sha64, table_hash

POSITIONS = {"a#0": 500, "b#0": 500, "c#0": 900, "key-400": 400}


def test_colliding_tokens_are_ordered_by_token_id():
    """tokens with the same hash are ordered by token id, and both stay on the ring"""
    for order in (["b", "a", "c"], ["a", "b", "c"]):
        ring = new_ring(1, dict.fromkeys(order, 1), table_hash(POSITIONS))
        scenario = f"tokens a#0 and b#0 both at hash 500, c#0 at 900, added {', '.join(order)}"
        got = ring.get_node("key-400")
        assert got == "a", (
            f"{scenario}: get_node of a key at 400 should give 'a' ('a#0' < 'b#0'); got {got!r}"
        )
        ring.remove_node("a")
        got = ring.get_node("key-400")
        assert got == "b", (
            f"{scenario}, then a removed: the key at 400 should give 'b', whose token is "
            f"still at 500; got {got!r}"
        )


def test_collisions_never_drop_a_node():
    """when many tokens collide, every node keeps every token"""

    def crowded(text: str) -> int:  # only 4 distinct hashes on the whole ring
        return sha64(text) % 4

    nodes = dict.fromkeys(["n0", "n1", "n2", "n3", "n4"], 1)
    ring = new_ring(3, nodes, crowded)
    problem = misroutes(ring, Oracle(3, nodes, crowded), KEYS[:200], count=5)
    assert not problem, (
        f"5 nodes with 3 tokens each, every hash in 0..3 (collisions everywhere): "
        f"get_nodes(key, 5) should list all 5 nodes in ring order: {problem}"
    )
