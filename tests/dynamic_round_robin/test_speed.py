"""Spec tests for dynamic_round_robin: what each call may cost.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

With n workers in the rotation (those removed before do not count) the
contract allows: O(n log n) to create a dispatcher, O(1) on average for
add_worker() and set_available(), O(n) at worst for remove_worker() and
assign(). Each test runs the reference well inside its time limit and a
plausible slower version far outside it; the times measured on a 2-core
machine are in each docstring.
"""

import contextlib

import pytest

# Timing tests and long runs: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow

N = 100_000
BIG = [f"w{n}" for n in range(N)]
STRANGERS = [f"stranger{n}" for n in range(20_000)]


def dispatcher(workers: list[str]):
    from dynamic_round_robin import DynamicRoundRobin

    return DynamicRoundRobin(list(workers))  # a copy: BIG stays as it is, whatever the code does


def refuses(error: type[Exception], scenario: str, call) -> None:
    """Fail unless `call` raises `error`; other exceptions are the learner's to see."""
    try:
        result = call()
    except error:
        return
    pytest.fail(f"{scenario} should raise {error.__name__}; it returned {result!r}")


def refusals(error: type[Exception], call, ids: list[str]) -> int:
    """How many of the calls `call(id)`, one per id, raised `error`."""
    count = 0
    for worker in ids:
        try:
            call(worker)
        except error:
            count += 1
    return count


def test_creating_a_dispatcher_takes_n_log_n_time():
    """creating a dispatcher of n workers takes O(n log n) time at most, refused or not

    100,000 workers; the same with a duplicate at the end; and every id twice.
    Measured on a 2-core machine: 0.06 s for the reference; counting each
    id's copies, or looking each id up in the list before it, takes minutes.
    """
    dispatcher(BIG)
    refuses(
        ValueError,
        "DynamicRoundRobin of w0..w99999 and w0 again",
        lambda: dispatcher([*BIG, "w0"]),
    )
    refuses(
        ValueError, "DynamicRoundRobin of w0..w99999, twice over", lambda: dispatcher(BIG + BIG)
    )


def test_add_worker_takes_constant_time():
    """add_worker() takes O(1) time on average, refused or not

    100,000 workers, then 100,000 more added one by one, and 20,000 refused
    add_worker() calls for ids already there. Measured on a 2-core machine:
    0.07 s for the reference; looking the id up in the list of workers
    (O(n) a call) takes about a minute.
    """
    rr = dispatcher(BIG)
    for n in range(N):
        rr.add_worker(f"x{n}")
    refused = refusals(ValueError, rr.add_worker, BIG[-20_000:])
    assert refused == 20_000, (
        "100,000 workers, 100,000 more added, then add_worker() for 20,000 ids of the first "
        f"100,000: each should raise ValueError; {refused} did"
    )


def test_set_available_takes_constant_time():
    """set_available() takes O(1) time on average, refused or not

    100,000 workers, each set unavailable in the order of the list and then
    available again, the last first, and 20,000 calls for ids that are not
    workers. Measured on a 2-core machine: 0.05 s for the reference; looking
    the id up in the list of workers (O(n) a call), or keeping the
    unavailable workers in a list that each worker coming back is searched
    for and taken out of (1.6 s for 10,000 workers, so about 150 s here),
    takes minutes.
    """
    rr = dispatcher(BIG)
    for worker in BIG:
        rr.set_available(worker, False)
    for worker in reversed(BIG):
        rr.set_available(worker, True)
    refused = refusals(KeyError, lambda worker: rr.set_available(worker, False), STRANGERS)
    assert refused == 20_000, (
        "100,000 workers, then set_available() for 20,000 ids that are not workers: each "
        f"should raise KeyError; {refused} did"
    )


def test_remove_worker_takes_linear_time():
    """remove_worker() takes O(n) time at worst

    100,000 workers, the cursor moved near the end, then 20 workers removed
    from the end and 20 from the front: what the cursor names afterwards is
    other tests' subject, this one only times the calls. Measured on a 2-core
    machine: 0.08 s for the reference, set-up included.
    """
    rr = dispatcher(BIG)
    for worker in BIG[: N - 50]:
        rr.set_available(worker, False)
    rr.assign()  # the cursor now names the worker after w99950
    for worker in BIG[-20:] + BIG[:20]:
        rr.remove_worker(worker)


def test_assign_takes_linear_time():
    """each assign() takes O(n) time at worst

    100,000 workers, all unavailable but the last, and 5 assign() calls, each
    looking at every worker. Measured on a 2-core machine: 0.07 s for the
    reference, set-up included; a search that checks at each step whether
    anyone is available at all takes minutes.
    """
    rr = dispatcher(BIG)
    for worker in BIG[:-1]:
        rr.set_available(worker, False)
    got = [rr.assign() for _ in range(5)]
    assert got == ["w99999"] * 5, (
        "100,000 workers, only the last, w99999, available: 5 assign() calls should give "
        f"'w99999' each time; {got.count('w99999')} did"
    )


CYCLES = 50_000


def whatever_it_gives(call, ids) -> None:
    """Make `call(id)` for each id, whatever each gives or raises: other tests judge that."""
    for worker in ids:
        with contextlib.suppress(Exception):
            call(worker)


def test_workers_removed_before_cost_nothing():
    """every call costs what the workers in the rotation now allow, however many workers
    have been removed before

    A dispatcher of 2 workers; 50,000 times, a new worker added and removed;
    then 20,000 assign() calls, set_available() for each of the 50,000 ids
    removed, and the 50,000 added again, the last removed first. What the
    calls give is other tests' subject, this one only times them. Measured
    on a 2-core machine: 0.1 s for the reference (0.15 s under load); a
    dispatcher that keeps something of every worker removed and searches it
    takes 20 s or more: holes left in the rotation and never closed (21 s
    when a removal finds its hole in O(1), so that only assign() walks the
    holes; over a minute when remove_worker() searches them too), a list of
    the ids removed searched by add_worker() (5.4 s with 10,000 removed, over
    two minutes here) or by a refused set_available() (1.6 s with 10,000,
    40 s here).
    """
    rr = dispatcher(["a", "b"])
    gone = [f"x{n}" for n in range(CYCLES)]
    for worker in gone:
        try:
            rr.add_worker(worker)
            rr.remove_worker(worker)
        except Exception:  # what the calls give is other tests' subject
            continue
    whatever_it_gives(lambda _: rr.assign(), range(20_000))
    whatever_it_gives(lambda worker: rr.set_available(worker, False), gone)
    whatever_it_gives(rr.add_worker, reversed(gone))
