"""The round-robin dispatcher's contract as a model and a machine of generated calls.

Two katas hold this contract: round_robin, and concurrent_round_robin on one
thread. Each names its module and class in a subclass of `Dispatchers`.

`Dispatcher` is the contract read as plainly as possible. `Dispatchers`
makes the same calls on the learner's dispatchers and on the model's, several
of each at once, and compares every call (tests.harness.toolkit.differential).
`LongRuns` draws the sequences that only go wrong late: thousands of
assign() calls on one dispatcher, hundreds of workers, hundreds of thousands
of positions walked past unavailable workers, one worker going down and
coming back thousands of times.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit.spec import show
from tests.harness.wording import snippets


class Dispatcher:
    """The contract, for obviousness rather than speed."""

    def __init__(self, workers: list[str]) -> None:
        if len(set(workers)) != len(workers):
            raise ValueError("worker ids must be unique")
        self.workers = list(workers)
        self.available = dict.fromkeys(workers, True)
        self.cursor = 0

    def set_available(self, worker: str, is_available: bool) -> None:
        if worker not in self.available:
            raise KeyError(worker)
        self.available[worker] = is_available

    def assign(self) -> str | None:
        count = len(self.workers)
        for step in range(count):
            index = (self.cursor + step) % count
            if self.available[self.workers[index]]:
                self.cursor = (index + 1) % count
                return self.workers[index]
        return None


# Ids that trip implementations up: case and whitespace variants, the empty
# id, one id a prefix of another, separators, non-ASCII text, a long id.
AWKWARD = [
    *("A", "B", "C", "a", "a ", " a", "", "a\n", "c1", "c10", "w-1", "w_1", "#", "中", "x" * 40),
    *("é", "e\u0301", "\uff21"),  # é written two ways, and a full-width A
]
IDS = gen.Text("aAbB01 _-#:é中🙂\t", max_size=6, common=AWKWARD)
IN_A_ROW = gen.pick(1, 2, 3, 5, 8, 300)
WHICH = gen.Integers(0, 2)
# set_available()'s arguments: one of the workers (or a stranger), and the value.
AVAILABILITY = {"choice": gen.Integers(0, 7), "stranger": IDS, "available": gen.booleans()}
# Changes a caller may make to its list after handing it over: (code, change).
CHANGES = {
    "append": (".append('zz')", lambda workers: workers.append("zz")),
    "insert": (".insert(0, 'zz')", lambda workers: workers.insert(0, "zz")),
    "reverse": (".reverse()", lambda workers: workers.reverse()),
    "clear": (".clear()", lambda workers: workers.clear()),
}


@dataclass
class Live(gen.Instance):
    """A dispatcher both sides have, and the list its caller handed over."""

    list_name: str
    callers_list: list[str]


class Dispatchers(gen.Machine):
    """Generated calls on several dispatchers at once; subclasses name the class."""

    class_name = ""

    def setup(self, module) -> None:
        self.new = getattr(module, self.class_name)
        self.lists = 0

    def make(self, workers: list[str], written: str) -> None:
        """A dispatcher of `workers` on both sides; the list is written `written`."""
        self.lists += 1
        list_name = f"workers{self.lists}"
        callers_list = list(workers)
        self.script.line(f"{list_name} = {written}")
        expected = gen.outcome(lambda: Dispatcher(list(workers)))
        create = lambda: self.new(callers_list)  # noqa: E731
        made = self.construct("rr", f"{self.class_name}({list_name})", create, expected)
        if made:
            self.live.append(Live(*made, expected.value, list_name, callers_list))

    @gen.rule(workers=gen.Lists(IDS, max_size=7))
    def create(self, workers: list[str]) -> None:
        self.make(workers, gen.code(workers))

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, **AVAILABILITY)
    def set_available(self, which: int, choice: int, stranger: str, available: bool) -> None:
        live = self.at(which)
        self.compare(
            live, "set_available", gen.chosen(live.model.workers, choice, stranger), available
        )

    @gen.macro(when=gen.has_instances, which=WHICH, available=gen.booleans())
    def set_everyone(self, which: int, available: bool) -> list:
        """The whole pool goes down or comes back: every worker in turn."""
        count = len(self.at(which).model.workers)
        return [
            (
                "set_available",
                {"which": which, "choice": index, "stranger": "", "available": available},
            )
            for index in range(count)
        ]

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, times=IN_A_ROW)
    def assign(self, which: int, times: int) -> None:
        live = self.at(which)
        expected = [gen.returns(live.model.assign()) for _ in range(times)]
        if times == 1:
            self.script.call(f"{live.name}.assign()", live.learner.assign, expected[0])
        else:
            self.script.repeat(f"{live.name}.assign()", live.learner.assign, expected)

    @gen.rule(when=gen.has_instances, which=WHICH, change=gen.pick(*CHANGES))
    def change_callers_list(self, which: int, change: str) -> None:
        live = self.at(which)
        text, apply = CHANGES[change]
        self.script.line(f"{live.list_name}{text}")
        apply(live.callers_list)


# Long runs: pools of hundreds of workers, runs of thousands of calls, pools
# thinned to pairs of workers 20 or 60 places apart and runs of assign() calls
# over them that walk WALKED positions (past 2**16 and 10**5), a worker coming
# back more than a thousand times, and one whose health check flaps 5,000 times
# (10,000 set_available() calls) while another stays down. Where each assign()
# walks further than FAR positions, a run of assign() calls makes as many calls
# as walk as far.
POOL_SIZES = gen.pick(300, 21)
IN_A_LONG_ROW = gen.pick(1200, 300, 2500)
COMEBACKS = gen.pick(1100, 40)
FLICKERS = gen.pick(5000, 300, 40)
APART = gen.pick(20, 60)
WALKED = 120_000
FAR = 20


def few_instances(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


def not_walked_yet(machine: gen.Machine) -> bool:
    return bool(machine.live) and not machine.walked


class LongRuns(Dispatchers):
    """The sequences that only go wrong late: state that drifts, wraps or resets
    after thousands of calls, hundreds of thousands of positions walked, or
    thousands of changes, on pools of hundreds of workers. Their runs are
    compared call by call in a tight loop (Script.numbered_rounds)."""

    create = None  # pools instead
    change_callers_list = None

    def setup(self, module) -> None:
        super().setup(module)
        self.walked = False

    @gen.rule(weight=4, when=few_instances, size=POOL_SIZES)
    def create_pool(self, size: int) -> None:
        """A pool of `size` workers named w0, w1, ..."""
        self.make([f"w{n}" for n in range(size)], f"[f'w{{n}}' for n in range({size})]")

    def as_far(self, live: Live, calls: int) -> int:
        """`calls` where each assign() walks FAR positions or fewer; where it walks further
        (a thinned pool), as many as walk as far."""
        model = live.model
        walk = len(model.workers) // max(1, sum(model.available.values()))
        return max(1, calls * FAR // max(FAR, walk))

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, times=IN_A_LONG_ROW)
    def assign_many(self, which: int, times: int) -> None:
        live = self.at(which)
        assign = self.in_round(live, "assign")
        self.script.numbered_rounds([assign], self.as_far(live, times))

    @gen.rule(weight=1, when=not_walked_yet, which=WHICH, apart=APART)
    def walk_far(self, which: int, apart: int) -> None:
        """Every worker goes down but pairs of neighbours `apart` places apart, and
        assign() is called until it has walked WALKED positions in all: once a
        sequence, for it takes time.

        Each call walks past dozens of unavailable workers, or none (to the second
        of a pair): a cursor that slips by any number of places shows at once.
        """
        self.walked = True
        live = self.at(which)
        size = len(live.model.workers)
        every = min(apart, size)
        down = self.in_round(
            live,
            "set_available",
            gen.PerRound("f'w{n}'", lambda n: f"w{n}"),
            gen.PerRound(f"n % {every} < 2", lambda n: n % every < 2),
        )
        self.script.numbered_rounds([down], size)
        assign = self.in_round(live, "assign")
        self.script.numbered_rounds([assign], WALKED * 2 // every)

    @gen.rule(
        weight=2, when=gen.has_instances, which=WHICH, choice=gen.Integers(0, 7), rounds=COMEBACKS
    )
    def flap(self, which: int, choice: int, rounds: int) -> None:
        """One worker goes down and comes back, `rounds` times, with assign() calls between."""
        live = self.at(which)
        worker = gen.chosen(live.model.workers, choice, "w0")
        if worker not in live.model.available:
            return
        down, up, assign = (
            self.in_round(live, "set_available", worker, False),
            self.in_round(live, "set_available", worker, True),
            self.in_round(live, "assign"),
        )
        body = [down, assign, up, assign, assign]
        self.script.numbered_rounds(body, self.as_far(live, rounds))

    @gen.rule(
        weight=2, when=gen.has_instances, which=WHICH, choice=gen.Integers(0, 7), rounds=FLICKERS
    )
    def flicker(self, which: int, choice: int, rounds: int) -> None:
        """One worker's health check flaps, down and back up, `rounds` times in a row,
        while the worker after it is down from before and throughout; then assign() goes
        round the pool once."""
        live = self.at(which)
        workers = live.model.workers
        worker = gen.chosen(workers, choice, "w0")
        if worker not in live.model.available:
            return
        after = workers[(workers.index(worker) + 1) % len(workers)]
        self.compare(live, "set_available", after, False)
        body = [
            self.in_round(live, "set_available", worker, False),
            self.in_round(live, "set_available", worker, True),
        ]
        self.script.numbered_rounds(body, rounds)
        assign = self.in_round(live, "assign")
        self.script.numbered_rounds([assign], len(workers))


def follows_the_contract(machine: type[Dispatchers], sequences: int = 200) -> None:
    """Hundreds of short generated sequences on several dispatchers at once."""
    gen.explore(machine, sequences=sequences, steps=25, seed=1)


def follows_the_contract_over_long_runs(machine: type[LongRuns], sequences: int = 8) -> None:
    """A few long sequences: thousands of calls on pools of hundreds of workers."""
    gen.explore(machine, sequences=sequences, steps=12, seed=2, min_steps=6)


# -- scenarios that more than one rotation kata states in the same words --
# Each takes the kata's `dispatcher(workers)`, which makes one of the learner's
# dispatchers; the kata's spec test names the sentence in its docstring.


def assigned(rr, times: int) -> list:
    return [rr.assign() for _ in range(times)]


def starts_available(dispatcher: Callable[[list[str]], object]) -> None:
    """every worker is available from the start, without ever being marked available"""
    workers = ["X", "Y", "Z"]
    for left in workers:
        rr = dispatcher(workers)
        for other in workers:
            if other != left:
                rr.set_available(other, False)
        got = rr.assign()
        assert got == left, (
            f"workers X, Y, Z, never marked available; every worker but {left!r} then "
            f"made unavailable: assign() should give {left!r}; got {got!r}"
        )


def empty_rotation_gives_none(dispatcher: Callable[[list[str]], object]) -> None:
    """an empty worker list is allowed, and assign() on it returns None"""
    got = assigned(dispatcher([]), 2)
    assert got == [None, None], (
        f"no workers: 2 assign() calls should give None, None; got {show(got)}"
    )


def sets_rather_than_toggles(dispatcher: Callable[[list[str]], object]) -> None:
    """setting an availability a worker already has changes nothing"""
    once, repeated = dispatcher(["A", "B", "C"]), dispatcher(["A", "B", "C"])
    for worker in ("A", "B"):
        once.set_available(worker, False)
    for worker, available in (("A", True), ("A", False), ("B", False), ("B", False)):
        repeated.set_available(worker, available)
    got, expected = assigned(repeated, 4), assigned(once, 4)
    assert got == expected, (
        "workers A, B, C: with A and B each set unavailable once, 4 assign() calls give "
        f"{show(expected)}; with A set available (as it already was) and then unavailable, "
        f"and B set unavailable twice, they should give the same; got {show(got)}"
    )


def nobody_available_gives_none(dispatcher: Callable[[list[str]], object]) -> None:
    """assign() returns None when no worker is available"""
    rr = dispatcher(["A", "B", "C"])
    for worker in ("A", "B", "C"):
        rr.set_available(worker, False)
    got = rr.assign()
    assert got is None, f"workers A, B, C all unavailable: assign() should return None; got {got!r}"


def cursor_stays_when_nobody_is_available(dispatcher: Callable[[list[str]], object]) -> None:
    """when nobody is available the cursor stays where it was"""
    paused, steady = dispatcher(["A", "B", "C"]), dispatcher(["A", "B", "C"])
    got = [paused.assign()]
    for available in (False, True):
        for worker in ("A", "B", "C"):
            paused.set_available(worker, available)
        if not available:
            paused.assign()  # nobody is available: None, and the cursor must not move
    got += assigned(paused, 2)
    expected = assigned(steady, 3)
    assert got == expected, (
        f"workers A, B, C give {show(expected)} over 3 assign() calls; with every worker "
        "made unavailable after the first call, one more assign() (which finds nobody), "
        f"then all made available again, the 3 calls should give the same; got {show(got)}"
    )


# -- the longest runs: one pattern, far past any counter a version might keep --
# 140,000 calls: past 2**16 and 10**5, where a counter kept in 16 bits wraps and
# state reset "every 100,000 calls" shows. Each call is checked as it comes, in a
# tight loop: a generated sequence of that length would cost too much to shrink.
LONGEST = 140_000


def _replay(
    constructor: str, module: str, workers: list[str], setup: list[str], loop: list[str], then: str
) -> str:
    """Lines that replay a long run in python, for the failure message: `loop` is a
    loop's lines (a blank line ends it, as the interactive interpreter needs)."""
    made = [f"from {module} import {constructor}", f"rr = {constructor}({workers!r})"]
    return snippets.to_see_it([*made, *setup, *loop, then])


