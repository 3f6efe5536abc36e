"""Spec tests for cache_router: set_weight, and the tokens a node has after it.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Which tokens a node holds shows through owners(): with one replica, a key
placed exactly on b#i goes to b when b holds b#i, and otherwise to the
token of a placed just after it. The tests of token ids then compare the
cluster's lookups with the model's on SHA-256 positions, after the same
calls. Where a sentence says a call changes nothing, the test compares two
of the learner's own clusters, one that got the call and one that did not.
"""

import pytest

from tests.cache_router.model import (
    KEYS,
    NODES,
    SCENARIO,
    before_the_end,
    changes_nothing,
    cluster_of,
    left_by,
    misowned,
    model_of,
    owners_of,
)
from tests.harness.toolkit.spec import refuses
from tests.harness.toolkit.token_ring import answer, placed

V = 4
# The highest weight b gets in these tests, and the token numbers looked at.
MOST = 5
SPAN = MOST * V
# b#i at 1000 * (i + 1), a#i (a has weight MOST) 500 after it, the key probe-i on b#i.
PLACES = {
    **{f"b#{i}": 1000 * (i + 1) for i in range(SPAN)},
    **{f"a#{i}": 1000 * (i + 1) + 500 for i in range(SPAN)},
    **{f"probe-{i}": 1000 * (i + 1) for i in range(SPAN)},
}


def numbered(numbers: list[int]) -> str:
    """Token numbers of b in words: 'b#0 .. b#7', 'b#12 .. b#19 and b#3', 'no token'."""
    if not numbers:
        return "no token"
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts = [f"b#{run[0]}" if len(run) == 1 else f"b#{run[0]} .. b#{run[-1]}" for run in runs]
    return f"{', '.join(parts)} ({len(numbers)} tokens)"


def held_by_b(cluster) -> list[int] | str:
    """The numbers i of the tokens b#i that `cluster` routes by (see PLACES), or what
    went wrong in words."""
    numbers = []
    for i in range(SPAN):
        got = owners_of(cluster, f"probe-{i}")
        if got == "['b']":
            numbers.append(i)
        elif got != "['a']":
            return f"owners('probe-{i}') gave {got}, where only ['b'] or ['a'] can be right"
    return numbers


def has_tokens_of(first: int, weights: list[int]) -> str:
    """'' if b, of weight `first`, then set to each of `weights` in turn, holds the tokens
    of the last weight and routes every key as the model does; else what it does."""
    calls = ", ".join(f"set_weight('b', {weight})" for weight in weights)
    cluster = cluster_of({"a": MOST, "b": first}, V, 1, placed(PLACES))
    for weight in weights:
        cluster.set_weight("b", weight)
    got, expected = held_by_b(cluster), list(range(weights[-1] * V))
    if got != expected:
        return (
            f"V={V}, replicas=1, node a (weight {MOST}) and node b (weight {first}), then "
            f"{calls}: b should hold {numbered(expected)}; "
            + (got if isinstance(got, str) else f"it holds {numbered(got)}")
            + f" (seen by owners() of a key placed exactly on each of b#0 .. b#{SPAN - 1}, "
            "a token of a just after each)"
        )
    nodes = {"a": 1, "b": first, "c": 1}
    cluster, model = cluster_of(nodes, 8), model_of(nodes, 8)
    for weight in weights:
        cluster.set_weight("b", weight)
        model.set_weight("b", weight)
    problem = misowned(cluster, model, KEYS[:400])
    return problem and (
        f"V=8, replicas=2, nodes a, b, c of weights 1, {first}, 1, SHA-256 positions, then "
        f"{calls}: {problem}"
    )


def test_set_weight_refuses_an_unknown_node():
    """set_weight of a node not in the cluster, never added or removed, raises KeyError and
    adds nothing"""
    for weight in (2, 0):
        call = f"set_weight('d', {weight})"
        refuses(
            KeyError, f"{SCENARIO}: {call}", lambda w=weight: cluster_of(NODES).set_weight("d", w)
        )
        problem = changes_nothing(lambda cluster, w=weight: cluster.set_weight("d", w))
        assert not problem, (
            f"two clusters of {SCENARIO}; {call} on one: it should add nothing, but {problem}"
        )
        refuses(
            KeyError,
            f"{SCENARIO}, then remove_node('c') (c is no longer a node): set_weight('c', {weight})",
            lambda w=weight: left_by("c").set_weight("c", w),
        )


