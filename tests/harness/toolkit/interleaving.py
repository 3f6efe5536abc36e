"""Concurrency spec tests that give the same verdict every time: threads that
take turns line by line, on a schedule.

A race shows up once in a thousand runs when threads are left to the
operating system. Here they are not: each thread the test starts runs the
learner's code only while it holds the baton, which the scheduler passes at
the line events of the learner's module (sys.settrace). A schedule says how
many lines thread A runs before thread B gets the baton; trying every such
point, each way round, explores every interleaving with one preemption —
which is where check-then-act races and lost updates live — and replays
the same way on every run.

A scenario may also pause threads between the bytecode instructions of a
line (`opcodes`), where a read-modify-write such as `self.count += 1` comes
apart, as it does on a free-threaded Python; and with two preemptions
(thread A paused, thread B paused, then both go on), which a lock that
does not exclude needs before it shows. The points are the same on every CPython
from 3.10 (tests/selftest/test_interleaving.py): each version is asked for opcode
events in the way it honours from a code's first call, and a comprehension on one
line is paused alike whether or not it has a frame of its own.

The learner's `threading.Lock`, `threading.RLock`, `threading.Semaphore`,
`threading.BoundedSemaphore` and `_thread.allocate_lock` are instrumented
while a scenario runs (`instrumented_locks`): a thread about to block on a
lock held by another says so, and the baton goes to a thread that can run,
so a correct lock never deadlocks the scheduler, and a real deadlock is seen
as one (every thread blocked) at once. An acquire that does not wait
(`blocking=False`) or waits a while (`timeout=`) for a lock another
scheduled thread holds fails at once the first time, as it may when that
thread is slow, and, tried again, waits until the lock is let go before it
fails: a retry loop lets the holder run rather than spinning; its
time.sleep returns at once. A thread that
neither steps nor blocks for FALLBACK seconds (blocked in some other
primitive) is passed over; one that runs more than MAX_STEPS steps is
stopped. Threads are daemons, and a scenario that ends early stops its
threads at their next step.
"""

from __future__ import annotations

import _thread
import contextlib
import linecache
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from tests.harness.toolkit.waiting import held_here

# s without a line or a lock event before a thread holding the baton is passed over.
FALLBACK = 0.25
# Steps (lines, or instructions) of the learner's code one run may make, all
# threads together.
MAX_STEPS = 20_000
DEADLOCK = -1  # what _Control.next_to_run says when no thread can go on
# Before Python 3.12 a list, set or dict comprehension runs in a frame of its own,
# whose first line event repeats the line its caller is on; 3.12 runs it in its
# caller's frame (PEP 709), with no such event. That first line is no step, so a
# scenario pauses a comprehension on one line alike on every version.
INLINED = ("<listcomp>", "<setcomp>", "<dictcomp>") if sys.version_info < (3, 12) else ()


class Stop(BaseException):
    """Raised into a scenario's thread at its next line once the scenario is over."""


@dataclass
class Call:
    """One call a thread makes: `run` it on the instance; `code` says it in Python."""

    code: str
    run: Callable[[object], object]


@dataclass
class Result:
    value: object = None
    raised: BaseException | None = None


@dataclass
class Run:
    """What a scenario's threads did under one schedule."""

    first: int = 0  # the thread that ran first, and was preempted
    results: dict[int, list[Result]] = field(default_factory=dict)  # by thread
    # Each preemption, in order: the thread, where it was paused (file, line,
    # and whether in the middle of the line), and which of its calls it was in.
    pauses: list[tuple[int, tuple[str, int, bool], int]] = field(default_factory=list)
    # The blocked threads of a deadlock: where each waits, and which thread holds
    # the lock it waits for (None: not a thread of the scenario).
    deadlock: dict[int, tuple[tuple[str, int, bool], int | None]] = field(default_factory=dict)
    runaway: bool = False  # MAX_STEPS lines and still going


