"""Spec tests for cache_router: adding, removing and re-weighting nodes, and refusals.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Where a sentence says a call changes nothing, the test compares two of the
learner's own clusters, one that got the call and one that did not: they
must then behave alike, whatever the routing is.
"""

from tests.cache_router.model import (
    KEYS,
    before_the_end,
    cluster_of,
    misowned,
    model_of,
    owners_of,
    shown,
)
from tests.harness.toolkit.spec import attempt, refuses

NODES = {"a": 1, "b": 2, "c": 1}
SCENARIO = "V=8, replicas=2, nodes a, b, c of weights 1, 2, 1"


def behaviour(cluster, keys: list[str]) -> list[str]:
    """What a cluster shows: the owners of each key, then each key got twice, with the
    values, then stats(); each answer as the learner's code gave it."""
    shown_: list[str] = []
    for call in (
        *(lambda key=key: cluster.owners(key) for key in keys),
        *(lambda key=key: cluster.get(key) for key in keys for _ in range(2)),
        cluster.stats,
    ):
        try:
            shown_.append(repr(call()))
        except Exception as error:
            shown_.append(f"raised {type(error).__name__}")
    return shown_


def unlike(got: list[str], expected: list[str], keys: list[str]) -> str:
    """Where two behaviour() lists first differ, in words."""
    calls = [
        *(f"owners({key!r})" for key in keys),
        *(f"get({key!r})" for key in keys for _ in range(2)),
        "stats()",
    ]
    for call, x, y in zip(calls, got, expected, strict=True):
        if x != y:
            return f"{call} gave {x}, where the untouched cluster gives {y}"
    return ""


def changes_nothing(refused: str, call) -> str:
    """Make `call` on one of two clusters of NODES (with b's cache warm on both first):
    '' if it then behaves like the other, else how it differs."""
    keys = KEYS[:60]
    touched, untouched = cluster_of(NODES, 8, 2), cluster_of(NODES, 8, 2)
    for cluster in (touched, untouched):
        for key in keys[:30]:
            cluster.get(key)
    attempt(lambda: call(touched))
    return unlike(behaviour(touched, keys), behaviour(untouched, keys), keys)


def test_virtuals_and_replicas_must_be_positive():
    """CacheCluster refuses a virtuals_per_weight or replicas of 0 or below with ValueError"""
    from cache import CacheCluster

    for virtuals, replicas in ((0, 2), (-1, 2), (16, 0), (16, -3)):
        refuses(
            ValueError,
            f"CacheCluster(load, {virtuals}, {replicas})",
            lambda virtuals=virtuals, replicas=replicas: CacheCluster(str, virtuals, replicas),
        )


def test_add_node_refuses_a_node_already_there():
    """add_node of a node already in the cluster raises ValueError and changes nothing"""
    refuses(ValueError, f"{SCENARIO}: add_node('b')", lambda: cluster_of(NODES, 8).add_node("b"))
    for call, text in (
        (lambda cluster: cluster.add_node("b"), "add_node('b')"),
        (lambda cluster: cluster.add_node("b", 5), "add_node('b', 5)"),
    ):
        problem = changes_nothing(text, call)
        assert not problem, (
            f"two clusters of {SCENARIO}, 30 keys got on each; then {text} on one, which is "
            f"refused: it should change nothing, but {problem}"
        )


def test_add_node_refuses_a_weight_below_one():
    """add_node with weight 0 or below raises ValueError and adds nothing"""
    for weight in (0, -1):
        call = f"add_node('d', {weight})"
        refuses(
            ValueError, f"{SCENARIO}: {call}", lambda w=weight: cluster_of(NODES).add_node("d", w)
        )
        problem = changes_nothing(call, lambda cluster, w=weight: cluster.add_node("d", w))
        assert not problem, (
            f"two clusters of {SCENARIO}; {call} on one: it should add nothing, but {problem}"
        )