def test_set_weight_refuses_a_negative_weight():
    """set_weight with a negative weight raises ValueError and changes nothing"""
    refuses(
        ValueError,
        f"{SCENARIO}: set_weight('b', -1)",
        lambda: cluster_of(NODES).set_weight("b", -1),
    )
    problem = changes_nothing(lambda cluster: cluster.set_weight("b", -1))
    assert not problem, f"two clusters of {SCENARIO}; set_weight('b', -1) on one: {problem}"


def test_raising_a_weight_adds_the_tokens_up_to_the_new_count():
    """raising a node's weight gives it the tokens node#0 .. node#(weight*V - 1): those it
    had, and the next ones"""
    for first, weights in ((1, [3]), (2, [5]), (4, [5])):
        problem = has_tokens_of(first, weights)
        assert not problem, problem


# b of weight 4,200 at V=16 has 67,200 tokens, then 67,216 at 4,201: its last token of
# each weight has a key placed on it, and the token after it too, a#0 after them all.
HEAVY, HEAVIER = 4200 * 16, 4201 * 16
TOPS = [f"b#{HEAVY - 1}", f"b#{HEAVY}", f"b#{HEAVIER - 1}", f"b#{HEAVIER}"]
TOP_PLACES = {
    **{token: 1000 * (n + 1) for n, token in enumerate(TOPS)},
    **{f"on-{token}": 1000 * (n + 1) for n, token in enumerate(TOPS)},
    "a#0": 10000,
}


@pytest.mark.slow  # 67,216 tokens: 0.2 s of CPU (0.5 s) for the reference under a load of 5
def test_a_weight_may_give_a_node_any_number_of_tokens():
    """add_node and set_weight take a weight however high: at V=16, add_node('b', 4200)
    gives b its 67,200 tokens and set_weight('b', 4201) its 67,216, b#0 .. b#67215"""
    cluster = cluster_of({"a": 1}, 16, 1, placed(TOP_PLACES))
    for call, weight, tokens in (
        (lambda: cluster.add_node("b", 4200), 4200, HEAVY),
        (lambda: cluster.set_weight("b", 4201), 4201, HEAVIER),
    ):
        done = answer(call)
        got = [owners_of(cluster, f"on-{token}") for token in TOPS]
        expected = ["['b']" if int(token[2:]) < tokens else "['a']" for token in TOPS]
        assert done == "None" and got == expected, (
            "V=16, replicas=1, node a of weight 1, then add_node('b', 4200)"
            + (", then set_weight('b', 4201)" if weight == 4201 else "")
            + f": b should hold its {tokens:,} tokens b#0 .. b#{tokens - 1} (a weight is "
            f"bounded below only), so the keys placed on {', '.join(TOPS)} "
            f"(a#0 after them) should go to {', '.join(expected)}; the call gave {done} and "
            f"they went to {', '.join(got)}"
        )


def test_lowering_a_weight_keeps_the_tokens_below_the_new_count():
    """lowering a node's weight leaves it the tokens node#0 .. node#(weight*V - 1): those
    above the new count go, the others stay"""
    for first, weights in ((5, [2]), (3, [1]), (5, [4])):
        problem = has_tokens_of(first, weights)
        assert not problem, problem


def test_a_drained_node_gets_the_tokens_of_its_next_weight():
    """set_weight(node, 0) takes every token of the node off; set_weight(node, w) after it
    gives node#0 .. node#(w*V - 1) again"""
    for first, weights in ((3, [0]), (3, [0, 3]), (2, [0, 5]), (5, [0, 1])):
        problem = has_tokens_of(first, weights)
        assert not problem, problem


