"""Spec tests for cache_router: owners(key), the ring of tokens behind it, and the hash.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Every cluster here is given its hash (SHA-256, or a table that places the
tokens where the test says), except in the test whose subject is the default
hash.
"""

import pytest

from tests.cache_router.model import (
    KEYS,
    answer,
    before_the_end,
    cluster_of,
    misowned,
    model_of,
    nodes_text,
    owners_of,
    sha64,
)
from tests.harness.toolkit.token_ring import (
    LOOK_ALIKES,
    POSITIONS,
    TIES,
    placed,
    recording,
    table_hash,
)

# Tokens a#0, b#0, c#0 at 100, 200, 300; a#1 at 150 with V=2 (table below).
NEAR = {**POSITIONS, "a#1": 150, "b#1": 250, "c#1": 350, "key-120": 120, "key-260": 260}


def test_a_node_has_weight_times_v_tokens():
    """add_node(node, weight) gives the node the tokens node#0 .. node#(weight*V - 1), however
    large V: those token ids are hashed, and no other id of the node"""
    seen: set[str] = set()
    nodes = {"n": 2, "m": 1}
    cluster = cluster_of(nodes, 3, 2, recording(seen))
    for key in KEYS[:20]:  # a ring may place its tokens at its first lookup
        owners_of(cluster, key)
    for node, weight in nodes.items():
        got = sorted(text for text in seen if text.startswith(f"{node}#"))
        expected = sorted(f"{node}#{i}" for i in range(weight * 3))
        assert got == expected, (
            f"V=3, add_node('n', 2) then add_node('m', 1), then 20 keys looked up: the token "
            f"ids of {node!r} hashed should be {expected}; got {got}"
        )
    for virtuals in (17, 5000):  # no V is too large: the last token decides the key here
        cluster = cluster_of(["a", "b"], virtuals, 2, last_token_first(virtuals))
        got = owners_of(cluster, "key")
        assert got == "['a', 'b']", (
            f"V={virtuals}, nodes a and b, tokens a#0 .. a#{virtuals - 2} at 1 .. "
            f"{virtuals - 1:,}, a#{virtuals - 1} at 10**9, b#0 .. b#{virtuals - 1} above "
            f"2 * 10**9: owners of a key at 10**9 should be ['a', 'b'], a's token "
            f"a#{virtuals - 1} first at or after it; got {got}"
        )


def last_token_first(virtuals: int):
    """A hash64 for nodes a and b at V=`virtuals`: a#0 .. a#(V - 2) at 1 .. V - 1, a's last
    token a#(V - 1) at 10**9 with the key, b's tokens from 2 * 10**9 on."""

    def hash64(text: str) -> int:
        if text == "key":
            return 10**9
        node, number = text.split("#")
        if node == "b":
            return 2 * 10**9 + int(number)
        return 10**9 if int(number) == virtuals - 1 else int(number) + 1

    return hash64


def test_a_key_goes_to_the_first_token_at_or_after_it():
    """a key's first owner is the node of the first token whose hash is at least the key's"""
    cluster = cluster_of(["a", "b", "c", "\U0010ffff"], 1, 1, table_hash(POSITIONS))
    top = "\U0010ffff"
    for key, expected in [("key-50", top), ("key-100", "a"), ("key-150", "b"), ("key-300", "c")]:
        got = owners_of(cluster, key)
        assert got == repr([expected]), (
            f"V=1, replicas=1, tokens {top!r}#0, a#0, b#0, c#0 at 99, 100, 200, 300: owners "
            f"of {key!r} (at {POSITIONS[key]}) should be [{expected!r}]; got {got}"
        )