def test_remove_node_says_whether_the_node_was_there():
    """remove_node gives True for a member, then False, and False for a stranger"""
    cluster = cluster_of(NODES, 8)
    got = [cluster.remove_node("b"), cluster.remove_node("b"), cluster.remove_node("zz")]
    assert got == [True, False, False], (
        f"{SCENARIO}: remove_node('b'), remove_node('b') again, remove_node('zz') should give "
        f"True, False, False; got {', '.join(map(shown, got))}"
    )
    problem = changes_nothing("remove_node('zz')", lambda cluster: cluster.remove_node("zz"))
    assert not problem, f"two clusters of {SCENARIO}; remove_node('zz') on one: {problem}"


def test_a_removed_node_leaves_with_its_cache():
    """a node removed and added again comes back empty: its keys miss once more"""
    cluster = cluster_of(["a"], 4, 1)
    cluster.get("user:1")
    cluster.remove_node("a")
    cluster.add_node("a")
    cluster.get("user:1")
    got = cluster.stats()
    assert got == {"hits": 0, "misses": 2}, (
        "V=4, replicas=1, node a; get('user:1'), remove_node('a'), add_node('a'), "
        "get('user:1'): the node came back empty, so stats() should be "
        f"{{'hits': 0, 'misses': 2}}; got {got!r}"
    )


def test_set_weight_refuses_an_unknown_node():
    """set_weight of a node not in the cluster raises KeyError and adds nothing"""
    for weight in (2, 0):
        call = f"set_weight('d', {weight})"
        refuses(
            KeyError, f"{SCENARIO}: {call}", lambda w=weight: cluster_of(NODES).set_weight("d", w)
        )
        problem = changes_nothing(call, lambda cluster, w=weight: cluster.set_weight("d", w))
        assert not problem, (
            f"two clusters of {SCENARIO}; {call} on one: it should add nothing, but {problem}"
        )


def test_set_weight_refuses_a_negative_weight():
    """set_weight with a negative weight raises ValueError and changes nothing"""
    refuses(
        ValueError,
        f"{SCENARIO}: set_weight('b', -1)",
        lambda: cluster_of(NODES).set_weight("b", -1),
    )
    problem = changes_nothing("set_weight('b', -1)", lambda cluster: cluster.set_weight("b", -1))
    assert not problem, f"two clusters of {SCENARIO}; set_weight('b', -1) on one: {problem}"


def moves(cluster, node: str, weight: int, keys: list[str]) -> list[tuple[str, str, str]]:
    """(key, first owner before, after) for each key set_weight(node, weight) moved."""
    before = {key: owners_of(cluster, key).split(",")[0] for key in keys}
    cluster.set_weight(node, weight)
    after = {key: owners_of(cluster, key).split(",")[0] for key in keys}
    return [(key, before[key], after[key]) for key in keys if before[key] != after[key]]


def moved_text(moved: list[tuple[str, str, str]]) -> str:
    return "; ".join(f"{key}: {was}] -> {now}]" for key, was, now in moved[:3])


def test_raising_a_weight_moves_keys_only_to_that_node():
    """raising a node's weight moves keys to that node, and no key anywhere else"""
    for weight in (3, 5):
        cluster = cluster_of(NODES, 16)
        keys = before_the_end(KEYS, model_of(NODES, 16))
        wrong = [move for move in moves(cluster, "b", weight, keys) if move[2] != "['b'"]
        assert not wrong, (
            f"V=16, nodes a, b, c of weights 1, 2, 1, then set_weight('b', {weight}): keys "
            f"may only move to b, but {len(wrong)} of {len(keys)} moved elsewhere, e.g. "
            f"{moved_text(wrong)}"
        )


def test_lowering_a_weight_moves_keys_only_away_from_that_node():
    """lowering a node's weight, to 0 included, moves keys away from that node only"""
    for weight in (1, 0):
        heavier = {**NODES, "b": 4}
        cluster = cluster_of(heavier, 16)
        keys = before_the_end(KEYS, model_of(heavier, 16))
        wrong = [move for move in moves(cluster, "b", weight, keys) if move[1] != "['b'"]
        assert not wrong, (
            f"V=16, nodes a, b, c of weights 1, 4, 1, then set_weight('b', {weight}): only "
            f"keys of b may move, but {len(wrong)} of {len(keys)} other keys moved, e.g. "
            f"{moved_text(wrong)}"
        )