def test_a_weight_lowered_and_raised_again_gives_the_tokens_of_the_last_weight():
    """a weight lowered, then raised (or lowered again), to the old weight or past it, leaves
    the node the tokens of the last weight: node#0 .. node#(weight*V - 1), none twice and
    none missing"""
    for first, weights in (
        (4, [1, 4]),
        (5, [2, 3]),
        (3, [1, 5]),  # raised past the weight it was lowered from
        (3, [1, 3, 2]),
        (5, [3, 1, 5]),
    ):
        problem = has_tokens_of(first, weights)
        assert not problem, problem


def moves(cluster, node: str, weight: int, keys: list[str]) -> list[tuple[str, str, str]]:
    """(key, first owner before, after) for each key set_weight(node, weight) moved."""
    before = {key: owners_of(cluster, key).split(",")[0] for key in keys}
    cluster.set_weight(node, weight)
    after = {key: owners_of(cluster, key).split(",")[0] for key in keys}
    return [(key, before[key], after[key]) for key in keys if before[key] != after[key]]


def moved_text(moved: list[tuple[str, str, str]]) -> str:
    return "; ".join(f"{key}: {was}] -> {now}]" for key, was, now in moved[:3])


def test_raising_a_weight_moves_keys_only_to_that_node():
    """raising a node's weight moves no key but onto that node: a key of another node keeps
    it or goes to the re-weighted one"""
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
    """lowering a node's weight, to 0 included, moves no key but the node's own: the keys of
    other nodes stay where they were"""
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
    before = cluster.stats()["misses"]
    for key in keys:
        cluster.get(key)
    misses = cluster.stats()["misses"] - before
    assert misses == 0, (
        f"{SCENARIO}, each of 200 keys got once, set_weight('b', 0), then set_weight('b', 2): "
        "every key has its first owners again and b kept its cache, so getting the 200 keys "
        f"again should miss none; it missed {misses}"
    )


def test_a_node_whose_weight_is_lowered_keeps_its_cache():
    """a node whose weight is lowered to 1 or more keeps what is cached on it: raised
    again, its keys come back to it and hit"""
    heavier = {**NODES, "b": 4}
    cluster = cluster_of(heavier, 8)
    keys = KEYS[:200]
    for key in keys:
        cluster.get(key)
    for weight in (1, 2):
        cluster.set_weight("b", weight)
        cluster.set_weight("b", 4)
        before = cluster.stats()["misses"]
        for key in keys:
            cluster.get(key)
        misses = cluster.stats()["misses"] - before
        assert misses == 0, (
            "V=8, replicas=2, nodes a, b, c of weights 1, 4, 1, each of 200 keys got once, "
            f"then set_weight('b', {weight}) and set_weight('b', 4): every key has its first "
            "owners again, and b kept what was cached on it, so getting the 200 keys again "
            f"should miss none; it missed {misses}"
        )


def test_draining_a_drained_node_changes_nothing():
    """set_weight to the weight a node has already (0 again for a drained node) changes
    nothing: every key keeps its owners"""
    for node, weights in (("c", [0, 0]), ("c", [0, 0, 0]), ("b", [2]), ("b", [3, 3])):
        cluster, expected = cluster_of(NODES, 8), model_of(NODES, 8)
        for weight in weights:
            cluster.set_weight(node, weight)
            expected.set_weight(node, weight)
        calls = ", ".join(f"set_weight({node!r}, {weight})" for weight in weights)
        problem = misowned(cluster, expected, KEYS[:200])
        assert not problem, f"{SCENARIO}, then {calls}: {problem}"


def test_weights_of_several_nodes_changed_in_turn_each_keep_their_tokens():
    """weights of several nodes changed in turn, one node set back to a weight it had: each
    change moves the tokens of its own node only, and every change made since stays"""
    for changes in (
        [("a", 3), ("c", 2), ("a", 1)],
        [("b", 0), ("a", 3), ("b", 2)],
        [("a", 2), ("c", 3), ("a", 1), ("c", 1), ("b", 4)],
    ):
        cluster, expected = cluster_of(NODES, 8), model_of(NODES, 8)
        for node, weight in changes:
            cluster.set_weight(node, weight)
            expected.set_weight(node, weight)
        calls = ", ".join(f"set_weight({node!r}, {weight})" for node, weight in changes)
        problem = misowned(cluster, expected, KEYS[:200])
        assert not problem, f"{SCENARIO}, then {calls}: {problem}"
