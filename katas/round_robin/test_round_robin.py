"""Tests written by the team that owns the dispatcher."""

import pytest
from round_robin import RoundRobinWorkers


def test_rotates_through_all_workers():
    workers = RoundRobinWorkers(["A", "B", "C"])
    assert [workers.assign() for _ in range(4)] == ["A", "B", "C", "A"]


def test_skips_unavailable_worker():
    workers = RoundRobinWorkers(["A", "B", "C"])
    workers.set_available("B", False)
    assert [workers.assign() for _ in range(3)] == ["A", "C", "A"]


def test_recovered_worker_rejoins_rotation():
    workers = RoundRobinWorkers(["A", "B", "C"])
    workers.set_available("B", False)
    assert [workers.assign() for _ in range(3)] == ["A", "C", "A"]
    workers.set_available("B", True)
    assert workers.assign() == "C"


def test_no_workers_means_no_assignment():
    assert RoundRobinWorkers([]).assign() is None


def test_unknown_worker_is_rejected():
    workers = RoundRobinWorkers(["A"])
    with pytest.raises(KeyError):
        workers.set_available("Z", False)