class _Control:
    """The baton and what each scheduled thread is doing; one per run."""

    def __init__(self, files: set[str], opcodes: bool = False) -> None:
        self.files, self.opcodes = files, opcodes
        # A raw lock: the scheduler's own locks must never be the instrumented ones.
        self.cond = threading.Condition(_thread.allocate_lock())
        self.ids: dict[int, int] = {}  # thread ident -> scheduled thread number
        self.turn: int | None = None
        self.budget: dict[int, float] = {}
        self.steps: dict[int, int] = {}
        # new, running, paused (at a line, for the baton), blocked (on a lock held by
        # another thread), ready (got that lock, waits for the baton), slow (holds
        # the baton but neither steps nor blocks: in some other wait), done
        self.state: dict[int, str] = {}
        self.blocked_on: dict[int, _Lock | _Semaphore] = {}
        self.where: dict[int, tuple[str, int, bool]] = {}  # file, line, mid-line
        self.line_begins: dict[int, bool] = {}  # a line event came, its first opcode not yet
        self.inlined: dict[int, object] = {}  # a comprehension's frame, before its first line
        self.quiet = False  # the thread holding the baton has stopped
        self.total = 0
        self.over = False

    def me(self) -> int | None:
        return self.ids.get(threading.get_ident())

    # -- in the scheduled threads --

    def tracer(self, frame, event, arg):
        if event == "call" and frame.f_code.co_filename in self.files:
            # The frame's tracer before its opcode events: Python 3.13 turns them on
            # for a frame that has a tracer already, and otherwise only from the next
            # call of the same code on (the first call of an assign() made afresh
            # would run whole lines).
            frame.f_trace = self._line
            frame.f_trace_opcodes = self.opcodes
            if not self.opcodes and frame.f_code.co_name in INLINED:
                self.inlined[self.me()] = frame
            return self._line
        return None

    def _line(self, frame, event, arg):
        if not self.opcodes:
            if event == "line" and self.inlined.get(self.me()) is frame:
                del self.inlined[self.me()]  # its first line: no step (see INLINED)
            elif event == "line":
                self.step(frame.f_code.co_filename, frame.f_lineno, mid=False)
        elif event == "line":
            self.line_begins[self.me()] = True
        elif event == "opcode":
            mid = not self.line_begins.pop(self.me(), False)
            self.step(frame.f_code.co_filename, frame.f_lineno, mid)
        return self._line

    def step(self, file: str, line: int, mid: bool) -> None:
        """Before each step (line, or instruction) of the learner's code: wait for
        the baton and the budget."""
        tid = self.me()
        with self.cond:
            self.where[tid] = (file, line, mid)
            while not self.over and (self.turn != tid or self.steps[tid] >= self.budget[tid]):
                if self.turn == tid:
                    self._stopped(tid, "paused")
                else:
                    self.state[tid] = "paused"
                self.cond.wait(FALLBACK)
            if self.over:
                raise Stop
            self.state[tid] = "running"
            self.steps[tid] += 1
            self.total += 1
            if self.total > MAX_STEPS:
                self.over = True
                self.cond.notify_all()
                raise Stop

    def blocking(self, lock: _Lock | _Semaphore) -> None:
        """The thread is about to wait for a lock another thread holds."""
        tid = self.me()
        with self.cond:
            self.blocked_on[tid] = lock
            self._stopped(tid, "blocked")

    def unblocked(self) -> None:
        """The thread has the lock: it goes on when the baton comes back to it."""
        tid = self.me()
        with self.cond:
            del self.blocked_on[tid]
            self.state[tid] = "ready"
            self.cond.notify_all()
            while not self.over and self.turn != tid:
                self.cond.wait(FALLBACK)
            self.state[tid] = "running"

    def done(self, tid: int) -> None:
        with self.cond:
            self._stopped(tid, "done")

    def _stopped(self, tid: int, state: str) -> None:
        self.state[tid] = state
        if self.turn == tid:
            self.quiet = True
        self.cond.notify_all()

    # -- in the scheduler --

    def give(self, tid: int) -> None:
        """Pass the baton to `tid` and wait until it stops: paused, blocked or done."""
        with self.cond:
            self.turn, self.quiet = tid, False
            self.cond.notify_all()
            give_up = time.monotonic() + FALLBACK
            while not self.quiet and not self.over and self.state[tid] != "done":
                left = give_up - time.monotonic()
                if left <= 0:  # no line and no lock event: waiting somewhere else
                    self.state[tid] = "slow"
                    return
                self.cond.wait(left)

    def next_to_run(self, order: list[int]) -> int | None:
        """The first thread of `order` that can run; None when all are done;
        DEADLOCK when every one left waits for a lock another holds."""
        with self.cond:
            while True:
                waiting = [tid for tid in order if self.state[tid] != "done"]
                if not waiting:
                    return None
                for tid in waiting:
                    if self.state[tid] != "blocked":
                        return tid
                if all(self.blocked_on[tid].held for tid in waiting):
                    return DEADLOCK
                # A lock was let go: its waiter is about to take it and say so.
                self.cond.wait(FALLBACK)

    def end(self) -> None:
        with self.cond:
            self.over = True
            self.cond.notify_all()


