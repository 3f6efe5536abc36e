"""Spec tests for cache_router: adding and removing nodes, marking them, and refusals.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Where a sentence says a call changes nothing, the test compares two of the
learner's own clusters, one that got the call and one that did not: they
must then behave alike, whatever the routing is.
"""

from functools import partial

import pytest

from tests.cache_router.model import (
    KEYS,
    NODES,
    SCENARIO,
    behaviour,
    changes_nothing,
    cluster_of,
    left_by,
    misowned,
    model_of,
    shown,
    unlike,
)
from tests.harness.toolkit.spec import attempt, refuses


def test_add_node_refuses_a_node_already_there():
    """add_node of a node already in the cluster raises ValueError and changes nothing"""
    refuses(ValueError, f"{SCENARIO}: add_node('b')", lambda: cluster_of(NODES, 8).add_node("b"))
    for call, text in (
        (lambda cluster: cluster.add_node("b"), "add_node('b')"),
        (lambda cluster: cluster.add_node("b", 5), "add_node('b', 5)"),
    ):
        problem = changes_nothing(call)
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
        problem = changes_nothing(lambda cluster, w=weight: cluster.add_node("d", w))
        assert not problem, (
            f"two clusters of {SCENARIO}; {call} on one: it should add nothing, but {problem}"
        )


def test_remove_node_says_whether_the_node_was_there():
    """remove_node gives True for a member, then False, and False for a stranger, which
    changes nothing"""
    cluster = cluster_of(NODES, 8)
    got = [cluster.remove_node("b"), cluster.remove_node("b"), cluster.remove_node("zz")]
    assert got == [True, False, False], (
        f"{SCENARIO}: remove_node('b'), remove_node('b') again, remove_node('zz') should give "
        f"True, False, False; got {', '.join(map(shown, got))}"
    )
    problem = changes_nothing(lambda cluster: cluster.remove_node("zz"))
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


# How a node leaves in the test below: the calls made on it (method, other arguments)
# before remove_node.
LEAVINGS = (
    ("drained", [("set_weight", 0)]),
    ("marked down", [("mark_down",)]),
    ("marked down and drained", [("mark_down",), ("set_weight", 0)]),
)


def leave(cluster, node: str, calls: list[tuple]) -> str:
    """Make `calls` on `cluster` for `node`, then remove_node(node): the calls, written."""
    written = []
    for method, *others in [*calls, ("remove_node",)]:
        getattr(cluster, method)(node, *others)
        written.append(f"{method}({', '.join(map(repr, [node, *others]))})")
    return ", ".join(written)


def test_removing_a_drained_or_down_node_leaves_every_other_node_an_owner():
    """a node drained or marked down, then removed, leaves the ring of the other nodes: each
    key's owners are what they would be had it never joined"""
    expected = model_of(["a", "b"], 8, 2)
    for how, calls in LEAVINGS:
        cluster = cluster_of(["a", "b", "c"], 8, 2)
        written = leave(cluster, "c", calls)
        problem = misowned(cluster, expected, KEYS[:200])
        assert not problem, (
            f"V=8, replicas=2, nodes a, b, c, then c {how} and removed ({written}): a and b "
            f"are left, so every key should be owned by both; {problem}"
        )


def test_a_node_removed_while_down_and_added_again_is_up_and_empty():
    """a node marked down, removed and added again is a new node, up and empty: its key
    misses once, then hits"""
    cluster = cluster_of(["a"], 4, 1)
    cluster.mark_down("a")
    cluster.remove_node("a")
    cluster.add_node("a")
    got = [shown(cluster.get("user:1")), shown(cluster.get("user:1")), repr(cluster.stats())]
    expected = ["'user:1@1'", "'user:1@1'", repr({"hits": 1, "misses": 1})]
    assert got == expected, (
        "V=4, replicas=1, node a; mark_down('a'), remove_node('a'), add_node('a'), then "
        "get('user:1') twice: a joined again up and empty, so the first get should miss and "
        "cache the value on a and the second hit there: 'user:1@1' twice, stats() "
        f"{expected[2]}; got {', '.join(got)}"
    )