# Tokens at both ends of the 64-bit range: c#0 at 0, a#0 at 2**64 - 3 and b#0 at the very
# top, 2**64 - 1, and keys at and beside them. Above 2**53 a float cannot tell 2**64 - 3
# from 2**64 - 2 or 2**64 - 1: all three are 2.0**64.
TOP = 2**64 - 1
ENDS = {"c#0": 0, "a#0": TOP - 2, "b#0": TOP}
ENDS_KEYS = [
    ("key-0", 0, "c"),
    ("key-1", 1, "a"),
    ("key-top-3", TOP - 3, "a"),
    ("key-top-2", TOP - 2, "a"),
    ("key-top-1", TOP - 1, "b"),
    ("key-top", TOP, "b"),
]


def test_a_key_goes_to_the_first_token_at_or_after_it_at_the_ends_of_the_range():
    """at both ends of the 64-bit range, and between hashes a float cannot tell apart, a
    key goes to the first token whose hash is at least the key's: a key at 2**64 - 2 to
    the token at 2**64 - 1, not the one at 2**64 - 3; a key at 2**64 - 1 to a token there"""
    positions = {**ENDS, **{key: at for key, at, _ in ENDS_KEYS}}
    cluster = cluster_of(["a", "b", "c"], 1, 1, table_hash(positions))
    for key, at, expected in ENDS_KEYS:
        got = owners_of(cluster, key)
        shown_at = f"2**64 - {TOP + 1 - at}" if at > 1 else str(at)
        assert got == repr([expected]), (
            "V=1, replicas=1, tokens c#0 at 0, a#0 at 2**64 - 3, b#0 at 2**64 - 1: owners of "
            f"{key!r} (at {shown_at}) should be [{expected!r}], the node of the first token "
            f"at or after it; got {got}"
        )


def test_a_key_past_the_last_token_wraps_around():
    """a key that hashes past the last token goes to the first token, and the walk wraps too"""
    cluster = cluster_of(["a", "b", "c"], 1, 2, table_hash(POSITIONS))
    for key, expected in [
        ("key-301", ["a", "b"]),
        ("key-top", ["a", "b"]),
        ("key-300", ["c", "a"]),
    ]:
        got = owners_of(cluster, key)
        assert got == repr(expected), (
            f"V=1, replicas=2, tokens a#0, b#0, c#0 at 100, 200, 300: owners of {key!r} (at "
            f"{POSITIONS[key]:,}) should wrap past the end to {expected!r}; got {got}"
        )


# V=1, a of weight 2: a#0, b#0, c#0, a#1, d#0 at 10 .. 50 and the key at 5. The walk meets
# a again after two other nodes, and skips it: four replicas are a, b, c, d.
REPEAT = {"a#0": 10, "b#0": 20, "c#0": 30, "a#1": 40, "d#0": 50, "key": 5}


def test_owners_are_distinct_nodes_clockwise():
    """owners walks clockwise from the key's token and skips tokens of nodes it already
    has, however many replicas: two replicas are two nodes, five are five"""
    cluster = cluster_of(["a", "b", "c"], 2, 3, table_hash(NEAR))
    for key, expected in [
        ("key-50", ["a", "b", "c"]),
        ("key-120", ["a", "b", "c"]),
        ("key-260", ["c", "a", "b"]),
    ]:
        got = owners_of(cluster, key)
        assert got == repr(expected), (
            "V=2, replicas=3, tokens a#0 100, a#1 150, b#0 200, b#1 250, c#0 300, c#1 350: "
            f"owners of {key!r} (at {NEAR[key]}) should be {expected!r}, the next token of a "
            f"node already taken skipped; got {got}"
        )
    for count, replicas in ((4, 2), (6, 5), (10, 9)):
        nodes = [f"n{i}" for i in range(count)]
        cluster, expected = cluster_of(nodes, 16, replicas), model_of(nodes, 16, replicas)
        problem = misowned(cluster, expected, KEYS[:400])
        assert not problem, (
            f"V=16, replicas={replicas}, nodes n0..n{count - 1}, SHA-256 positions: {problem}"
        )
    cluster = cluster_of({"a": 2, "b": 1, "c": 1, "d": 1}, 1, 4, table_hash(REPEAT))
    got = owners_of(cluster, "key")
    assert got == "['a', 'b', 'c', 'd']", (
        "V=1, replicas=4, a of weight 2, tokens a#0 10, b#0 20, c#0 30, a#1 40, d#0 50: "
        "owners of a key at 5 should be four distinct nodes, ['a', 'b', 'c', 'd']: a#1 "
        f"is skipped, a being taken already, however many owners came after it; got {got}"
    )