class _Lock:
    """A lock that tells the scheduler when a scheduled thread is about to block on it."""

    def __init__(self, inner: object, control: _Control) -> None:
        self._inner, self._control = inner, control
        self.held = 0  # acquisitions not yet released (an RLock's count), any thread
        self.owner: int | None = None  # the scheduled thread that took it, if one did
        self.refused: set[int] = set()  # scheduled threads whose try at it failed

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        me = self._control.me()
        got = self._inner.acquire(False)
        trying = not blocking or timeout >= 0
        if not got and trying and me is not None and self.owner not in (None, me):
            return self._tried(me)
        if not got and blocking:
            if me is None:
                got = self._inner.acquire(True, timeout)
            else:
                self._control.blocking(self)
                got = self._inner.acquire(True, timeout)
                self._control.unblocked()
        if got:
            self.refused.discard(me)
            self.held += 1
            self.owner = me
        return got

    def _tried(self, me: int) -> bool:
        """A try at the lock while another scheduled thread holds it: it fails at
        once; tried again, it fails once the holder has let go."""
        if me in self.refused:
            self._control.blocking(self)
            self._inner.acquire()
            self._inner.release()
            self._control.unblocked()
        self.refused.add(me)
        return False

    def release(self) -> None:
        self._inner.release()
        self.held -= 1
        if not self.held:
            self.owner = None
        with self._control.cond:
            self._control.cond.notify_all()

    def locked(self) -> bool:
        return self.held > 0

    def _is_owned(self) -> bool:
        """For threading.Condition: whether this thread holds the lock (an RLock knows)."""
        return held_here(self._inner)

    __enter__ = acquire

    def __exit__(self, *exc_info: object) -> None:
        self.release()


class _Semaphore:
    """A semaphore that tells the scheduler when a scheduled thread is about to wait
    on it; `held` while it has no unit left (no thread owns a semaphore)."""

    owner = None

    def __init__(self, control: _Control, value: int = 1, bounded: bool = False) -> None:
        if value < 0:
            raise ValueError("semaphore initial value must be >= 0")
        self._control, self._bounded = control, bounded
        self._value = self._initial = value
        self._cond = threading.Condition(_thread.allocate_lock())  # the scheduler's: raw
        self.refused: set[int] = set()
        # Blocked threads that have taken their unit but not yet said so (unblocked):
        # until they do, the scheduler still sees them blocked, on a semaphore at 0.
        self._taking = 0

    @property
    def held(self) -> bool:
        # A thread that has taken its unit is not waiting for one: not a deadlock.
        return self._value == 0 and not self._taking

    def acquire(self, blocking: bool = True, timeout: float | None = None) -> bool:
        me = self._control.me()
        with self._cond:
            if self._value:
                self._value -= 1
                self.refused.discard(me)
                return True
            if me is None:
                if not blocking or not self._cond.wait_for(lambda: self._value, timeout):
                    return False
                self._value -= 1
                return True
        trying = not blocking or timeout is not None
        if trying and me not in self.refused:  # as _Lock._tried
            self.refused.add(me)
            return False
        self._control.blocking(self)
        with self._cond:
            self._cond.wait_for(lambda: self._value)
            if not trying:
                self._taking += 1  # first, so that a unit taken is never seen as held
                self._value -= 1
        self._control.unblocked()
        if not trying:
            with self._cond:
                self._taking -= 1
        return not trying

    def release(self, n: int = 1) -> None:
        if n < 1:
            raise ValueError("n must be one or more")
        with self._cond:
            if self._bounded and self._value + n > self._initial:
                raise ValueError("Semaphore released too many times")
            self._value += n
            self._cond.notify(n)
        with self._control.cond:
            self._control.cond.notify_all()

    __enter__ = acquire

    def __exit__(self, *exc_info: object) -> None:
        self.release()


