"""Tests written by the team that owns the balancer."""

import pytest
from weighted_round_robin import WeightedRoundRobin


def test_heavy_worker_gets_its_share():
    balancer = WeightedRoundRobin({"a": 5, "b": 1, "c": 1})
    assert [balancer.assign() for _ in range(7)] == ["a", "a", "a", "a", "a", "b", "c"]


def test_two_to_one():
    balancer = WeightedRoundRobin({"a": 2, "b": 1})
    assert [balancer.assign() for _ in range(6)] == ["a", "b", "a", "a", "b", "a"]


def test_unavailable_worker_is_left_out():
    balancer = WeightedRoundRobin({"a": 2, "b": 1, "c": 4})
    balancer.set_available("c", False)
    assert [balancer.assign() for _ in range(6)] == ["a", "b", "a", "a", "b", "a"]


def test_no_workers_means_no_assignment():
    assert WeightedRoundRobin({}).assign() is None


def test_unknown_worker_is_rejected():
    balancer = WeightedRoundRobin({"a": 1})
    with pytest.raises(KeyError):
        balancer.set_available("z", False)
