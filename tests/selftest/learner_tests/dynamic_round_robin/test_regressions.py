import pytest
from dynamic_round_robin import DynamicRoundRobin


def test_removing_before_the_cursor_keeps_its_worker():
    rr = DynamicRoundRobin(["A", "B", "C", "D"])
    assert [rr.assign(), rr.assign()] == ["A", "B"]
    rr.remove_worker("A")
    assert [rr.assign() for _ in range(3)] == ["C", "D", "B"]


def test_removing_the_last_worker_at_the_cursor_wraps():
    rr = DynamicRoundRobin(["A", "B", "C"])
    assert [rr.assign(), rr.assign()] == ["A", "B"]
    rr.remove_worker("C")
    assert [rr.assign() for _ in range(3)] == ["A", "B", "A"]


def test_removed_worker_can_come_back():
    rr = DynamicRoundRobin(["A", "B", "C"])
    rr.remove_worker("A")
    rr.add_worker("A")
    assert [rr.assign() for _ in range(4)] == ["B", "C", "A", "B"]


def test_unknown_removal_is_key_error():
    rr = DynamicRoundRobin(["A", "B"])
    with pytest.raises(KeyError):
        rr.remove_worker("Z")


def test_added_worker_gets_a_turn():
    rr = DynamicRoundRobin(["A", "B"])
    rr.add_worker("C")
    assert [rr.assign() for _ in range(4)] == ["A", "B", "C", "A"]