@contextlib.contextmanager
def instrumented_locks(control: _Control) -> Iterator[None]:
    """The locks and semaphores the learner's module can make, instrumented; and
    time.sleep, which returns at once in a scheduled thread."""
    plain = (threading.Lock, threading.RLock, threading.Semaphore, threading.BoundedSemaphore)
    allocate = _thread.allocate_lock

    def raw_lock() -> object:
        # Only the learner's own raw locks: importlib makes its module locks so too.
        if sys._getframe(1).f_code.co_filename in control.files:
            return _Lock(allocate(), control)
        return allocate()

    real_sleep = time.sleep

    def sleep(seconds: float) -> None:
        # A scheduled thread's sleep is a pause of its own, not a wait for another
        # thread: the schedule, not the clock, says who runs next, and a lock's retry
        # loop (a failed try, a sleep, a try again) costs steps rather than
        # milliseconds of real time that a loaded machine stretches.
        if control.me() is None:
            real_sleep(seconds)

    threading.Lock = lambda: _Lock(plain[0](), control)
    threading.RLock = lambda *args, **kwargs: _Lock(plain[1](), control)
    threading.Semaphore = lambda value=1: _Semaphore(control, value)
    threading.BoundedSemaphore = lambda value=1: _Semaphore(control, value, bounded=True)
    _thread.allocate_lock = raw_lock
    time.sleep = sleep
    try:
        yield
    finally:
        threading.Lock, threading.RLock, threading.Semaphore, threading.BoundedSemaphore = plain
        _thread.allocate_lock = allocate
        time.sleep = real_sleep


class Scenario:
    """Threads making calls on one instance, run under one schedule at a time.

    `make()` builds the instance (importing the learner's module: call it
    inside `instrumented_locks`, which `run` does); `threads[n]` are the calls
    thread n makes, in order; `files` are the learner's source files, whose
    lines (or, with `opcodes`, bytecode instructions) are the scheduling
    points; `preemptions` is 1 or, for two threads, 2.
    """

    def __init__(
        self,
        make: Callable[[], object],
        threads: list[list[Call]],
        files: list[Path],
        opcodes: bool = False,
        preemptions: int = 1,
    ) -> None:
        self.make, self.threads = make, threads
        self.files = {str(path) for path in files}
        self.opcodes, self.preemptions = opcodes, preemptions

    def run(self, segments: list[tuple[int, int]]) -> tuple[object, Run]:
        """Each (thread, steps) of `segments` in turn runs that many steps and is
        paused; then, from the thread after the last one paused, the threads take
        turns until done.

        Returns the instance, for the caller to probe, and what happened.
        """
        control = _Control(self.files, self.opcodes)
        run = Run(segments[0][0])
        with instrumented_locks(control):
            instance = self.make()
            workers = [
                self._start(control, tid, calls, instance, run)
                for tid, calls in enumerate(self.threads)
            ]
            try:
                self._schedule(control, segments, run)
            finally:
                control.end()
        for tid, worker in enumerate(workers):
            if tid not in run.deadlock:  # a deadlocked thread never ends: a daemon, left
                worker.join(FALLBACK)
        return instance, run

    def _start(
        self, control: _Control, tid: int, calls: list[Call], instance: object, run: Run
    ) -> threading.Thread:
        control.budget[tid], control.steps[tid], control.state[tid] = float("inf"), 0, "new"
        run.results[tid] = []
        started = threading.Event()

        def body() -> None:
            control.ids[threading.get_ident()] = tid
            started.set()
            _settrace(control.tracer, control.opcodes)
            try:
                for call in calls:
                    try:
                        run.results[tid].append(Result(value=call.run(instance)))
                    except Stop:
                        return
                    except BaseException as raised:
                        run.results[tid].append(Result(raised=raised))
            finally:
                sys.settrace(None)
                control.done(tid)

        worker = threading.Thread(target=body, daemon=True, name=f"scenario-thread-{tid + 1}")
        worker.start()
        started.wait()
        return worker

    def _schedule(self, control: _Control, segments: list[tuple[int, int]], run: Run) -> None:
        for tid, steps in segments:
            control.budget[tid] = control.steps[tid] + steps
            control.give(tid)
            if control.state[tid] != "paused":
                break
            run.pauses.append((tid, control.where[tid], len(run.results[tid])))
        for tid in control.budget:
            control.budget[tid] = float("inf")
        # From the thread after the last one paused, round the threads: with one
        # preemption the others first, then back to the first; with two, the first
        # goes on, then the second.
        after = (segments[-1][0] + 1) % len(self.threads)
        order = [(after + shift) % len(self.threads) for shift in range(len(self.threads))]
        while not control.over:
            tid = control.next_to_run(order)
            if tid is None:
                return
            if tid == DEADLOCK:
                run.deadlock = {
                    t: (control.where.get(t, ("?", 0, False)), lock.owner)
                    for t, lock in control.blocked_on.items()
                }
                return
            control.give(tid)
            if control.state[tid] == "slow":  # waiting on something else: the others first
                order = [*(t for t in order if t != tid), tid]
        run.runaway = control.total > MAX_STEPS

    def explore(self) -> Iterator[tuple[object, Run]]:
        """Every run with at most `preemptions` preemptions: each thread first,
        paused after 0, 1, 2, ... steps until it no longer needs pausing (it ended
        first); with two, the second thread is then paused in the same way."""
        for first in range(len(self.threads)):
            for after in range(MAX_STEPS):
                instance, run = self.run([(first, after)])
                yield instance, run
                if not run.pauses or run.deadlock or run.runaway:
                    break
                if self.preemptions == 2 and after:
                    yield from self._second(first, after)

    def _second(self, first: int, after: int) -> Iterator[tuple[object, Run]]:
        second = (first + 1) % len(self.threads)
        for then in range(1, MAX_STEPS):
            instance, run = self.run([(first, after), (second, then)])
            if len(run.pauses) < 2 or run.deadlock or run.runaway:
                return
            yield instance, run


