"""Tests written by the team that owns the status cache. Run from the kata folder:
python -m pytest tests
"""

import pytest
from status import HashMap, StatusCache


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make(ttl=60, capacity=100):
    clock = Clock()
    return StatusCache(ttl, capacity, clock), clock


# -- the map --


def test_map_set_get_delete():
    m = HashMap()
    m["a"] = 1
    m["b"] = 2
    m["a"] = 3
    assert (m["a"], m["b"], len(m)) == (3, 2, 2)
    del m["a"]
    assert "a" not in m
    assert m.get("a") is None
    with pytest.raises(KeyError):
        m["a"]
    with pytest.raises(KeyError):
        del m["a"]


def test_map_grows_and_keeps_every_key():
    m = HashMap()
    for n in range(100):
        m[f"order-{n}"] = n
    assert len(m) == 100
    assert [m[f"order-{n}"] for n in range(100)] == list(range(100))


def test_map_iterates_every_key_once():
    m = HashMap()
    for n in range(20):
        m[n] = n * n
    del m[3]
    assert sorted(m) == [n for n in range(20) if n != 3]
    assert sorted(m.items()) == [(n, n * n) for n in range(20) if n != 3]


# -- the cache --


def test_an_update_is_read_back():
    cache, _ = make()
    cache.update("Store-1", "o1", "placed")
    cache.update("Store-1", "o1", "accepted")
    assert cache.read("Store-1", "o1") == "accepted"
    assert cache.read("Store-1", "o2") is None


def test_store_ids_ignore_case():
    cache, _ = make()
    for n in range(10):
        cache.update(f"Store-{n}", "o1", "placed")
    assert [cache.read(f"store-{n}", "o1") for n in range(10)] == ["placed"] * 10


def test_forget_drops_the_order():
    cache, _ = make()
    cache.update("Store-1", "o1", "delivered")
    assert cache.forget("Store-1", "o1") is True
    assert cache.read("Store-1", "o1") is None
    assert cache.forget("Store-1", "o1") is False


def test_the_least_recently_used_order_is_evicted():
    cache, _ = make(capacity=3)
    for order in ("o1", "o2", "o3"):
        cache.update("Store-1", order, "placed")
    cache.update("Store-1", "o1", "accepted")  # o1 is used again: o2 is now the oldest
    cache.update("Store-1", "o4", "placed")
    assert [cache.read("Store-1", order) for order in ("o1", "o2", "o3", "o4")] == [
        "accepted",
        None,
        "placed",
        "placed",
    ]


def test_a_status_lives_for_its_ttl():
    cache, clock = make(ttl=60)
    cache.update("Store-1", "o1", "placed")
    clock.now = 59.0
    assert cache.read("Store-1", "o1") == "placed"
    clock.now = 60.0
    assert cache.read("Store-1", "o1") is None


def test_stats_count_what_happened():
    cache, clock = make(ttl=60, capacity=2)
    cache.update("Store-1", "o1", "placed")
    cache.update("Store-1", "o2", "placed")
    cache.update("Store-1", "o3", "placed")  # evicts o1
    cache.read("Store-1", "o1")
    cache.read("Store-1", "o3")
    clock.now = 100.0
    assert cache.stats() == {
        "hits": 1,
        "misses": 1,
        "expiries": 2,
        "evictions": 1,
        "entries": 0,
    }


def test_ttl_and_capacity_are_checked():
    for ttl, capacity in ((0, 10), (-1, 10), (60, 0)):
        with pytest.raises(ValueError):
            StatusCache(ttl, capacity, Clock())