def test_owners_stop_when_every_node_is_taken():
    """with fewer nodes than replicas, owners gives every node with tokens once; none, []"""
    for virtuals, nodes, drained, key, expected in (
        (2, [], None, "key-50", []),
        (2, ["a"], None, "key-50", ["a"]),
        (2, ["a", "b", "c"], None, "key-50", ["a", "b", "c"]),
        (1, ["a", "b", "c"], None, "key-150", ["b", "c", "a"]),
        (1, ["a", "b", "c"], "b", "key-150", ["c", "a"]),
    ):
        cluster = cluster_of(nodes, virtuals, 5, table_hash(NEAR))
        if drained:
            cluster.set_weight(drained, 0)
        got = owners_of(cluster, key)
        assert got == repr(expected), (
            f"V={virtuals}, replicas=5, nodes {nodes_text(nodes) or 'none'} (tokens a#0, b#0, "
            f"c#0 at 100, 200, 300{', a#1 .. c#1 at 150, 250, 350' if virtuals == 2 else ''})"
            f"{f', then set_weight({drained!r}, 0)' if drained else ''}: owners of a key at "
            f"{NEAR[key]} should be {expected!r}, every node with tokens once; got {got}"
        )


# Node big of weight 300 (V=1) with its tokens at 1,000 .. 1,299, node small with its
# token at 2,000, and the key at 500: its walk passes 300 tokens of big to reach small.
FAR = {**{f"big#{i}": 1000 + i for i in range(300)}, "small#0": 2000, "key": 500}


def test_owners_walk_as_far_round_the_ring_as_it_takes():
    """the walk goes on past any number of tokens of nodes already taken: a small node past
    hundreds of tokens of a large one is a key's second owner"""
    for replicas in (2, 3):
        cluster = cluster_of({"big": 300, "small": 1}, 1, replicas, placed(FAR))
        got = owners_of(cluster, "key")
        assert got == "['big', 'small']", (
            f"V=1, replicas={replicas}, node big of weight 300 with its tokens at 1,000 .. "
            "1,299, node small with its token at 2,000: owners of a key at 500 should walk "
            f"past the 300 tokens of big to small, ['big', 'small']; got {got}"
        )


def test_owners_gives_a_new_list_each_call():
    """owners() gives a new list each call: a list it gave, changed by the caller, changes
    no later answer"""
    cluster, expected = cluster_of(["a", "b", "c"], 8), model_of(["a", "b", "c"], 8)
    keys = before_the_end(KEYS[:50], expected)
    for key in keys:
        given = cluster.owners(key)
        given.reverse()
        given.append("zz")
        again = cluster.owners(key)
        assert again == expected.owners(key), (
            f"V=8, replicas=2, nodes a, b, c: owners({key!r}), then the list it gave reversed "
            f"and 'zz' appended, then owners({key!r}) again: it should give "
            f"{expected.owners(key)}, as if the first list had not been changed; got {again}"
        )
        given.clear()
    problem = misowned(cluster, expected, keys)
    assert not problem, (
        "V=8, replicas=2, nodes a, b, c: each list owners() gave changed and cleared by the "
        f"caller; then {problem}"
    )


