"""Spec tests for concurrent_round_robin: calls from several threads, on a schedule.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Threads take turns line by line through the learner's module
(tests.harness.toolkit.interleaving): each scenario is run once for every point at
which the first thread can be paused while the other makes its calls, each
thread first in turn. Every such run must give the results of some
one-at-a-time order of the same calls; the verdict is the same on every run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.toolkit.differential import fresh
from tests.harness.toolkit.interleaving import Call, Scenario, Story, first_break, first_hang
from tests.harness.toolkit.rotation import Dispatcher

# Timing tests and long runs: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

ASSIGN = Call("rr.assign()", lambda rr: rr.assign())


def unavailable(worker: str) -> Call:
    return Call(f"rr.set_available({worker!r}, False)", lambda rr: rr.set_available(worker, False))


def available(worker: str) -> Call:
    return Call(f"rr.set_available({worker!r}, True)", lambda rr: rr.set_available(worker, True))


def scenario(
    workers: list[str], down: list[str], *threads: list[Call], before: int = 0, **pausing
) -> tuple:
    """Threads sharing one dispatcher of `workers`, those in `down` made unavailable
    first, and then `before` assign() calls made on one thread; `pausing` is
    Scenario's `opcodes` and `preemptions`."""

    def make(new):
        def build():
            rr = new()(workers)
            for worker in down:
                rr.set_available(worker, False)
            for _ in range(before):
                rr.assign()
            return rr

        return build

    # The module is imported afresh for each run, inside the run: its locks are
    # then the scheduler's, however it imports them.
    learner_class = lambda: fresh("concurrent_round_robin").ConcurrentRoundRobin  # noqa: E731
    files = [Path(fresh("concurrent_round_robin").__file__)]
    learner = Scenario(make(learner_class), list(threads), files, **pausing)
    named = [repr(worker) for worker in down]
    listed = f"{', '.join(named[:-1])} and {named[-1]}" if len(named) > 1 else "".join(named)
    unwell = f" ({listed} unavailable)" if down else ""
    calls = f", on which one thread has made {before:,} assign() calls" if before else ""
    story = Story(f"one dispatcher rr of workers {', '.join(map(repr, workers))}{unwell}{calls}")
    return learner, make(lambda: Dispatcher), story


def holds(
    workers: list[str],
    down: list[str],
    *threads: list[Call],
    probes: int = 0,
    before: int = 0,
    **pausing,
) -> None:
    learner, model, story = scenario(workers, down, *threads, before=before, **pausing)
    story.probe, story.probes = ASSIGN, probes
    broken = first_break(learner, model, story)
    assert broken is None, broken


def test_two_assigns_at_once_give_two_workers():
    """two threads calling assign() at once get two different workers, and the
    cursor moves past both"""
    # Paused between lines; then inside a line too (a read-modify-write comes
    # apart there); then both paused in turn (a lock only one of them truly holds).
    for pausing in ({}, {"opcodes": True}, {"preemptions": 2}):
        holds(["A", "B", "C"], [], [ASSIGN], [ASSIGN], probes=1, **pausing)


def test_assign_while_a_worker_goes_down():
    """assign() while another thread makes a worker unavailable gives what one call
    after the other gives, and raises nothing"""
    holds(["A", "B", "C", "D"], [], [ASSIGN, ASSIGN], [unavailable("B")], probes=2)


def test_assign_while_a_worker_comes_back():
    """assign() while another thread makes a worker available again gives what one
    call after the other gives, and raises nothing"""
    holds(["A", "B", "C", "D"], ["B"], [ASSIGN, ASSIGN], [available("B")], probes=2)


def test_assign_while_the_last_available_worker_goes_down():
    """assign() while another thread takes the last available worker down gives that
    worker or None, and raises nothing"""
    holds(["A", "B", "C"], ["A", "C"], [ASSIGN], [unavailable("B")], probes=1)


def test_assign_while_another_thread_makes_two_changes():
    """assign() while another thread brings one worker back and takes another down
    gives what some one-at-a-time order of the three calls gives"""
    holds(["A", "B", "C"], ["A", "B"], [ASSIGN], [available("A"), unavailable("C")], probes=1)


def test_assign_while_another_thread_brings_two_workers_back():
    """assign() while another thread brings two workers back gives what some
    one-at-a-time order of the three calls gives"""
    holds(["A", "B", "C"], ["A", "B", "C"], [ASSIGN], [available("A"), available("C")], probes=1)


def test_assign_while_another_thread_assigns_and_changes_workers():
    """assign() while another thread makes several calls, assign() among them, gives
    what some one-at-a-time order of all the calls gives"""
    holds(["A", "B", "C"], ["A"], [ASSIGN], [unavailable("B"), available("A"), ASSIGN], probes=1)
    holds(["A", "B", "C"], [], [ASSIGN], [ASSIGN, unavailable("A"), ASSIGN, ASSIGN], probes=1)


def test_assign_while_an_available_worker_is_marked_available():
    """assign() while another thread marks an available worker available again gives
    that worker: a worker available the whole time is never skipped"""
    holds(["A", "B", "C"], [], [available("A")], [ASSIGN], probes=1)


def test_set_available_from_two_threads_at_once():
    """set_available() calls from two threads at once each take effect: none is lost,
    even paused inside a line"""
    threads = [available("A"), unavailable("A")], [available("B")]
    holds(["A", "B", "C"], ["A", "B", "C"], *threads, probes=1, opcodes=True)
    # The same worker, set the same way by both: it ends unavailable.
    holds(["A", "B"], [], [unavailable("A")], [unavailable("A")], probes=2)


def test_calls_spread_over_threads_give_each_worker_its_share():
    """six assign() calls over two threads give each of three workers exactly two,
    and never a worker that was unavailable the whole time"""
    holds(["A", "B", "C", "D"], ["D"], [ASSIGN] * 3, [ASSIGN] * 3)


def test_calls_at_once_after_a_thousand_calls_on_one_thread():
    """assign() while another thread makes a worker unavailable, after a thousand assign()
    calls on one thread, gives what one call after the other gives: whatever a
    dispatcher does every thousand calls, no change is lost

    The racing assign() is the 1,000th, then the 1,024th: every run of each
    schedule makes the thousand calls first, 0.3 s in all for the reference.
    """
    for before in (999, 1023):
        holds(["A", "B", "C"], [], [ASSIGN], [unavailable("B")], probes=2, before=before)


def test_no_call_waits_forever():
    """calls made at once never wait for each other for ever, and always end"""
    for workers, threads in (
        (["A", "B", "C"], [[ASSIGN], [ASSIGN]]),
        (["A", "B", "C"], [[ASSIGN], [unavailable("B")]]),
        (["A", "B"], [[unavailable("A")], [unavailable("B")]]),
    ):
        learner, _, story = scenario(workers, [], *threads)
        hung = first_hang(learner, story)
        assert hung is None, hung