def _settrace(tracer: Callable, opcodes: bool) -> None:
    """sys.settrace(tracer) for this thread, with opcode events where `opcodes`.

    Python 3.12 sends opcode events only after a frame has asked for them, and only
    to the threads whose sys.settrace() came after that (CPython issue 114480). The
    frame that asks is one that never runs: a frame running in a thread with no
    tracer, with opcode events on, crashes 3.12.
    """
    if opcodes:
        never_run = (None for _ in ())
        never_run.gi_frame.f_trace_opcodes = True
    sys.settrace(tracer)


def source_line(file: str, line: int) -> str:
    """The text of a line of the learner's code, stripped, for a report."""
    return linecache.getline(file, line).strip()


# -- judging a scenario: every run must be one of the one-at-a-time orders --


def merges(lengths: list[int]) -> Iterator[list[int]]:
    """Every order of the threads' calls that keeps each thread's own order."""
    if not any(lengths):
        yield []
        return
    for tid, left in enumerate(lengths):
        if left:
            rest = [*lengths[:tid], left - 1, *lengths[tid + 1 :]]
            yield from ([tid, *tail] for tail in merges(rest))


@dataclass
class Story:
    """How a report tells a scenario: what the threads share, and what comes after."""

    shared: str  # e.g. "one dispatcher of workers 'A', 'B', 'C' (rr)"
    probe: Call | None = None  # a call made after the threads, to see the state they left
    probes: int = 0


def first_break(scenario: Scenario, model: Callable[[], object], story: Story) -> str | None:
    """The first run whose results no one-at-a-time order of the calls gives, told
    in words; None if every run is one of them. Runs that hang are not judged
    here (see first_hang), but a scenario none of whose runs ends fails."""
    expected = _one_at_a_time(scenario, model, story)
    judged = 0
    for instance, run in scenario.explore():
        if run.deadlock or run.runaway:
            continue
        judged += 1
        got = [
            [_said(result) for result in run.results[tid]] for tid in range(len(scenario.threads))
        ]
        probed = _probe(instance, story)
        if (got, probed) not in expected:
            return _told(scenario, story, run, got, probed, expected)
    if not judged:  # nothing ran to its end: a pass would be a claim never tested
        return (
            f"{len(scenario.threads)} threads share {story.shared}, calling "
            + "; ".join(f"{_calls(calls)}" for calls in scenario.threads)
            + ": under every schedule tried, the calls waited for each other for ever or "
            "never ended, so no result could be compared with a one-at-a-time order"
        )
    return None