def test_colliding_tokens_are_ordered_by_token_id():
    """tokens on one position are taken in plain str order of token id, whatever order the
    nodes joined in, and however many changes came after"""
    for positions, virtuals, nodes, first, why in TIES:
        tied = " and ".join(positions)
        for order in (nodes, nodes[::-1]):
            cluster = cluster_of(order, virtuals, 2, placed({**positions, "key": 7}))
            # Then node x, its tokens far above, joins and leaves 100 times: the key is
            # looked up before and after each of these 200 changes.
            for changes in range(201):
                if changes:
                    (cluster.add_node if changes % 2 else cluster.remove_node)("x")
                got = owners_of(cluster, "key")
                assert got.startswith(f"[{first!r}"), (
                    f"V={virtuals}, nodes {', '.join(map(repr, order))} added in that order"
                    + (
                        f", then {changes} changes: add_node('x') and remove_node('x') in turn"
                        if changes
                        else ""
                    )
                    + f"; tokens {tied} both at hash 7, every other token far above: the "
                    f"first owner of a key at 7 should be {first!r} ({why}); owners gave {got}"
                )


def small_positions(text: str) -> int:
    """SHA-256 cut to 12 bits: 4,096 positions, so tokens collide often."""
    return sha64(text) >> 52


def test_the_join_order_changes_no_owner():
    """two clusters of the same nodes, joined in opposite orders, give every key the same
    owners, collisions included"""
    nodes = [f"cache-{n}" for n in range(1, 13)]
    first = cluster_of(nodes, 16, 2, small_positions)
    second = cluster_of(nodes[::-1], 16, 2, small_positions)
    expected = model_of(nodes, 16, 2, small_positions)
    keys = before_the_end([f"user:{n}" for n in range(2000)], expected)
    differ = [key for key in keys if owners_of(first, key) != owners_of(second, key)]
    assert not differ, (
        "V=16, replicas=2, nodes cache-1 .. cache-12 added in that order on one cluster and "
        "in the opposite order on another, positions of 12 bits (tokens collide): every key "
        f"should have the same owners on both; {len(differ)} of {len(keys)} do not, e.g. "
        f"{differ[0]!r}: {owners_of(first, differ[0])} and {owners_of(second, differ[0])}"
    )


def test_the_default_hash_is_sha256_first_8_bytes():
    """without hash64, or with hash64=None, positions are the first 8 bytes of SHA-256,
    big-endian, for short keys and long ones, of the whole key: long keys (65 to 300
    characters, and 5,000) that differ only in the middle are told apart"""
    from cache import CacheCluster

    nodes = ["n0", "n1", "n2", "n3", "n4"]
    expected = model_of(nodes, 10, 2)
    keys = [*KEYS[:200], *(f"session:{n:040d}" for n in range(100)), "", "é中🙂"]
    # Told apart by a digit in the middle only: 'u' * (size // 2) + '0' + 'v' * ...
    keys += [
        f"{'u' * (size // 2)}{n}{'v' * (size - size // 2 - 1)}"
        for size in range(65, 301)
        for n in range(2)
    ]
    keys += [f"{'p' * 2498}{n:02d}{'q' * 2500}" for n in range(20)]
    for made, cluster in (
        ("CacheCluster(load, 10)", CacheCluster(str, 10)),
        ("CacheCluster(load, 10, 2, None)", CacheCluster(str, 10, 2, None)),
    ):
        for node in nodes:
            cluster.add_node(node)
        problem = misowned(cluster, expected, keys)
        assert not problem, f"{made}, nodes n0..n4, positions by SHA-256: {problem}"


def test_down_nodes_are_owners_too():
    """mark_down changes no key's owners: health is not membership"""
    nodes = ["a", "b", "c", "d"]
    cluster, expected = cluster_of(nodes, 8, 2), model_of(nodes, 8, 2)
    cluster.mark_down("b")
    cluster.mark_down("c")
    problem = misowned(cluster, expected, KEYS[:300])
    assert not problem, f"V=8, replicas=2, nodes a..d, then b and c marked down: {problem}"


