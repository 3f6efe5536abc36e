"""Spec test for round_robin: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several dispatchers at once with generated calls (awkward
ids, duplicates anywhere in the list, changes to the caller's list,
availability set and set again, runs of hundreds of assign() calls, arguments
by position and by name) and compares every call with the model in
tests/round_robin/model.py. A failure is shrunk to the smallest sequence of
calls that still breaks the contract, shown as lines to paste into python3.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

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
from tests.round_robin.model import Dispatcher

# Timing tests and long runs: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow

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
    modules = ("round_robin",)
    imports = "from round_robin import RoundRobinWorkers"
    # The class under test: the concurrent_round_robin kata holds the same contract.
    class_name = "RoundRobinWorkers"

    def setup(self, module) -> None:
        self.new = getattr(module, self.class_name)
        self.lists = 0

    @rule(workers=Lists(IDS, max_size=7), by_name=booleans())
    def create(self, workers: list[str], by_name: bool) -> None:
        self.lists += 1
        list_name = f"workers{self.lists}"
        callers_list = list(workers)
        self.script.line(f"{list_name} = {code(workers)}")
        argument = f"workers={list_name}" if by_name else list_name

        def create() -> object:
            return self.new(workers=callers_list) if by_name else self.new(callers_list)

        expected = outcome(lambda: Dispatcher(list(workers)))
        if expected.raised is not None:
            self.script.call(f"{self.class_name}({argument})", create, expected)
            return
        name = self.name("rr")
        learner = self.script.call(
            f"{name} = {self.class_name}({argument})", create, returns(ANYTHING), show=False
        )
        self.live.append(Live(name, learner, expected.value, list_name, callers_list))

    @rule(
        weight=3,
        when=has_instances,
        which=WHICH,
        choice=Integers(0, 7),
        stranger=IDS,
        available=booleans(),
        by_name=booleans(),
    )
    def set_available(
        self, which: int, choice: int, stranger: str, available: bool, by_name: bool
    ) -> None:
        live = self.at(which)
        workers = live.model.workers
        worker = workers[choice] if choice < len(workers) else stranger
        if by_name:
            text = f"worker={code(worker)}, is_available={available}"
            call = lambda: live.learner.set_available(worker=worker, is_available=available)  # noqa: E731
        else:
            text = f"{code(worker)}, {available}"
            call = lambda: live.learner.set_available(worker, available)  # noqa: E731
        expected = outcome(lambda: live.model.set_available(worker, available))
        self.script.call(f"{live.name}.set_available({text})", call, expected, show=False)

    @macro(when=has_instances, which=WHICH, available=booleans())
    def set_everyone(self, which: int, available: bool) -> list:
        """The whole pool goes down or comes back: every worker in turn."""
        count = len(self.at(which).model.workers)
        return [
            (
                "set_available",
                {
                    "which": which,
                    "choice": index,
                    "stranger": "",
                    "available": available,
                    "by_name": False,
                },
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


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several dispatchers at once,
    does what the contract says"""
    explore(Dispatchers, sequences=200, steps=25, seed=1)
