"""A learner's regression tests for concurrent_round_robin, of the kind the debrief scores."""

import threading

from concurrent_round_robin import ConcurrentRoundRobin


def test_rotation():
    rr = ConcurrentRoundRobin(["A", "B", "C"])
    assert [rr.assign() for _ in range(4)] == ["A", "B", "C", "A"]


def test_nobody_available_returns_none():
    rr = ConcurrentRoundRobin(["A"])
    rr.set_available("A", False)
    assert rr.assign() is None


def test_one_call_returns():
    done = []
    thread = threading.Thread(target=lambda: done.append(ConcurrentRoundRobin(["A"]).assign()))
    thread.start()
    thread.join(1)
    assert done == ["A"]


def test_threads_share_fairly():
    rr = ConcurrentRoundRobin(["A", "B", "C"])
    got = []
    threads = [
        threading.Thread(target=lambda: got.extend(rr.assign() for _ in range(300)))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert sorted(got.count(worker) for worker in "ABC") == [400, 400, 400]


def test_unknown_worker():
    rr = ConcurrentRoundRobin(["A"])
    try:
        rr.set_available("B", True)
    except KeyError:
        return
    raise AssertionError("no KeyError")
