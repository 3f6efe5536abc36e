"""Spec tests for concurrent_round_robin: the round_robin contract, one thread at a time.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each test imports the learner's module afresh (through `dispatcher()`).
"""

from __future__ import annotations

import pytest

from tests.harness.toolkit import rotation
from tests.harness.toolkit.differential import pick, rule
from tests.harness.toolkit.spec import fresh, show


def dispatcher(workers: list[str]):
    return fresh("concurrent_round_robin").ConcurrentRoundRobin(workers)


def test_no_call_on_one_thread_waits_forever():
    """one thread: no call waits forever"""
    rr = dispatcher(["A", "B", "C"])
    # Each call must return: one that waits for ever runs out of time here. What the
    # calls give is for the tests below.
    rr.assign()
    rr.set_available("B", False)
    rr.assign()
    rr.set_available("B", True)


def test_nobody_available_gives_none_and_the_cursor_stays():
    """one thread: with nobody available assign() returns None, and the cursor stays"""
    rr = dispatcher(["A", "B", "C"])
    first = rr.assign()
    for worker in "ABC":
        rr.set_available(worker, False)
    nobody = rr.assign()
    rr.set_available("A", True)
    rr.set_available("C", True)
    after = rr.assign()
    assert (first, nobody, after) == ("A", None, "C"), (
        "workers A, B, C: assign() gave "
        f"{first!r}; with all three unavailable, assign() should give None and leave the "
        f"cursor on B; it gave {nobody!r}; A and C back, the next assign() should give 'C'; "
        f"got {after!r}"
    )


def test_refused_calls_raise():
    """a duplicate id raises ValueError, an unknown worker KeyError"""
    with pytest.raises(ValueError):
        dispatcher(["A", "B", "A"])
    rr = dispatcher(["A"])
    with pytest.raises(KeyError):
        rr.set_available("Z", True)


def test_the_one_available_worker_is_found_in_a_long_list():
    """one thread: the one available worker is found however many unavailable ones
    lie before it

    2,000 workers, past any cap on the search a dispatcher might think safe (64,
    512, 1,000, 1,024): 10 ms for the reference, 0.1 s for a design whose
    set_available() copies a set of them all.
    """
    workers = [f"w{index}" for index in range(2000)]
    rr = dispatcher(workers)
    for worker in workers[:-1]:
        rr.set_available(worker, False)
    got = rr.assign()
    assert got == "w1999", (
        "workers w0 .. w1999, every one but w1999 made unavailable: assign() should give "
        f"'w1999'; got {got!r}"
    )


def test_a_duplicate_late_in_a_long_list_raises():
    """one thread: a list holding an id twice raises ValueError, wherever the two are"""
    workers = [f"w{index}" for index in range(40)] + ["w38"]
    with pytest.raises(ValueError):
        dispatcher(workers)
        pytest.fail("workers w0 .. w39 and then w38 again should raise ValueError; it did not")


def test_dispatchers_of_equal_lists_are_independent():
    """one thread: two dispatchers made from equal lists share nothing"""
    new = fresh("concurrent_round_robin").ConcurrentRoundRobin  # one class for both
    first = new(["A", "B"])
    first.set_available("A", False)
    new(["A", "B"]).set_available("B", False)
    got = [first.assign(), first.assign()]
    assert got == ["B", "B"], (
        "dispatcher 1 of workers A, B with A made unavailable, then dispatcher 2 of "
        "workers A, B made with B unavailable: 2 assign() calls on dispatcher 1 should "
        f"give 'B', 'B'; got {show(got)}"
    )


def test_ids_are_compared_exactly():
    """one thread: ids that differ only in case, whitespace, Unicode form or past their
    40th character, and the empty id, are different workers"""
    long1, long2 = "x" * 40 + "1", "x" * 40 + "2"
    workers = ["", "a ", "A", "é", "e\u0301", long1, long2]
    rr = dispatcher(workers)
    for worker in ("", "é", long2):
        rr.set_available(worker, False)
    got = [rr.assign() for _ in range(5)]
    expected = ["a ", "A", "e\u0301", long1, "a "]
    assert got == expected, (
        f"workers {show(workers)} with '', 'é' and the second long id made unavailable: 5 "
        f"assign() calls should give {show(expected)}; got {show(got)}"
    )


def test_the_walkthrough():
    """one thread: B unavailable gives A, C, A; B back gives B"""
    rr = dispatcher(["A", "B", "C"])
    rr.set_available("B", False)
    got = [rr.assign() for _ in range(3)]
    rr.set_available("B", True)
    got.append(rr.assign())
    assert got == ["A", "C", "A", "B"], (
        "workers A, B, C; B made unavailable, 3 assign() calls, B made available again, "
        f"one more assign(): the calls should give 'A', 'C', 'A', 'B'; got {show(got)}"
    )


class Concurrent(rotation.Dispatchers):
    modules = ("concurrent_round_robin",)
    imports = "from concurrent_round_robin import ConcurrentRoundRobin"
    class_name = "ConcurrentRoundRobin"


class ConcurrentLongRuns(rotation.LongRuns, Concurrent):
    """round_robin's long runs on smaller pools: a thread-safe design may search all the
    available workers at each call, which the contract allows (O(n))."""

    @rule(weight=4, when=rotation.few_instances, size=pick(21, 42))
    def create_pool(self, size: int) -> None:
        rotation.LongRuns.create_pool(self, size)


@pytest.mark.slow
def test_generated_call_sequences_follow_the_contract():
    """one thread: every call of hundreds of generated call sequences, on several
    dispatchers at once, does what the round_robin contract says"""
    # Fewer than round_robin's: a thread-safe dispatcher's calls cost more.
    rotation.follows_the_contract(Concurrent, sequences=120)


@pytest.mark.slow
def test_long_runs_follow_the_contract():
    """one thread: thousands of calls on one dispatcher, hundreds of thousands of positions
    walked, and workers going down and coming back thousands of times, as the contract
    says"""
    rotation.follows_the_contract_over_long_runs(ConcurrentLongRuns, sequences=6)


@pytest.mark.slow
def test_the_rotation_keeps_its_order_over_the_longest_run():
    """one thread: over 140,000 assign() calls the rotation keeps its order"""
    rotation.keeps_turning_over_the_longest_run(
        dispatcher, "ConcurrentRoundRobin", "concurrent_round_robin"
    )


@pytest.mark.slow
def test_a_worker_flapping_70_000_times_keeps_its_turn():
    """one thread: a worker made unavailable and available again 70,000 times keeps its turn"""
    rotation.keeps_a_flapping_worker_in_turn(
        dispatcher, "ConcurrentRoundRobin", "concurrent_round_robin"
    )
