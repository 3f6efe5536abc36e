"""Spec tests for cache_router: making clusters, and clusters that share nothing.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

These come first in a report: a cluster that shares its nodes with every
other cluster breaks every later test that makes two clusters of the same
nodes, and this is the test that says why. Clusters made one after another
are independent too, whatever Python reuses of the ones gone (their id()s),
and a cluster's change may call another cluster without waiting for it.
"""

from pathlib import Path

from tests.cache_router.model import KEYS, cluster_of, misowned, model_of, owners_of, sha64
from tests.harness.toolkit.differential import fresh
from tests.harness.toolkit.spec import refuses
from tests.harness.toolkit.waiting import Waited, locks_that_never_wait


def test_virtuals_and_replicas_must_be_positive():
    """CacheCluster refuses a virtuals_per_weight or replicas of 0 or below with ValueError"""
    from cache import CacheCluster

    for virtuals, replicas in ((0, 2), (-1, 2), (16, 0), (16, -3)):
        refuses(
            ValueError,
            f"CacheCluster(load, {virtuals}, {replicas})",
            lambda virtuals=virtuals, replicas=replicas: CacheCluster(str, virtuals, replicas),
        )


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
    try:
        twin = cluster_of(["a", "b"], 8)
    except Exception as error:
        raise AssertionError(
            "a cluster of nodes a, b (V=8), then another cluster of nodes a, b: the second "
            "is a cluster of its own, so add_node('a') on it should be accepted; it raised "
            f"{type(error).__name__}: {error}"
        ) from None
    for key in keys:
        twin.get(key)
    got = (first.stats(), twin.stats())
    expected = ({"hits": 0, "misses": 50}, {"hits": 0, "misses": 50})
    assert got == expected, (
        "two clusters of nodes a, b (V=8), the same 50 keys got once on each: each has its "
        "own nodes and caches, so stats() should give {'hits': 0, 'misses': 50} on both; got "
        f"{got[0]!r} and {got[1]!r}"
    )


def salted(salt: str):
    """A hash64 of its own: the SHA-256 position of `salt` + the text."""
    return lambda text: sha64(salt + text)


# Clusters made one after another: enough for Python to give a new hash64, and a new
# ring, the id() of one gone, every run.
ONE_AFTER_ANOTHER = 100


def test_clusters_made_one_after_another_each_follow_their_own_hash64():
    """clusters made one after another, each with a hash64 of its own and dropped when
    done, each place tokens and keys by their own hash64: nothing worked out for a cluster
    gone is taken for a new one's, even where a new object has the id() of one gone"""
    keys = KEYS[:20]
    for number in range(ONE_AFTER_ANOTHER):
        hash64 = salted(f"cluster-{number}:")
        cluster = cluster_of(["a", "b", "c"], 4, 2, hash64)
        wrong = misowned(cluster, model_of(["a", "b", "c"], 4, 2, hash64), keys)
        assert not wrong, (
            f"clusters of nodes a, b, c (V=4, replicas=2) made one after another, each with "
            "a hash64 of its own (the SHA-256 position of 'cluster-<n>:' + the text) and "
            f"dropped before the next is made: cluster number {number} should give each of "
            f"key-0 .. key-19 the owners its own hash64 gives; {wrong}"
        )
        del cluster, hash64


def test_a_change_may_change_another_cluster_from_its_hash64():
    """a cluster's change may call another cluster from the hash64 it calls: clusters share
    no lock, so a change of the other made there goes through at once"""
    import cache

    folder = Path(cache.__file__).resolve().parent
    try:
        # The package imported anew inside: a lock it makes as it loads (one for every
        # cluster) raises Waited where it would wait, rather than hang the test.
        with locks_that_never_wait(folder):
            fresh("cache")
            other = cluster_of(["y"], 4, 1)
            calls: list[str] = []

            def hash64(text: str) -> int:
                if not calls:
                    calls.append(text)
                    other.add_node("z")
                return sha64(text)

            first = cluster_of([], 4, 1, hash64)
            try:
                first.add_node("x")
                waited = ""
            except Waited:
                waited = "other.add_node('z') waited for a lock first's change held"
    finally:
        fresh("cache")  # the package's own locks again, for the tests after this one
    keys = KEYS[:30]
    got = sorted({owners_of(cluster, key) for cluster in (first, other) for key in keys})
    assert not waited and got == ["['x']", "['y']", "['z']"] and calls, (
        "two clusters, other of node y and first, empty (V=4, replicas=1), the hash64 of "
        "first calling other.add_node('z') the first time it is called: first.add_node('x') "
        "should return, first's keys all go to x and other's to y or z; but "
        + (waited or f"first and other gave the owners {', '.join(got)}")
    )
