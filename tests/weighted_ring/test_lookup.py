"""Spec tests for weighted_ring: get_node and the tokens behind it.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Every ring here is given its hash (SHA-256, or a table), except in the test
whose subject is the default hash.
"""

import pytest

from tests.harness.toolkit.token_ring import POSITIONS, recording
from tests.weighted_ring.model import (
    KEYS,
    before_the_end,
    misroutes,
    model,
    new_ring,
    sha64,
    table_hash,
)


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
    ring = new_ring(1, {"a": 1, "b": 1, "c": 1, "\U0010ffff": 1}, table_hash(POSITIONS))
    top = "\U0010ffff"
    for key, expected in [("key-50", top), ("key-100", "a"), ("key-150", "b"), ("key-300", "c")]:
        got = ring.get_node(key)
        assert got == expected, (
            f"tokens {top!r}#0, a#0, b#0, c#0 at 99, 100, 200, 300: get_node of {key!r} (at "
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


@pytest.mark.slow
def test_default_hash_is_sha256_first_8_bytes():
    """without hash64, or with hash64=None, positions are the first 8 bytes of SHA-256,
    big-endian"""
    from weighted_ring import ConsistentHashRing

    nodes = {f"n{i}": 1 for i in range(5)}
    for written, ring in (
        ("ConsistentHashRing(10)", ConsistentHashRing(10)),
        ("ConsistentHashRing(10, hash64=None)", ConsistentHashRing(10, hash64=None)),
    ):
        for node in nodes:
            ring.add_node(node)
        problem = misroutes(ring, model(10, nodes, sha64), KEYS)
        assert not problem, f"{written}, nodes n0..n4 with weight 1: {problem}"


def test_node_gets_weight_times_v_tokens():
    """add_node gives a node weight * V tokens, ids node#0 .. node#(weight*V - 1)"""
    for virtuals, weight in ((3, 2), (250, 5), (1, 5000)):
        seen: set[str] = set()
        # A lookup, so that a ring that places its tokens lazily has placed them.
        new_ring(virtuals, {"n": weight}, recording(seen)).get_node("k")
        tokens = {text for text in seen if text.startswith("n#")}
        expected = {f"n#{i}" for i in range(virtuals * weight)}
        assert tokens == expected, (
            f"V={virtuals}, add_node('n', {weight}) should hash the {len(expected)} token ids "
            f"n#0 .. n#{len(expected) - 1}; it hashed {len(tokens)} of them"
            + (f", missing e.g. {sorted(expected - tokens)[:3]}" if expected - tokens else "")
            + (f", and also {sorted(tokens - expected)[:3]}" if tokens - expected else "")
        )


def test_weight_defaults_to_one():
    """add_node without a weight gives the node weight 1"""
    from weighted_ring import ConsistentHashRing

    defaulted, explicit = ConsistentHashRing(8, sha64), ConsistentHashRing(8, sha64)
    defaulted.add_node("a")
    defaulted.add_node("b", 2)
    explicit.add_node("a", 1)
    explicit.add_node("b", 2)
    keys = before_the_end(KEYS, model(8, {"a": 1, "b": 2}))
    wrong = [key for key in keys if defaulted.get_node(key) != explicit.get_node(key)]
    assert not wrong, (
        "V=8: a ring built with add_node('a') and one built with add_node('a', 1), each "
        f"with add_node('b', 2), should route every key alike; {len(wrong)} of {len(keys)} "
        f"differ, e.g. {wrong[:3]}"
    )


def test_weight_three_owns_clearly_more_than_weight_one():
    """a node of weight 3 owns clearly more keys than a node of weight 1"""
    ring = new_ring(40, {"light": 1, "heavy": 3})
    keys = before_the_end(KEYS, model(40, {"light": 1, "heavy": 3}))
    owners = [ring.get_node(key) for key in keys]
    heavy, light = owners.count("heavy"), owners.count("light")
    assert heavy > 2 * light, (
        f"V=40, 'light' weight 1 and 'heavy' weight 3, {len(keys)} fixed keys: heavy "
        f"should own over twice as many as light (about 3x); got heavy {heavy}, light {light}"
    )


def test_any_key_is_routed_by_its_hash():
    """keys of every shape: empty, long, whitespace, case, '#', non-ASCII text in any
    Unicode form"""
    keys = [
        "",
        " ",
        "x" * 200,
        "é",
        "中文",
        "🙂",
        "a#0",
        "Key-1",
        "key-1",
        " key-1",
        "key-1\n",
        "\x00",
        *("e\u0301", "cafe\u0301", "caf\u00e9", "\u212b", "\ufb01"),
        *("\r\n", "a\r\nb", "order\r\n", "k\x00", "\x00\x00"),
        *("x" * 64 + end for end in "abcdefgh"),
    ]
    nodes = {"a": 1, "b": 2, "c": 1}
    problem = misroutes(new_ring(5, nodes), model(5, nodes), keys)
    assert not problem, f"nodes a, b, c of weights 1, 2, 1 (V=5): {problem}"