def test_node_ids_are_compared_exactly():
    """ids alike but not equal ('n1' and 'n10', 'a' and 'A', 'é' written two ways, two ids
    that differ after 300 characters) are distinct nodes, and removing one takes off its
    tokens only; a node and a key read alike once joined ('a' with key 'b:c0', 'a:b' with
    key 'c0') are another node, another key"""
    keys = [*KEYS[:200], "", "n1", "n1#0", "a#1", "é", "e\u0301"]
    for family in LOOK_ALIKES:
        cluster, expected = cluster_of(family, 4, 2), model_of(family, 4, 2)
        problem = misowned(cluster, expected, keys)
        assert not problem, f"V=4, replicas=2, nodes {nodes_text(family)}: {problem}"
        cluster.remove_node(family[0])
        expected.remove_node(family[0])
        problem = misowned(cluster, expected, keys)
        assert not problem, (
            f"V=4, replicas=2, nodes {nodes_text(family)}, then remove_node({family[0]!r}): "
            f"{problem}"
        )
    problem = long_ids_misowned(KEYS[:100])
    assert not problem, problem
    for joint in (":", "/", "#", "|", "\x00"):
        nodes = ["a", f"a{joint}b"]
        keys = [key for n in range(40) for key in (f"c{n}", f"b{joint}c{n}")]
        calls = [*(f"get({key!r})" for key in keys * 2), "remove_node('a')"]
        calls += [*(f"get({key!r})" for key in keys), "stats()"]
        got, expected = (
            answers_to(side, keys) for side in (cluster_of(nodes, 4, 1), model_of(nodes, 4, 1))
        )
        wrong = [(call, x, y) for call, x, y in zip(calls, got, expected, strict=True) if x != y]
        assert not wrong, (
            f"V=4, replicas=1, nodes {nodes_text(nodes)}, a load that gives f'{{key}}@{{n}}' "
            "for its n-th call; get of each of c0, b{j}c0, c1, b{j}c1, .. c39, b{j}c39 (j "
            f"{joint!r}) twice over, then remove_node('a'), then each key got again and "
            "stats(): each node holds its own keys only, so the first call that differs, "
            f"{wrong[0][0]}, should give {wrong[0][2]}; got {wrong[0][1]}"
        )


# Two node ids that share their first 300 characters, and how a message shows them.
LONG_IDS = {"x" * 300 + "1": "'x' * 300 + '1'", "x" * 300 + "2": "'x' * 300 + '2'"}


def long_ids_misowned(keys: list[str]) -> str:
    """'' if a cluster of the two LONG_IDS nodes (V=4, replicas=2) takes both, gives every
    key the owners the model gives, and after remove_node of the first, the second alone;
    else what went wrong, the ids written short."""
    first, second = LONG_IDS
    cluster, expected = cluster_of([first], 4, 2), model_of(list(LONG_IDS), 4, 2)
    scenario = f"V=4, replicas=2, add_node({LONG_IDS[first]}), then add_node({LONG_IDS[second]})"
    added = answer(lambda: cluster.add_node(second))
    if added != "None":
        return (
            f"{scenario}: the second is another node, so add_node should add it; got "
            f"{written_short(added)}"
        )
    for removed in (False, True):
        if removed:
            scenario += f", then remove_node({LONG_IDS[first]})"
            cluster.remove_node(first)
            expected.remove_node(first)
        for key in before_the_end(keys, expected):
            got, want = answer(lambda key=key: cluster.owners(key)), repr(expected.owners(key))
            if got != want:
                return (
                    f"{scenario}: owners({key!r}) should be {written_short(want)}; got "
                    f"{written_short(got)}"
                )
    return ""


def written_short(text: str) -> str:
    """`text` with the LONG_IDS in it written as the Python that makes them."""
    for node, short in LONG_IDS.items():
        text = text.replace(repr(node), short).replace(node, short)
    return text


def answers_to(cluster, keys: list[str]) -> list[str]:
    """What `cluster` answers to get of each key twice over, remove_node('a'), get of each
    key again and stats(), each as answer() shows it."""
    answers = [answer(lambda key=key: cluster.get(key)) for key in keys * 2]
    answers.append(answer(lambda: cluster.remove_node("a")))
    answers += [answer(lambda key=key: cluster.get(key)) for key in keys]
    return [*answers, answer(cluster.stats)]


