"""Spec tests for ring_snapshot: the tokens, and where a key goes.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Every ring here is given its hash (SHA-256, or a table), except in the test
whose subject is the default hash. Lookups go through a snapshot, or through
the ring itself where the test says so.
"""

import pytest

from tests.harness.toolkit.token_ring import POSITIONS, TIES, placed, recording, table_hash
from tests.ring_snapshot.model import (
    KEYS,
    misroutes,
    model,
    new_ring,
    routes,
)


def test_empty_ring_has_no_node():
    """a ring with no nodes gives None and no replicas"""
    ring = new_ring(3)
    view = ring.snapshot()
    got = (
        ring.get_node("order-1"),
        view.get_node("order-1"),
        view.get_nodes("order-1", 1),
        view.get_nodes("order-1", 3),
    )
    assert got == (None, None, [], []), (
        "on a new ring, ring.get_node('order-1'), and on its snapshot get_node('order-1'), "
        f"get_nodes('order-1', 1) and get_nodes('order-1', 3), should give None, None, [], []; "
        f"got {got!r}"
    )


def test_node_gets_weight_times_v_tokens():
    """set_weight(node, w) gives the node w * V tokens, ids node#0 .. node#(w*V - 1)"""
    for virtuals, weight in ((3, 2), (250, 5), (1, 5000)):
        seen: set[str] = set()
        # A lookup, so that a ring that places its tokens lazily has placed them.
        new_ring(virtuals, {"n": weight}, recording(seen)).get_node("k")
        tokens = {text for text in seen if text != "k"}
        expected = {f"n#{i}" for i in range(virtuals * weight)}
        assert tokens == expected, (
            f"V={virtuals}, set_weight('n', {weight}) on a new ring should hash the "
            f"{len(expected)} token ids n#0 .. n#{len(expected) - 1}; it hashed {len(tokens)} "
            "texts"
            + (f", missing e.g. {sorted(expected - tokens)[:3]}" if expected - tokens else "")
            + (
                f", and texts that are not its token ids, e.g. {sorted(tokens - expected)[:3]}"
                if tokens - expected
                else ""
            )
        )


def test_key_goes_to_first_token_at_or_after_it():
    """a key goes to the first token whose hash is at least the key's hash"""
    top = "\U0010ffff"
    view = new_ring(1, {"a": 1, "b": 1, "c": 1, top: 1}, table_hash(POSITIONS)).snapshot()
    for key, expected in [("key-50", top), ("key-100", "a"), ("key-150", "b"), ("key-300", "c")]:
        got = view.get_node(key)
        assert got == expected, (
            f"tokens {top!r}#0, a#0, b#0, c#0 at 99, 100, 200, 300: get_node of {key!r} (at "
            f"{POSITIONS[key]}) should give {expected!r}; got {got!r}"
        )


def test_key_past_the_last_token_wraps_around():
    """a key hashing past the last token wraps to the first token"""
    view = new_ring(1, {"a": 1, "b": 1, "c": 1}, table_hash(POSITIONS)).snapshot()
    for key in ("key-301", "key-top"):
        got = view.get_node(key)
        assert got == "a", (
            f"tokens at 100, 200, 300: get_node of {key!r} (at {POSITIONS[key]:,}) is past "
            f"the last token and should wrap to 'a'; got {got!r}"
        )


@pytest.mark.slow
def test_default_hash_is_sha256_first_8_bytes():
    """without hash64, or with hash64=None, positions are the first 8 bytes of SHA-256,
    big-endian"""
    from ring_snapshot import SnapshotRing

    weights = {f"n{i}": 1 + i % 2 for i in range(5)}
    for written, ring in (
        ("SnapshotRing(10)", SnapshotRing(10)),
        ("SnapshotRing(10, hash64=None)", SnapshotRing(10, hash64=None)),
    ):
        for node, weight in weights.items():
            ring.set_weight(node, weight)
        problem = misroutes(ring.snapshot(), model(10, weights), KEYS)
        assert not problem, f"{written}, nodes n0..n4 of weights 1, 2, 1, 2, 1: {problem}"


def test_colliding_tokens_are_ordered_by_token_id():
    """tokens with the same hash are taken in plain str order of token id"""
    for case, (positions, virtuals, nodes, first, why) in enumerate(TIES):
        tied = " and ".join(positions)
        for turn, order in enumerate((nodes, nodes[::-1])):
            # A key of its own for each ring: a ring answering with another's answer for
            # the same key is the subject of test_rings_are_independent, not of this test.
            key = f"key-{case}-{turn}"
            ring = new_ring(virtuals, dict.fromkeys(order, 1), placed({**positions, key: 7}))
            got = ring.snapshot().get_node(key)
            assert got == first, (
                f"V={virtuals}, set_weight(node, 1) for {', '.join(map(repr, order))} in that "
                f"order; tokens {tied} both at hash 7, every other token far above: get_node "
                f"of a key at 7 ({key!r}) should give {first!r} ({why}); got {got!r}"
            )


def test_node_ids_and_keys_of_every_shape():
    """any string is a node id or a key: empty, '#', case and whitespace variants,
    non-ASCII text in any Unicode form, ids whose tokens share a CRC-32"""
    # plumless and buckeroo share a CRC-32, and so do plumless#i and buckeroo#i: a memo
    # of token hashes keyed by a checksum gives one node's tokens the other's places.
    ids = ["", "#", "a", "A", " a", "a ", "a#", "a#0", "é", "e\u0301", "中", "x" * 50]
    ids += ["plumless", "buckeroo"]
    keys = [
        *("", " ", "x" * 200, "é", "中文", "🙂", "a#0", "Key-1", "key-1", " key-1", "key-1\n"),
        *("\x00", "e\u0301", "caf\u00e9", "\u212b", "\ufb01", "\r\n", "k\x00"),
        *(f"key-{n}" for n in range(300)),
    ]
    weights = {node: 1 + i % 3 for i, node in enumerate(ids)}
    problem = misroutes(new_ring(4, weights).snapshot(), model(4, weights), keys)
    assert not problem, (
        f"V=4, nodes {', '.join(map(repr, ids))} of weights 1, 2, 3, 1, 2, 3, ...: {problem}"
    )


def test_the_ring_answers_like_its_current_snapshot():
    """SnapshotRing.get_node(key) answers as the current view does, after every change"""
    ring = new_ring(6)
    keys = KEYS[:300]
    steps = [("a", 2), ("b", 1), ("a", 4), ("c", 1), ("a", 1), ("b", 0), ("c", 3)]
    for done in range(len(steps) + 1):
        if done:
            ring.set_weight(*steps[done - 1])
        # Both answers are taken before the next change, and compared whatever they are.
        view = ring.snapshot()
        differ = [
            key
            for key, x, y in zip(keys, routes(ring, keys), routes(view, keys), strict=True)
            if x != y
        ]
        calls = ", ".join(f"set_weight{step!r}" for step in steps[:done]) or "no call"
        assert not differ, (
            f"V=6, after {calls}: ring.get_node(key) should answer as ring.snapshot()"
            f".get_node(key) does; they differ for {len(differ)} of {len(keys)} keys, e.g. "
            f"{differ[:3]}"
        )
