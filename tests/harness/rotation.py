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

from dataclasses import dataclass

from tests.harness.differential import (
    ANYTHING,
    Instance,
    Integers,
    Lists,
    Machine,
    Text,
    booleans,
    code,
    explore,
    has_instances,
    macro,
    outcome,
    pick,
    returns,
    rule,
)


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
        workers = live.model.workers
        worker = workers[choice] if choice < len(workers) else stranger
        expected = outcome(lambda: live.model.set_available(worker, available))
        self.script.call(
            f"{live.name}.set_available({code(worker)}, {available})",
            lambda: live.learner.set_available(worker, available),
            expected,
            show=False,
        )

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

    @macro(weight=2, when=has_instances, which=WHICH, choice=Integers(0, 7), rounds=pick(300, 40))
    def flap(self, which: int, choice: int, rounds: int) -> list:
        """One worker goes down and comes back, `rounds` times, with assign() calls between."""
        down = {"which": which, "choice": choice, "stranger": "", "available": False}
        steps = []
        for _ in range(rounds):
            steps += [
                ("set_available", down),
                ("assign", {"which": which, "times": 1}),
                ("set_available", {**down, "available": True}),
                ("assign", {"which": which, "times": 2}),
            ]
        return steps


def follows_the_contract(machine: type[Dispatchers], sequences: int = 200) -> None:
    """Hundreds of short generated sequences on several dispatchers at once."""
    explore(machine, sequences=sequences, steps=25, seed=1)


def follows_the_contract_over_long_runs(machine: type[LongRuns], sequences: int = 8) -> None:
    """A few long sequences: thousands of calls on pools of hundreds of workers."""
    explore(machine, sequences=sequences, steps=16, seed=2, min_steps=8)
