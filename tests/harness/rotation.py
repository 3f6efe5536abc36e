"""The round-robin dispatcher's contract as a model and a machine of generated calls.

Two katas hold this contract: round_robin, and concurrent_round_robin on one
thread. Each names its module and class in a subclass of `Dispatchers`.

`Dispatcher` is the contract read as plainly as possible. `Dispatchers`
makes the same calls on the learner's dispatchers and on the model's, several
of each at once, and compares every call (tests.harness.differential).
`LongRuns` draws the sequences that only go wrong late: thousands of
assign() calls on one dispatcher, hundreds of workers, one worker going down
and coming back hundreds of times.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tests.harness.differential import (
    ANYTHING,
    Call,
    Instance,
    Integers,
    Lists,
    Machine,
    Text,
    booleans,
    chosen,
    code,
    explore,
    has_instances,
    macro,
    outcome,
    pick,
    returns,
    rule,
)
from tests.harness.spec import show


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
IDS = Text("aAbB01 _-#:é中🙂\t", max_size=6, common=AWKWARD)
IN_A_ROW = pick(1, 2, 3, 5, 8, 300)
WHICH = Integers(0, 2)
# Changes a caller may make to its list after handing it over: (code, change).
CHANGES = {
    "append": (".append('zz')", lambda workers: workers.append("zz")),
    "insert": (".insert(0, 'zz')", lambda workers: workers.insert(0, "zz")),
    "reverse": (".reverse()", lambda workers: workers.reverse()),
    "clear": (".clear()", lambda workers: workers.clear()),
}


@dataclass
class Live(Instance):
    """A dispatcher both sides have, and the list its caller handed over."""

    list_name: str
    callers_list: list[str]


class Dispatchers(Machine):
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
        expected = outcome(lambda: Dispatcher(list(workers)))
        create = lambda: self.new(callers_list)  # noqa: E731
        if expected.raised is not None:
            self.script.call(f"{self.class_name}({list_name})", create, expected)
            return
        name = self.name("rr")
        learner = self.script.call(
            f"{name} = {self.class_name}({list_name})", create, returns(ANYTHING), show=False
        )
        self.live.append(Live(name, learner, expected.value, list_name, callers_list))

    @rule(workers=Lists(IDS, max_size=7))
    def create(self, workers: list[str]) -> None:
        self.make(workers, code(workers))

    @rule(
        weight=3,
        when=has_instances,
        which=WHICH,
        choice=Integers(0, 7),
        stranger=IDS,
        available=booleans(),
    )
    def set_available(self, which: int, choice: int, stranger: str, available: bool) -> None:
        live = self.at(which)
        self.compare(live, "set_available", chosen(live.model.workers, choice, stranger), available)

    @macro(when=has_instances, which=WHICH, available=booleans())
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

    @rule(weight=3, when=has_instances, which=WHICH, times=IN_A_ROW)
    def assign(self, which: int, times: int) -> None:
        live = self.at(which)
        expected = [returns(live.model.assign()) for _ in range(times)]
        if times == 1:
            self.script.call(f"{live.name}.assign()", live.learner.assign, expected[0])
        else:
            self.script.repeat(f"{live.name}.assign()", live.learner.assign, expected)

    @rule(when=has_instances, which=WHICH, change=pick(*CHANGES))
    def change_callers_list(self, which: int, change: str) -> None:
        live = self.at(which)
        text, apply = CHANGES[change]
        self.script.line(f"{live.list_name}{text}")
        apply(live.callers_list)


# Long runs: a pool of hundreds of workers, and runs of thousands of calls.
POOL_SIZES = pick(300, 20)


def few_instances(machine: Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Dispatchers):
    """The sequences that only go wrong late: state that drifts, wraps or resets
    after hundreds or thousands of calls, on pools of hundreds of workers."""

    create = None  # pools instead
    change_callers_list = None

    @rule(weight=4, when=few_instances, size=POOL_SIZES)
    def create_pool(self, size: int) -> None:
        """A pool of `size` workers named w0, w1, ..."""
        self.make([f"w{n}" for n in range(size)], f"[f'w{{n}}' for n in range({size})]")

    @rule(weight=4, when=has_instances, which=WHICH, times=pick(1200, 300, 2500))
    def assign_many(self, which: int, times: int) -> None:
        self.assign(which, times)

    @rule(weight=2, when=has_instances, which=WHICH, choice=Integers(0, 7), rounds=pick(1100, 40))
    def flap(self, which: int, choice: int, rounds: int) -> None:
        """One worker goes down and comes back, `rounds` times, with assign() calls between:
        compared call by call, written as one loop."""
        live = self.at(which)
        worker = chosen(live.model.workers, choice, "w0")
        if worker not in live.model.available:
            return
        name, text = live.name, code(worker)
        body = [
            Call(
                f"{name}.set_available({text}, {up})",
                lambda up=up: live.learner.set_available(worker, up),
                lambda up=up: live.model.set_available(worker, up),
            )
            for up in (False, True)
        ]
        assign = Call(f"{name}.assign()", live.learner.assign, live.model.assign)
        self.script.rounds([body[0], assign, body[1], assign, assign], rounds)


def follows_the_contract(machine: type[Dispatchers], sequences: int = 200) -> None:
    """Hundreds of short generated sequences on several dispatchers at once."""
    explore(machine, sequences=sequences, steps=25, seed=1)


def follows_the_contract_over_long_runs(machine: type[LongRuns], sequences: int = 8) -> None:
    """A few long sequences: thousands of calls on pools of hundreds of workers."""
    explore(machine, sequences=sequences, steps=16, seed=2, min_steps=8)


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