def test_unknown_nodes_cannot_be_marked():
    """mark_down and mark_up of a node not in the cluster, never added or removed, raise
    KeyError and change nothing"""
    for method in ("mark_down", "mark_up"):
        refuses(
            KeyError,
            f"{SCENARIO}: {method}('d')",
            lambda m=method: getattr(cluster_of(NODES), m)("d"),
        )
        problem = changes_nothing(lambda cluster, m=method: getattr(cluster, m)("d"))
        assert not problem, f"two clusters of {SCENARIO}; {method}('d') on one: {problem}"
        refuses(
            KeyError,
            f"{SCENARIO}, then remove_node('c') (c is no longer a node): {method}('c')",
            lambda m=method: getattr(left_by("c"), m)("c"),
        )


def test_a_node_marked_down_and_up_keeps_its_weight():
    """a node marked down and up again (a restart) keeps its weight: its tokens, and every
    key's owners, are what they were"""
    cluster, expected = cluster_of(NODES, 8), model_of(NODES, 8)
    for side in (cluster, expected):
        side.set_weight("b", 3)
        side.set_weight("c", 0)
    for node in ("b", "c", "a"):
        cluster.mark_down(node)
        cluster.mark_up(node)
    problem = misowned(cluster, expected, KEYS[:200])
    assert not problem, (
        f"{SCENARIO}, then set_weight('b', 3), set_weight('c', 0), and b, c, a each marked "
        f"down and up: {problem}"
    )


# The states node b is put in before a refused call, by calls that succeed.
STATES = {
    "b up": [],
    "b down": [("mark_down", "b")],
    "b drained": [("set_weight", "b", 0)],
    "b down and drained": [("mark_down", "b"), ("set_weight", "b", 0)],
    "b removed": [("remove_node", "b")],
}


def refused_in(state: str) -> list[tuple]:
    """The calls the contract refuses on a cluster of a, b, c in `state`: every refusal
    the README names, of a member (b) and of strangers (d, and b once removed)."""
    strangers = ["d", "b"] if state == "b removed" else ["d"]
    calls: list[tuple] = []
    for node in strangers:
        calls += [
            ("mark_down", node),
            ("mark_up", node),
            ("set_weight", node, 2),
            ("set_weight", node, 0),
            ("remove_node", node),
            ("add_node", node, 0),
            ("add_node", node, -1),
        ]
    if state != "b removed":
        calls += [("add_node", "b"), ("add_node", "b", 3), ("add_node", "b", 0)]
        calls += [("set_weight", "b", -1)]
    return calls


def make(cluster, call: tuple) -> object:
    """Make the call ('set_weight', 'b', 0) on `cluster`."""
    return getattr(cluster, call[0])(*call[1:])


def said(call: tuple) -> str:
    """('set_weight', 'b', 0) as the learner would type it: set_weight('b', 0)."""
    return f"{call[0]}({', '.join(map(repr, call[1:]))})"


@pytest.mark.slow
def test_a_refused_call_leaves_no_trace_for_the_calls_after_it():
    """a refused call changes nothing, whatever the state of the node it names (up, down,
    drained, removed): the calls that follow it find the cluster as a twin that never got
    it does"""
    keys = KEYS[:60]
    for state, setup in STATES.items():
        made = [("add_node", "d"), ("set_weight", "d", 2)]
        made += [("add_node", "b", 2)] if state == "b removed" else []
        made += [("set_weight", "b", 1), ("set_weight", "b", 3), ("mark_up", "b")]
        for refused in refused_in(state):
            touched, twin = cluster_of(NODES, 8, 1), cluster_of(NODES, 8, 1)
            for cluster in (touched, twin):
                for key in keys[:30]:
                    cluster.get(key)
                for call in setup:
                    make(cluster, call)
            attempt(partial(make, touched, refused))
            for cluster in (touched, twin):
                for call in made:
                    make(cluster, call)
            problem = unlike(behaviour(touched, keys), behaviour(twin, keys), keys)
            assert not problem, (
                f"two clusters of V=8, replicas=1, nodes a, b, c of weights 1, 2, 1, 30 keys "
                f"got on each, then {', '.join(map(said, setup)) or 'nothing more'} ({state}); "
                f"then {said(refused)} on one only, which the contract refuses; then "
                f"{', '.join(map(said, made))} on both: the one that got the refused call "
                f"should answer as the other, but {problem}"
            )