def test_the_tokens_a_node_keeps_keep_their_keys():
    """a re-weighted node keeps the same tokens below its new count, so their keys stay put"""
    for first, then in ((4, 2), (2, 3), (3, 1)):
        weights = {**NODES, "b": first}
        expected = model_of(weights, 16)
        kept = {f"b#{i}" for i in range(16 * min(first, then))}
        keys = [k for k in before_the_end(KEYS, expected) if expected.ring().token_of(k) in kept]
        cluster = cluster_of(weights, 16)
        cluster.set_weight("b", then)
        wrong = [
            (key, got) for key in keys if not (got := owners_of(cluster, key)).startswith("['b'")
        ]
        assert not wrong, (
            f"V=16, nodes a, b, c of weights 1, {first}, 1, then set_weight('b', {then}): the "
            f"{len(keys)} keys that reach b#0 .. b#{len(kept) - 1} should still have b first, "
            f"whose tokens those are at both weights; {len(wrong)} do not, e.g. "
            + "; ".join(f"{key} -> {got}" for key, got in wrong[:3])
        )


def test_a_drained_node_owns_nothing_and_keeps_its_cache():
    """set_weight(node, 0) takes every token of the node off but keeps it a member with its
    cache: weighted again, its keys come back to it and hit"""
    cluster, expected = cluster_of(NODES, 8), model_of(NODES, 8)
    keys = KEYS[:200]
    for key in keys:
        cluster.get(key)
    cluster.set_weight("b", 0)
    expected.set_weight("b", 0)
    problem = misowned(cluster, expected, keys)
    assert not problem, f"{SCENARIO}, then set_weight('b', 0): {problem}"
    cluster.set_weight("b", 2)
    before = cluster.stats()
    for key in keys:
        cluster.get(key)
    after = cluster.stats()
    misses = after["misses"] - before["misses"] if isinstance(after, dict) else after
    assert misses == 0, (
        f"{SCENARIO}, each of 200 keys got once, set_weight('b', 0), then set_weight('b', 2): "
        "every key has its first owners again and b kept its cache, so getting the 200 keys "
        f"again should miss none; it missed {misses}"
    )


def test_unknown_nodes_cannot_be_marked():
    """mark_down and mark_up of a node not in the cluster raise KeyError and change nothing"""
    for method in ("mark_down", "mark_up"):
        refuses(
            KeyError,
            f"{SCENARIO}: {method}('d')",
            lambda m=method: getattr(cluster_of(NODES), m)("d"),
        )
        problem = changes_nothing(
            f"{method}('d')", lambda cluster, m=method: getattr(cluster, m)("d")
        )
        assert not problem, f"two clusters of {SCENARIO}; {method}('d') on one: {problem}"


def test_clusters_are_independent():
    """clusters made side by side share no node, no cache and no counts, even clusters of
    the same node ids"""
    keys = KEYS[:50]
    first, second = cluster_of(["a", "b"], 8), cluster_of(["x", "y", "z"], 8)
    for key in keys:
        first.get(key)
    strangers = sorted({node for key in keys for node in second.owners(key)} - {"x", "y", "z"})
    got = second.stats()
    assert not strangers and got == {"hits": 0, "misses": 0}, (
        "a cluster of a, b and one of x, y, z (V=8), 50 keys got on the first: the second "
        "should own its keys with x, y, z only and count nothing; it named "
        f"{strangers or 'only its own nodes'} and its stats() gave {got!r}"
    )
    twin = cluster_of(["a", "b"], 8)
    for key in keys:
        twin.get(key)
    got = (first.stats(), twin.stats())
    expected = ({"hits": 0, "misses": 50}, {"hits": 0, "misses": 50})
    assert got == expected, (
        "two clusters of nodes a, b (V=8), the same 50 keys got once on each: each has its "
        "own nodes and caches, so stats() should give {'hits': 0, 'misses': 50} on both; got "
        f"{got[0]!r} and {got[1]!r}"
    )