def keeps_turning_over_the_longest_run(
    dispatcher: Callable[[list[str]], object], constructor: str, module: str
) -> None:
    """over 140,000 assign() calls the rotation keeps its order, call after call

    `constructor` is the class `dispatcher` makes, imported from `module` in the repro."""
    # A turn of four: a cursor set back to the first worker at a call whose number is
    # a power of ten or of two (from 4) gives another worker than that call's.
    workers = ["A", "B", "C", "D", "E"]
    rr = dispatcher(workers)
    rr.set_available("C", False)
    turn = ("A", "B", "D", "E")
    for call in range(LONGEST):
        got = rr.assign()
        if got != turn[call % 4]:
            pytest.fail(
                f"workers A, B, C, D, E with C unavailable, then assign() again and again: "
                f"call {call + 1:,} should give {turn[call % 4]!r} (A, B, D, E in turn from "
                f"the first call); got {got!r}. "
                + _replay(
                    constructor,
                    module,
                    workers,
                    ['rr.set_available("C", False)'],
                    [f"calls = [rr.assign() for _ in range({call + 1})]"],
                    "calls[-5:]",
                )
            )


def keeps_a_flapping_worker_in_turn(
    dispatcher: Callable[[list[str]], object], constructor: str, module: str
) -> None:
    """a worker made unavailable and available again 70,000 times keeps its turn

    `constructor` is the class `dispatcher` makes, imported from `module` in the repro."""
    rr = dispatcher(["A", "B"])
    for flap in range(1, LONGEST // 2 + 1):
        rr.set_available("B", False)
        rr.set_available("B", True)
        if flap % 1000:
            continue
        got = [rr.assign(), rr.assign()]
        if got != ["A", "B"]:
            pytest.fail(
                f"workers A, B; B made unavailable and available again {flap:,} times, "
                f"with two assign() calls after every 1,000: the two calls after the "
                f"{flap:,}th should give 'A', 'B'; got {show(got)}. "
                + _replay(
                    constructor,
                    module,
                    ["A", "B"],
                    [],
                    [
                        f"for flap in range({flap}):",
                        '    rr.set_available("B", False)',
                        '    rr.set_available("B", True)',
                        "    if (flap + 1) % 1000 == 0: calls = [rr.assign(), rr.assign()]",
                        "",
                    ],
                    "calls",
                )
            )
