"""Spec test for dynamic_round_robin: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several dispatchers at once get generated calls: awkward ids (the empty id,
case and whitespace variants, ids that are prefixes of each other, é written
two ways, other non-ASCII text, ids that look like a marker for nobody such
as 'None', '<nobody>' and '-1'), ids built at run time (equal to a worker's,
another object), duplicates anywhere in the list, rotations of 20 workers
and more, workers added, removed wherever the cursor is, removed again and
added back (after being made unavailable, too), long runs of 17 removals and
more on one dispatcher, whole pools drained and refilled, ids that are not
workers, availability set and set again, runs of hundreds of assign()
calls, arguments by position and by name, and changes to the caller's list
after it was handed over. Every call is compared with the model in
tests/dynamic_round_robin/model.py; a failure is shrunk to the smallest
sequence of calls that still breaks the contract, shown as lines to paste
into python3.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.dynamic_round_robin.model import Rotation
from tests.harness import rotation
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

# Timing tests and long runs: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow

# round_robin's awkward ids, and ids that look like what a cursor may hold for nobody.
AWKWARD = [*rotation.AWKWARD, "None", "<nobody>", "-1", "0"]
IDS = Text("aAbB01 _-#:é中🙂\t", max_size=6, common=AWKWARD)
# Ids alike enough to be mixed up, added as a family.
LOOK_ALIKES = [
    ["a", "A", "a ", " a"],
    ["c1", "c10", "c"],
    ["é", "e\u0301"],
    ["", " ", "\t"],
]
IN_A_ROW = pick(1, 2, 3, 5, 8, 300)
WHICH = Integers(0, 2)
CHOICE = Integers(0, 7)
# Which id an add_worker() call is for: one removed before (back at the end),
# one in the rotation (refused), or any other.
SOURCES = ("removed", "present", "stranger")
# Changes a caller may make to its list after handing it over: round_robin's.
CHANGES = rotation.CHANGES


def built(worker: str) -> tuple[str, str]:
    """An id equal to `worker` but built at run time, and how to write it.

    Another string object wherever Python makes one, pasted or not (not for
    the empty id or one Latin-1 character, of which Python keeps a single
    copy): ids are compared by value, and a dispatcher that looks a worker up
    by identity misses it.
    """
    if len(worker) < 2 and (not worker or ord(worker) < 256):
        return worker, code(worker)
    return (worker * 2)[: len(worker)], f"({code(worker)} * 2)[:{len(worker)}]"


@dataclass
class Live(Instance):
    """A dispatcher both sides have, the list its caller handed over, and the ids removed."""

    list_name: str
    callers_list: list[str]
    removed: list[str] = field(default_factory=list)


class Dispatchers(Machine):
    modules = ("dynamic_round_robin",)
    imports = "from dynamic_round_robin import DynamicRoundRobin"

    def setup(self, module) -> None:
        self.new = module.DynamicRoundRobin
        self.lists = 0

    def pick_worker(self, live: Live, choice: int, stranger: str) -> str:
        workers = live.model.workers
        return workers[choice] if choice < len(workers) else stranger

    def call(
        self, live: Live, method: str, arguments: dict, by_name: bool, show: bool, copy: bool
    ) -> None:
        """Make the same call on both sides, by position or by name, and compare.

        With `copy`, the learner's side gets the worker id built at run time.
        """
        given = {
            name: built(value) if copy and name == "worker" else (value, code(value))
            for name, value in arguments.items()
        }
        passed = {name: value for name, (value, _) in given.items()}
        if by_name:
            text = ", ".join(f"{name}={written}" for name, (_, written) in given.items())
            learner = lambda: getattr(live.learner, method)(**passed)  # noqa: E731
        else:
            text = ", ".join(written for _, written in given.values())
            learner = lambda: getattr(live.learner, method)(*passed.values())  # noqa: E731
        expected = outcome(lambda: getattr(live.model, method)(*arguments.values()))
        self.script.call(f"{live.name}.{method}({text})", learner, expected, show=show)

    @rule(workers=Lists(IDS, max_size=6), by_name=booleans(), copy=booleans())
    def create(self, workers: list[str], by_name: bool, copy: bool) -> None:
        """A dispatcher of `workers`; with `copy`, each id of the list built at run time."""
        self.lists += 1
        list_name = f"workers{self.lists}"
        given = [built(worker) if copy else (worker, code(worker)) for worker in workers]
        callers_list = [value for value, _ in given]
        self.script.line(f"{list_name} = [{', '.join(written for _, written in given)}]")
        argument = f"workers={list_name}" if by_name else list_name

        def create() -> object:
            return self.new(workers=callers_list) if by_name else self.new(callers_list)

        expected = outcome(lambda: Rotation(list(workers)))
        if expected.raised is not None:
            self.script.call(f"DynamicRoundRobin({argument})", create, expected)
            return
        name = self.name("rr")
        learner = self.script.call(
            f"{name} = DynamicRoundRobin({argument})", create, returns(ANYTHING), show=False
        )
        self.live.append(Live(name, learner, expected.value, list_name, callers_list))

    @macro(extra=Integers(0, 2), shift=Integers(0, len(AWKWARD) - 1), by_name=booleans())
    def create_crowd(self, extra: int, shift: int, by_name: bool) -> list:
        """A rotation of 20 workers and more: every awkward id, and up to two more."""
        workers = AWKWARD[shift:] + AWKWARD[:shift] + [f"w{n}" for n in range(extra)]
        return [("create", {"workers": workers, "by_name": by_name, "copy": False})]

    @rule(
        weight=3,
        when=has_instances,
        which=WHICH,
        source=pick(*SOURCES),
        choice=CHOICE,
        stranger=IDS,
        by_name=booleans(),
        copy=booleans(),
    )
    def add_worker(
        self, which: int, source: str, choice: int, stranger: str, by_name: bool, copy: bool
    ) -> None:
        live = self.at(which)
        if source == "removed" and live.removed:
            worker = live.removed[choice % len(live.removed)]
        elif source == "present":
            worker = self.pick_worker(live, choice, stranger)
        else:
            worker = stranger
        self.call(live, "add_worker", {"worker": worker}, by_name, show=False, copy=copy)
        if worker in live.removed and worker in live.model.workers:
            live.removed.remove(worker)

    @macro(when=has_instances, which=WHICH, family=Integers(0, len(LOOK_ALIKES) - 1))
    def add_look_alikes(self, which: int, family: int) -> list:
        """A family of ids alike enough to be mixed up, added one after the other."""
        return [
            (
                "add_worker",
                {
                    "which": which,
                    "source": "stranger",
                    "choice": 0,
                    "stranger": worker,
                    "by_name": False,
                    "copy": False,
                },
            )
            for worker in LOOK_ALIKES[family]
        ]

    @rule(
        weight=3,
        when=has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=IDS,
        by_name=booleans(),
        copy=booleans(),
    )
    def remove_worker(
        self, which: int, choice: int, stranger: str, by_name: bool, copy: bool
    ) -> None:
        live = self.at(which)
        worker = self.pick_worker(live, choice, stranger)
        present = worker in live.model.workers
        self.call(live, "remove_worker", {"worker": worker}, by_name, show=False, copy=copy)
        if present and worker not in live.removed:
            live.removed.append(worker)

    @rule(when=has_instances, which=WHICH, stranger=IDS, by_name=booleans(), copy=booleans())
    def remove_at_cursor(self, which: int, stranger: str, by_name: bool, copy: bool) -> None:
        """The worker the cursor names leaves (the last of the rotation, too)."""
        live = self.at(which)
        worker = live.model.cursor
        if worker is None:
            worker = stranger
        present = worker in live.model.workers
        self.call(live, "remove_worker", {"worker": worker}, by_name, show=False, copy=copy)
        if present and worker not in live.removed:
            live.removed.append(worker)

    @macro(when=has_instances, which=WHICH, choice=CHOICE, down=booleans())
    def remove_and_add_back(self, which: int, choice: int, down: bool) -> list:
        """A worker leaves (made unavailable first, or not) and comes back at the end."""
        steps = []
        if down:
            steps.append(
                (
                    "set_available",
                    {
                        "which": which,
                        "choice": choice,
                        "stranger": "",
                        "available": False,
                        "by_name": False,
                        "copy": False,
                    },
                )
            )
        steps.append(
            (
                "remove_worker",
                {"which": which, "choice": choice, "stranger": "", "by_name": False, "copy": False},
            )
        )
        steps.append(
            (
                "add_worker",
                {
                    "which": which,
                    "source": "removed",
                    "choice": -1,  # the one just removed
                    "stranger": "",
                    "by_name": False,
                    "copy": False,
                },
            )
        )
        return steps

    @macro(when=has_instances, which=WHICH, cycles=Integers(17, 20), choice=CHOICE, back=booleans())
    def churn(self, which: int, cycles: int, choice: int, back: bool) -> list:
        """A long run on one dispatcher: assign() once, then a worker leaves (and, with
        `back`, comes back at the end), 17 times and more."""
        steps: list = []
        for cycle in range(cycles):
            steps.append(("assign", {"which": which, "times": 1}))
            steps.append(
                (
                    "remove_worker",
                    {
                        "which": which,
                        "choice": (choice + cycle) % (CHOICE.high + 1),
                        "stranger": "",
                        "by_name": False,
                        "copy": False,
                    },
                )
            )
            if back:
                steps.append(
                    (
                        "add_worker",
                        {
                            "which": which,
                            "source": "removed",
                            "choice": -1,  # the one just removed
                            "stranger": "",
                            "by_name": False,
                            "copy": False,
                        },
                    )
                )
        return steps

    @macro(when=has_instances, which=WHICH)
    def drain(self, which: int) -> list:
        """Every worker leaves, the first of the list each time."""
        count = len(self.at(which).model.workers)
        return [
            (
                "remove_worker",
                {"which": which, "choice": 0, "stranger": "", "by_name": False, "copy": False},
            )
            for _ in range(count)
        ]

    @rule(
        weight=3,
        when=has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=IDS,
        available=booleans(),
        by_name=booleans(),
        copy=booleans(),
    )
    def set_available(
        self, which: int, choice: int, stranger: str, available: bool, by_name: bool, copy: bool
    ) -> None:
        live = self.at(which)
        worker = self.pick_worker(live, choice, stranger)
        arguments = {"worker": worker, "is_available": available}
        self.call(live, "set_available", arguments, by_name, show=False, copy=copy)

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
                    "copy": False,
                },
            )
            for index in range(count)
        ]

    @macro(when=has_instances, which=WHICH)
    def outage(self, which: int) -> list:
        """Every worker goes down, assign() finds nobody, and every worker comes back."""
        count = len(self.at(which).model.workers)
        steps = [
            (
                "set_available",
                {
                    "which": which,
                    "choice": index,
                    "stranger": "",
                    "available": available,
                    "by_name": False,
                    "copy": False,
                },
            )
            for available in (False, True)
            for index in range(count)
        ]
        steps.insert(count, ("assign", {"which": which, "times": 1}))
        return steps

    @rule(weight=4, when=has_instances, which=WHICH, times=IN_A_ROW)
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
