"""Tests written by the team that owns the dispatch service.

Run them from the kata folder: python -m pytest tests
"""

import pytest
from dispatch import DispatchService


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make(workers, refused=(), dropped=(), timeout=30.0):
    """A service of `workers`, all joined at t=0, whose sends of the (worker, order)
    pairs in `refused` are refused, and whose first send of each pair in `dropped`
    raises ConnectionError (the gateway dropped the connection); with its clock and
    the list of sends made."""
    clock, sent, drops = Clock(), [], set(dropped)

    def send(worker, order):
        sent.append((worker, order))
        if (worker, order) in drops:
            drops.discard((worker, order))
            raise ConnectionError(f"the push of {order} to {worker} was dropped")
        return (worker, order) not in refused

    service = DispatchService(send, clock, heartbeat_timeout=timeout)
    for worker in workers:
        service.join(worker)
    return service, clock, sent


def workers_for(service, orders):
    return [service.dispatch(order).worker for order in orders]


def test_orders_go_round_the_workers():
    service, _, _ = make(["A", "B", "C"])
    assert workers_for(service, ["o1", "o2", "o3", "o4"]) == ["A", "B", "C", "A"]


def test_a_new_worker_joins_at_the_end():
    service, _, _ = make(["A", "B"])
    assert service.dispatch("o1").worker == "A"
    service.join("C")
    assert workers_for(service, ["o2", "o3", "o4"]) == ["B", "C", "A"]


def test_joining_twice_is_refused():
    service, _, _ = make(["A"])
    with pytest.raises(ValueError):
        service.join("A")


def test_the_timeout_must_be_positive():
    with pytest.raises(ValueError):
        DispatchService(lambda worker, order: True, Clock(), heartbeat_timeout=0)


def test_a_failed_send_goes_to_the_next_worker():
    service, _, sent = make(["A", "B", "C"], refused={("A", "o1")})
    delivery = service.dispatch("o1")
    assert (delivery.worker, delivery.attempts) == ("B", 2)
    assert sent == [("A", "o1"), ("B", "o1")]


def test_a_dropped_push():
    # The gateway drops the connection of A's first push of o1.
    service, _, sent = make(["A", "B", "C"], dropped={("A", "o1")})
    delivery = service.dispatch("o1")
    assert (delivery.worker, delivery.attempts) == ("B", 2)
    assert sent == [("A", "o1"), ("B", "o1")]


def test_a_failed_worker_comes_back_with_its_heartbeat():
    service, _, _ = make(["A", "B", "C"], refused={("B", "o2")})
    assert workers_for(service, ["o1", "o2", "o3"]) == ["A", "C", "A"]
    service.heartbeat("B")
    assert service.dispatch("o4").worker == "B"


def test_a_silent_worker_is_skipped():
    service, clock, _ = make(["A", "B"])
    clock.now = 20.0
    service.heartbeat("A")
    clock.now = 40.0
    assert workers_for(service, ["o1", "o2"]) == ["A", "A"]


def test_a_silent_worker_comes_back_with_its_heartbeat():
    service, clock, _ = make(["A", "B"])
    clock.now = 40.0
    service.heartbeat("B")
    assert service.dispatch("o1").worker == "B"
    service.heartbeat("A")
    assert workers_for(service, ["o2", "o3"]) == ["A", "B"]


def test_nobody_available_means_undeliverable():
    service, clock, sent = make(["A", "B"])
    clock.now = 31.0
    delivery = service.dispatch("o1")
    assert (delivery.worker, delivery.attempts) == (None, 0)
    assert sent == []


def test_every_send_failing_means_undeliverable():
    service, _, sent = make(["A", "B"], refused={("A", "o1"), ("B", "o1")})
    delivery = service.dispatch("o1")
    assert (delivery.worker, delivery.attempts) == (None, 2)
    assert sent == [("A", "o1"), ("B", "o1")]


def test_a_worker_that_left_gets_no_orders():
    service, _, _ = make(["A", "B", "C"])
    service.leave("B")
    assert workers_for(service, ["o1", "o2", "o3"]) == ["A", "C", "A"]


def test_leaving_twice_is_refused():
    service, _, _ = make(["A", "B"])
    service.leave("A")
    with pytest.raises(KeyError):
        service.leave("A")


def test_a_heartbeat_from_a_stranger_is_refused():
    service, _, _ = make(["A"])
    with pytest.raises(KeyError):
        service.heartbeat("Z")


def test_stats_count_offers_deliveries_and_failures():
    service, _, _ = make(["A", "B"], refused={("A", "o3"), ("B", "o4")})
    # A, B, B (A refused o3), nobody (A is down, and B refuses o4)
    assert workers_for(service, ["o1", "o2", "o3", "o4"]) == ["A", "B", "B", None]
    a, b = service.stats("A"), service.stats("B")
    assert (a.offered, a.delivered, a.failed) == (2, 1, 1)
    assert (b.offered, b.delivered, b.failed) == (3, 2, 1)


def test_a_worker_that_joins_again_starts_from_zero():
    service, _, _ = make(["A", "B"])
    workers_for(service, ["o1", "o2"])
    service.leave("A")
    service.join("A")
    stats = service.stats("A")
    assert (stats.offered, stats.delivered, stats.failed) == (0, 0, 0)
