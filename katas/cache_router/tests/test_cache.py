"""Tests written by the team that owns the cache client. Run from the kata folder:
python -m pytest tests
"""

import hashlib

import pytest
from cache import CacheCluster
from cache.hashing import stable_hash64

KEYS = [f"user:{n}" for n in range(300)]


def load(key):
    return f"value of {key}"


def cluster_of(*nodes, **options):
    cluster = CacheCluster(load, **options)
    for node in nodes:
        cluster.add_node(node)
    return cluster


def test_a_miss_loads_then_the_value_is_a_hit():
    cluster = cluster_of("a", "b", "c")
    assert cluster.get("user:1") == "value of user:1"
    assert cluster.get("user:1") == "value of user:1"
    assert cluster.stats() == {"hits": 1, "misses": 1}


def test_reads_of_a_deleted_profile():
    # A deleted profile reads as None from the database. None is never cached: the
    # account may be restored at any moment, and the next read must see it.
    cluster = CacheCluster(lambda key: None)
    cluster.add_node("a")
    assert cluster.get("user:1") is None
    assert cluster.get("user:1") is None
    assert cluster.stats() == {"hits": 0, "misses": 2}


def test_the_dashboard_window_counts_the_reads_in_it():
    # The exporter keeps the stats() of the last window and subtracts them.
    cluster = cluster_of("a", "b", "c")
    cluster.get("user:0")
    window = cluster.stats()
    for key in KEYS[:10]:
        cluster.get(key)
    now = cluster.stats()
    assert (now["hits"] - window["hits"], now["misses"] - window["misses"]) == (1, 9)


def test_owners_are_distinct_nodes():
    cluster = cluster_of("a", "b", "c", "d", "e")
    for key in KEYS:
        owners = cluster.owners(key)
        assert len(owners) == 2
        assert len(set(owners)) == 2, f"{key}: {owners}"


def test_fewer_nodes_than_replicas_gives_every_node():
    cluster = cluster_of("a", replicas=3)
    assert cluster.owners("user:1") == ["a"]
    cluster.add_node("b")
    assert sorted(cluster.owners("user:1")) == ["a", "b"]


def test_routing_is_pinned():
    # Routing must never change between releases: every deploy would empty the cache.
    cluster = cluster_of("cache-1", "cache-2", "cache-3")
    assert cluster.owners("user:1") == ["cache-3", "cache-2"]
    assert cluster.owners("user:42") == ["cache-1", "cache-2"]


def test_the_hash_is_sha256():
    key = "session:3f2a9c4e-8b1d-4e7a-9c3f-2b8d1e6a4f70"
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    assert stable_hash64(key) == int.from_bytes(digest[:8], "big")


def test_removing_a_node_moves_only_its_keys():
    nodes = [f"cache-{n}" for n in range(1, 13)]
    cluster = cluster_of(*nodes)
    before = {key: cluster.owners(key)[0] for key in KEYS}
    assert cluster.remove_node("cache-1") is True
    for key in KEYS:
        if before[key] != "cache-1":
            assert cluster.owners(key)[0] == before[key], key


def test_raising_a_weight_moves_keys_only_to_that_node():
    cluster = cluster_of("a", "b", "c")
    before = {key: cluster.owners(key)[0] for key in KEYS}
    cluster.set_weight("b", 3)
    for key in KEYS:
        now = cluster.owners(key)[0]
        assert now in (before[key], "b"), key


def test_a_drained_node_gets_its_keys_back():
    cluster = cluster_of("a", "b", "c")
    before = {key: cluster.owners(key) for key in KEYS}
    for key in KEYS:
        cluster.get(key)
    cluster.set_weight("b", 0)
    assert all("b" not in cluster.owners(key) for key in KEYS)
    cluster.set_weight("b", 1)
    assert {key: cluster.owners(key) for key in KEYS} == before
    for key in KEYS:
        cluster.get(key)
    # b kept its cache while it was drained: every key hits where it was cached.
    assert cluster.stats() == {"hits": len(KEYS), "misses": len(KEYS)}


def test_an_outage_is_covered_by_the_replicas():
    cluster = cluster_of("a", "b", "c")
    keys = KEYS[:50]
    for key in keys:
        cluster.get(key)
    cluster.mark_down("a")
    for key in keys:
        assert cluster.get(key) == f"value of {key}"
    for key in keys:
        cluster.get(key)
    # A value is cached on the first live owner only: a key of a misses once more,
    # is cached on its second replica, and hits there from then on.
    lost = sum(1 for key in keys if cluster.owners(key)[0] == "a")
    assert cluster.stats() == {"hits": 100 - lost, "misses": 50 + lost}


def test_a_node_back_up_is_empty():
    cluster = cluster_of("a")
    cluster.get("user:1")
    cluster.mark_down("a")
    cluster.mark_up("a")
    cluster.get("user:1")
    assert cluster.stats() == {"hits": 0, "misses": 2}


def test_with_every_owner_down_nothing_is_cached():
    cluster = cluster_of("a", "b", replicas=1)
    owner = cluster.owners("user:1")[0]
    cluster.mark_down(owner)
    assert cluster.get("user:1") == "value of user:1"
    # Its only owner gone, the key moves to the other node, which never cached it.
    cluster.remove_node(owner)
    cluster.get("user:1")
    assert cluster.stats() == {"hits": 0, "misses": 2}


def test_add_node_refuses_a_node_already_there():
    cluster = cluster_of("a")
    with pytest.raises(ValueError):
        cluster.add_node("a")


def test_add_node_refuses_a_weight_below_one():
    cluster = cluster_of()
    with pytest.raises(ValueError):
        cluster.add_node("a", 0)


def test_removing_a_stranger_is_false():
    assert cluster_of("a").remove_node("b") is False


def test_unknown_nodes_are_refused():
    cluster = cluster_of("a")
    for call in (cluster.mark_down, cluster.mark_up, lambda node: cluster.set_weight(node, 2)):
        with pytest.raises(KeyError):
            call("b")
