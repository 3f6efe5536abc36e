"""Spec tests for weighted_ring: get_node and the tokens behind it.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.
"""

from tests.weighted_ring.oracle import KEYS, Oracle, misroutes, new_ring, sha64, table_hash

# Three single-token nodes at 100, 200, 300, and keys placed around them.
POSITIONS = {
    "a#0": 100,
    "b#0": 200,
    "c#0": 300,
    "key-50": 50,
    "key-100": 100,
    "key-150": 150,
    "key-300": 300,
    "key-301": 301,
    "key-top": 2**64 - 1,
}


def test_empty_ring_has_no_node():
    """a ring with no nodes gives None and no replicas"""
    ring = new_ring(3)
    got = (ring.get_node("order-1"), ring.get_nodes("order-1", 1), ring.get_nodes("order-1", 3))
    assert got == (None, [], []), (
        "on an empty ring, get_node('order-1'), get_nodes('order-1', 1) and "
        f"get_nodes('order-1', 3) should give None, [], []; got {got!r}"
    )


def test_key_goes_to_first_token_at_or_after_it():
    """a key goes to the first token whose hash is at least the key's hash"""
    ring = new_ring(1, {"a": 1, "b": 1, "c": 1}, table_hash(POSITIONS))
    for key, expected in [("key-50", "a"), ("key-100", "a"), ("key-150", "b"), ("key-300", "c")]:
        got = ring.get_node(key)
        assert got == expected, (
            f"tokens a#0, b#0, c#0 at 100, 200, 300: get_node of {key!r} (at "
            f"{POSITIONS[key]}) should give {expected!r}; got {got!r}"
        )


def test_key_past_the_last_token_wraps_around():
    """a key hashing past the last token wraps to the first token"""
    ring = new_ring(1, {"a": 1, "b": 1, "c": 1}, table_hash(POSITIONS))
    for key in ("key-301", "key-top"):
        got = ring.get_node(key)
        assert got == "a", (
            f"tokens at 100, 200, 300: get_node of {key!r} (at {POSITIONS[key]:,}) is past "
            f"the last token and should wrap to 'a'; got {got!r}"
        )


def test_default_hash_is_sha256_first_8_bytes():
    """without hash64, positions are the first 8 bytes of SHA-256, big-endian"""
    nodes = {f"n{i}": 1 for i in range(5)}
    problem = misroutes(new_ring(10, nodes), Oracle(10, nodes, sha64), KEYS)
    assert not problem, f"default hash64, nodes n0..n4 with 10 tokens each: {problem}"


def test_node_gets_weight_times_v_tokens():
    """add_node gives a node weight * V tokens, ids node#0 .. node#(weight*V - 1)"""
    seen: list[str] = []

    def recording(text: str) -> int:
        seen.append(text)
        return sha64(text)

    new_ring(3, {"n": 2}, recording)
    tokens = sorted({text for text in seen if text.startswith("n#")})
    expected = sorted(f"n#{i}" for i in range(6))
    assert tokens == expected, (
        f"V=3, add_node('n', weight=2) should hash the 6 token ids {', '.join(expected)}; "
        f"it hashed {', '.join(tokens) or 'none'}"
    )


def test_weight_three_owns_clearly_more_than_weight_one():
    """a node of weight 3 owns clearly more keys than a node of weight 1"""
    ring = new_ring(40, {"light": 1, "heavy": 3})
    owners = [ring.get_node(key) for key in KEYS]
    heavy, light = owners.count("heavy"), owners.count("light")
    assert heavy > 2 * light, (
        f"V=40, 'light' weight 1 and 'heavy' weight 3, {len(KEYS)} fixed keys: heavy "
        f"should own over twice as many as light (about 3x); got heavy {heavy}, light {light}"
    )
