"""Spec tests for cache_router: adding and removing nodes, marking them, and refusals.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Where a sentence says a call changes nothing, the test compares two of the
learner's own clusters, one that got the call and one that did not: they
must then behave alike, whatever the routing is.
"""

from tests.cache_router.model import NODES, SCENARIO, changes_nothing, cluster_of, shown
from tests.harness.toolkit.spec import refuses


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


def test_unknown_nodes_cannot_be_marked():
    """mark_down and mark_up of a node not in the cluster raise KeyError and change nothing"""
    for method in ("mark_down", "mark_up"):
        refuses(
            KeyError,
            f"{SCENARIO}: {method}('d')",
            lambda m=method: getattr(cluster_of(NODES), m)("d"),
        )
        problem = changes_nothing(lambda cluster, m=method: getattr(cluster, m)("d"))
        assert not problem, f"two clusters of {SCENARIO}; {method}('d') on one: {problem}"