def first_hang(scenario: Scenario, story: Story) -> str | None:
    """The first run in which calls wait for each other for ever, or never end."""
    for _, run in scenario.explore():
        if run.deadlock:
            waits = "; ".join(
                f"thread {tid + 1} waits at {_at(where)} for a lock {_holder(owner, tid)}"
                for tid, (where, owner) in sorted(run.deadlock.items())
            )
            return (
                f"{_schedule(scenario, story, run)} Then {waits}, and none can go on: "
                "no call may wait for ever"
            )
        if run.runaway:
            return (
                f"{_schedule(scenario, story, run)} The calls ran more than {MAX_STEPS:,} "
                "lines of your code and were still going: no call may run for ever"
            )
    return None


def _holder(owner: int | None, waiting: int) -> str:
    if owner is None:
        return "no thread of the scenario holds"
    if owner == waiting:
        return "it holds itself"
    return f"thread {owner + 1} holds"


def _said(result: Result) -> str:
    if result.raised is not None:
        return f"raised {type(result.raised).__name__}: {result.raised}"
    return repr(result.value)


def _probe(instance: object, story: Story) -> list[str]:
    if story.probe is None:
        return []
    return [_said(_result(lambda: story.probe.run(instance))) for _ in range(story.probes)]


def _result(call: Callable[[], object]) -> Result:
    try:
        return Result(value=call())
    except Exception as raised:
        return Result(raised=raised)


def _one_at_a_time(
    scenario: Scenario, model: Callable[[], object], story: Story
) -> list[tuple[list[list[str]], list[str]]]:
    outcomes = []
    for order in merges([len(calls) for calls in scenario.threads]):
        instance, done = model(), [0] * len(scenario.threads)
        got: list[list[str]] = [[] for _ in scenario.threads]
        for tid in order:
            call = scenario.threads[tid][done[tid]]
            got[tid].append(_said(_result(partial(call.run, instance))))
            done[tid] += 1
        outcomes.append((got, _probe(instance, story)))
    return outcomes


def _at(where: tuple[str, int, bool]) -> str:
    file, line, _ = where
    text = source_line(file, line)
    return f"{Path(file).name} line {line}" + (f" (`{text}`)" if text else "")


def _calls(calls: list[Call]) -> str:
    return ", then ".join(call.code for call in calls)


def _schedule(scenario: Scenario, story: Story, run: Run) -> str:
    """The scenario and the schedule of `run`, in words."""
    threads = scenario.threads
    said = f"{len(threads)} threads share {story.shared}."
    first = run.first
    if not run.pauses:
        return f"{said} Thread {first + 1} calls {_calls(threads[first])} and runs first."
    told = []
    for tid, where, call in run.pauses:
        which = "" if len(threads[tid]) == 1 else f"in its {ORDINALS[call]} call, "
        point = "in the middle of" if where[2] else "before"
        told.append(
            f"thread {tid + 1} calls {_calls(threads[tid])} and is paused {which}{point} "
            f"{_at(where)}"
        )
    paused = [tid for tid, _, _ in run.pauses]
    others = [tid for tid in range(len(threads)) if tid not in paused]
    told += [f"thread {tid + 1} calls {_calls(threads[tid])}" for tid in others]
    told += [f"then thread {tid + 1} goes on" for tid in paused]
    text = "; ".join(told)
    return f"{said} {text[0].upper()}{text[1:]}."


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
# One-at-a-time orders a report lists; the others are counted.
LISTED = 2


def _told(
    scenario: Scenario,
    story: Story,
    run: Run,
    got: list[list[str]],
    probed: list[str],
    expected: list[tuple[list[list[str]], list[str]]],
) -> str:
    def results(each: list[list[str]], after: list[str]) -> str:
        text = "; ".join(
            f"thread {tid + 1}: "
            + ", ".join(
                f"{call.code} {_gave(value)}"
                for call, value in zip(scenario.threads[tid], values, strict=True)
            )
            for tid, values in enumerate(each)
        )
        if after and story.probe is not None:
            text += f"; after them, {story.probe.code} {_gave(', '.join(after))}"
            text += "" if len(after) == 1 else f" ({len(after)} calls)"
        return text

    unique = [option for index, option in enumerate(expected) if option not in expected[:index]]
    options = " — or — ".join(results(each, after) for each, after in unique[:LISTED])
    more = len(unique) - LISTED
    options += f" (or one of {more} more orders)" if more > 0 else ""
    return (
        f"{_schedule(scenario, story, run)} Got: {results(got, probed)}. One call at a time, "
        f"in any order, the calls would give: {options}"
    )


def _gave(said: str) -> str:
    return said if said.startswith("raised") else f"gave {said}"
