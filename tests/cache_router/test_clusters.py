"""Spec tests for cache_router: making clusters, and clusters that share nothing.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

These come first in a report: a cluster that shares its nodes with every
other cluster breaks every later test that makes two clusters of the same
nodes, and this is the test that says why.
"""

from tests.cache_router.model import KEYS, cluster_of
from tests.harness.toolkit.spec import refuses


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