# Ids that mean something to a regex or a format string, each beside an id it would match.
PATTERNED = ["n.1", "nx1", "a*", "aa", "[b]", "b", "c+", "cc", "d?", "d", "%s", "{0}", "0"]


def test_removing_a_node_whose_id_is_a_regex_or_format_string_takes_off_its_tokens_only():
    """removing a node whose id holds regex or format characters ('n.1' beside 'nx1', 'a*',
    '[b]', 'c+', 'd?', '%s', '{0}') takes off its tokens only: every other node keeps its
    own"""
    keys = KEYS[:300]
    for gone in ("n.1", "a*", "[b]", "c+", "d?", "%s", "{0}"):
        cluster, expected = cluster_of(PATTERNED, 4, 2), model_of(PATTERNED, 4, 2)
        cluster.remove_node(gone)
        expected.remove_node(gone)
        problem = misowned(cluster, expected, keys)
        assert not problem, (
            f"V=4, replicas=2, nodes {nodes_text(PATTERNED)}, then remove_node({gone!r}): the "
            f"other nodes keep their tokens; {problem}"
        )


def test_removing_a_node_moves_only_its_keys():
    """after remove_node, a key whose first owner was another node keeps it"""
    nodes = [f"cache-{n}" for n in range(1, 13)]
    for gone in ("cache-1", "cache-5"):
        cluster = cluster_of(nodes, 16, 2)
        keys = before_the_end([f"user:{n}" for n in range(600)], model_of(nodes, 16, 2))
        before = {key: owners_of(cluster, key) for key in keys}
        cluster.remove_node(gone)
        moved = [
            (key, before[key], now)
            for key in keys
            if not before[key].startswith(f"[{gone!r}")
            and (now := owners_of(cluster, key)).split(",")[0] != before[key].split(",")[0]
        ]
        assert not moved, (
            f"V=16, replicas=2, nodes cache-1 .. cache-12, then remove_node({gone!r}): only "
            f"keys whose first owner was {gone} may change first owner; {len(moved)} others "
            "did, e.g. " + "; ".join(f"{key}: {was} -> {now}" for key, was, now in moved[:3])
        )


# V=1, replicas=1: a#0 at 10, b#0 at 20, c#0 at 30, d#0 at 40, and the key at 15: its owner
# is b when b is there, else c when c is there; d, which joins and leaves over and over,
# never takes it.
STEPS = {"a#0": 10, "b#0": 20, "c#0": 30, "d#0": 40, "key": 15}


def flapped(cluster, times: int) -> None:
    """add_node('d') and remove_node('d'), `times` times over: twice that many changes."""
    for _ in range(times):
        cluster.add_node("d")
        cluster.remove_node("d")


@pytest.mark.slow
def test_owners_asked_again_after_256_or_65536_changes_are_those_of_the_cluster_then():
    """owners of a key asked, then asked again after exactly 256 changes, then after 65,536
    more, with no lookup between, are each time the owners the cluster gives it then:
    nothing found before the changes comes back, however many changes came between"""
    cluster = cluster_of(["a", "b"], 1, 1, table_hash(STEPS))
    got = [owners_of(cluster, "key")]
    cluster.remove_node("b")
    flapped(cluster, 127)
    cluster.add_node("c")
    got.append(owners_of(cluster, "key"))
    cluster.remove_node("c")
    flapped(cluster, 32767)
    cluster.add_node("b")
    got.append(owners_of(cluster, "key"))
    expected = ["['b']", "['c']", "['b']"]
    assert got == expected, (
        "V=1, replicas=1, tokens a#0 at 10, b#0 at 20, c#0 at 30, d#0 at 40, a key at 15; "
        "nodes a, b: owners('key'); then 256 changes (remove_node('b'), add_node('d') and "
        "remove_node('d') 127 times, add_node('c')) and owners('key'); then 65,536 more "
        "(remove_node('c'), add_node('d') and remove_node('d') 32,767 times, add_node('b')) "
        f"and owners('key'): they should give {', '.join(expected)}, the node of the first "
        f"token at or after the key each time; got {', '.join(got)}"
    )
