"""Spec tests for dynamic_round_robin: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several dispatchers at once get generated calls: awkward ids (the empty id,
case and whitespace variants, ids that are prefixes of each other, é written
two ways, other non-ASCII text, ids that look like a marker for nobody such
as 'None', '<nobody>' and '-1'), ids built at run time (equal to a worker's,
another object), duplicates anywhere in the list, rotations of 20 workers
and more, workers added, removed wherever the cursor is, removed again and
added back (after being made unavailable, too), runs of 17 removals and
more on one dispatcher, whole pools drained and refilled, every worker but
one unavailable, ids that are not workers, availability set and set again,
runs of hundreds of assign() calls, and changes to the caller's list after
it was handed over. The long runs add hundreds of joins and removals in a
row on one dispatcher (past 64, 100 and 256), workers that leave coming
back a round later or after dozens of others (through a revolving door),
thousands of assign() calls, pools of 300 workers, and a worker going down
and coming back hundreds of times: state that drifts, wraps, resets or is
compacted late shows there.
Every call is compared with the model in tests/dynamic_round_robin/model.py;
a failure is shrunk to the smallest sequence of calls that still breaks the
contract, shown as lines to paste into python3.

The longest runs hold one pattern each, checked call by call: the rotation's
order over 140,000 calls, and a worker flapping 70,000 times.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.dynamic_round_robin.model import Rotation
from tests.harness.toolkit import differential as gen
from tests.harness.toolkit import rotation
from tests.harness.toolkit.spec import fresh

# Timing tests and long runs: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

# round_robin's awkward ids, and ids that look like what a cursor may hold for nobody.
AWKWARD = [*rotation.AWKWARD, "None", "<nobody>", "-1", "0"]
IDS = gen.Text("aAbB01 _-#:é中🙂\t", max_size=6, common=AWKWARD)
# Ids alike enough to be mixed up, added as a family.
LOOK_ALIKES = [
    ["a", "A", "a ", " a"],
    ["c1", "c10", "c"],
    ["é", "e\u0301"],
    ["", " ", "\t"],
]
WHICH = gen.Integers(0, 2)
CHOICE = gen.Integers(0, 7)
# Which id an add_worker() call is for: one removed before (back at the end),
# one in the rotation (refused), or any other.
SOURCES = ("removed", "present", "stranger")
# Changes a caller may make to its list after handing it over: round_robin's.


def built(worker: str) -> tuple[str, str]:
    """An id equal to `worker` but built at run time, and how to write it.

    Another string object wherever Python makes one, pasted or not (not for
    the empty id or one Latin-1 character, of which Python keeps a single
    copy): ids are compared by value, and a dispatcher that looks a worker up
    by identity misses it.
    """
    if len(worker) < 2 and (not worker or ord(worker) < 256):
        return worker, gen.code(worker)
    return (worker * 2)[: len(worker)], f"({gen.code(worker)} * 2)[:{len(worker)}]"


@dataclass
class Live(gen.Instance):
    """A dispatcher both sides have, the list its caller handed over, and the ids removed."""

    list_name: str
    callers_list: list[str]
    removed: list[str] = field(default_factory=list)


class Dispatchers(gen.Machine):
    modules = ("dynamic_round_robin",)
    imports = "from dynamic_round_robin import DynamicRoundRobin"

    def setup(self, module) -> None:
        self.new = module.DynamicRoundRobin
        self.lists = 0

    def pick_worker(self, live: Live, choice: int, stranger: str) -> str:
        workers = live.model.workers
        return workers[choice] if choice < len(workers) else stranger

    def call(self, live: Live, method: str, arguments: dict, show: bool, copy: bool) -> None:
        """Make the same call on both sides and compare.

        With `copy`, the learner's side gets the worker id built at run time.
        """
        given = {
            name: built(value) if copy and name == "worker" else (value, gen.code(value))
            for name, value in arguments.items()
        }
        passed = [value for value, _ in given.values()]
        text = ", ".join(written for _, written in given.values())
        expected = gen.outcome(lambda: getattr(live.model, method)(*arguments.values()))
        self.script.call(
            f"{live.name}.{method}({text})",
            lambda: getattr(live.learner, method)(*passed),
            expected,
            show=show,
        )

    def make(self, workers: list[str], given: list[tuple[str, str]], written: str) -> None:
        """A dispatcher of `workers` on both sides: the learner's gets the ids `given`
        (each with how it is written), in a list written `written`."""
        self.lists += 1
        list_name = f"workers{self.lists}"
        callers_list = [value for value, _ in given]
        self.script.line(f"{list_name} = {written}")
        create = lambda: self.new(callers_list)  # noqa: E731
        expected = gen.outcome(lambda: Rotation(list(workers)))
        made = self.construct("rr", f"DynamicRoundRobin({list_name})", create, expected)
        if made:
            self.live.append(Live(*made, expected.value, list_name, callers_list))

    @gen.rule(workers=gen.Lists(IDS, max_size=6), copy=gen.booleans())
    def create(self, workers: list[str], copy: bool) -> None:
        """A dispatcher of `workers`; with `copy`, each id of the list built at run time."""
        given = [built(worker) if copy else (worker, gen.code(worker)) for worker in workers]
        self.make(workers, given, f"[{', '.join(written for _, written in given)}]")

    @gen.macro(extra=gen.Integers(0, 2), shift=gen.Integers(0, len(AWKWARD) - 1))
    def create_crowd(self, extra: int, shift: int) -> list:
        """A rotation of 20 workers and more: every awkward id, and up to two more."""
        workers = AWKWARD[shift:] + AWKWARD[:shift] + [f"w{n}" for n in range(extra)]
        return [("create", {"workers": workers, "copy": False})]

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        source=gen.pick(*SOURCES),
        choice=CHOICE,
        stranger=IDS,
        copy=gen.booleans(),
    )
    def add_worker(self, which: int, source: str, choice: int, stranger: str, copy: bool) -> None:
        live = self.at(which)
        if source == "removed" and live.removed:
            worker = live.removed[choice % len(live.removed)]
        elif source == "present":
            worker = self.pick_worker(live, choice, stranger)
        else:
            worker = stranger
        self.call(live, "add_worker", {"worker": worker}, show=False, copy=copy)
        if worker in live.removed and worker in live.model.workers:
            live.removed.remove(worker)

    @gen.macro(when=gen.has_instances, which=WHICH, family=gen.Integers(0, len(LOOK_ALIKES) - 1))
    def add_look_alikes(self, which: int, family: int) -> list:
        """A family of ids alike enough to be mixed up, added one after the other."""
        added = {"which": which, "source": "stranger", "choice": 0, "copy": False}
        return gen.each("add_worker", "stranger", LOOK_ALIKES[family], **added)

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=IDS,
        copy=gen.booleans(),
    )
    def remove_worker(self, which: int, choice: int, stranger: str, copy: bool) -> None:
        live = self.at(which)
        worker = self.pick_worker(live, choice, stranger)
        present = worker in live.model.workers
        self.call(live, "remove_worker", {"worker": worker}, show=False, copy=copy)
        if present and worker not in live.removed:
            live.removed.append(worker)

    @gen.rule(when=gen.has_instances, which=WHICH, stranger=IDS, copy=gen.booleans())
    def remove_at_cursor(self, which: int, stranger: str, copy: bool) -> None:
        """The worker the cursor names leaves (the last of the rotation, too)."""
        live = self.at(which)
        worker = live.model.cursor
        if worker is None:
            worker = stranger
        present = worker in live.model.workers
        self.call(live, "remove_worker", {"worker": worker}, show=False, copy=copy)
        if present and worker not in live.removed:
            live.removed.append(worker)

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE, down=gen.booleans())
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
                        "copy": False,
                    },
                )
            )
        steps.append(
            (
                "remove_worker",
                {"which": which, "choice": choice, "stranger": "", "copy": False},
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
                    "copy": False,
                },
            )
        )
        return steps

    @gen.macro(
        when=gen.has_instances,
        which=WHICH,
        cycles=gen.Integers(17, 20),
        choice=CHOICE,
        back=gen.booleans(),
    )
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
                            "copy": False,
                        },
                    )
                )
        return steps

    @gen.macro(when=gen.has_instances, which=WHICH)
    def drain(self, which: int) -> list:
        """Every worker leaves, the first of the list each time."""
        count = len(self.at(which).model.workers)
        return [
            (
                "remove_worker",
                {"which": which, "choice": 0, "stranger": "", "copy": False},
            )
            for _ in range(count)
        ]

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=IDS,
        available=gen.booleans(),
        copy=gen.booleans(),
    )
    def set_available(
        self, which: int, choice: int, stranger: str, available: bool, copy: bool
    ) -> None:
        live = self.at(which)
        worker = self.pick_worker(live, choice, stranger)
        arguments = {"worker": worker, "is_available": available}
        self.call(live, "set_available", arguments, show=False, copy=copy)

    @gen.macro(when=gen.has_instances, which=WHICH, available=gen.booleans())
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
                    "copy": False,
                },
            )
            for index in range(count)
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE)
    def leave_one(self, which: int, choice: int) -> list:
        """Every worker but one goes down: assign() must find it wherever the cursor is,
        before it or after it."""
        count = len(self.at(which).model.workers)
        return [
            (
                "set_available",
                {
                    "which": which,
                    "choice": index,
                    "stranger": "",
                    "available": index == choice % max(count, 1),
                    "copy": False,
                },
            )
            for index in range(count)
        ]

    @gen.macro(when=gen.has_instances, which=WHICH)
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
                    "copy": False,
                },
            )
            for available in (False, True)
            for index in range(count)
        ]
        steps.insert(count, ("assign", {"which": which, "times": 1}))
        return steps

    # rotation's rules, assign() drawn with the weight it always had here: the
    # generated sequences that catch this kata's mutants stay the same.
    assign = gen.reweighted(rotation.Dispatchers.assign, 4)
    change_callers_list = rotation.Dispatchers.change_callers_list


# -- long runs: hundreds of joins and removals on one dispatcher, thousands of calls --


def newcomer(first: int, shift: int = 0, cycle: int = 0) -> gen.PerRound:
    """The id of round n's newcomer: j<first + shift + n>; with `cycle`, the ids come
    round again: j<first + (n + shift) % cycle>."""
    if cycle:
        turn = f"(n + {shift})" if shift else "n"
        text = f"f'j{{{first} + {turn} % {cycle}}}'" if first else f"f'j{{{turn} % {cycle}}}'"
        return gen.PerRound(text, lambda n: f"j{first + (n + shift) % cycle}")
    start = first + shift
    text = f"f'j{{n + {start}}}'" if start else "f'j{n}'"
    return gen.PerRound(text, lambda n: f"j{n + start}")


# Pools of a few dozen workers and of hundreds (past the 256th worker), named
# w0, w1, ...; some with every 7th worker unavailable from the start.
POOL_SIZES = gen.pick(20, 300)
DOWN_EVERY = gen.pick(0, 7)
IN_A_LONG_ROW = gen.pick(300, 1200, 2500)
# Rounds of joins and removals in a row: past 64 and 100, and past 256.
ROUNDS = gen.pick(80, 300)
# How each round of a churn changes the rotation (see churn).
CHURNS = (
    "replace the worker assigned",
    "the worker assigned leaves and comes back",
    "window",
    "revolving door",
)
WINDOW = gen.pick(1, 5, 40)


def few_instances(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Dispatchers):
    """The sequences that only go wrong late: state that drifts, wraps, resets or is
    compacted after hundreds of joins and removals or thousands of calls, on pools of
    hundreds of workers. Their runs are compared call by call, in a tight loop
    (Script.numbered_rounds)."""

    create = None  # pools instead
    create_crowd = None
    add_look_alikes = None
    change_callers_list = None

    def setup(self, module) -> None:
        super().setup(module)
        self.joined = 0  # the newcomers named so far: j0, j1, ...
        self.kept: object = None  # what the last kept_assign() gave, on both sides

    @gen.rule(weight=4, when=few_instances, size=POOL_SIZES, down=DOWN_EVERY)
    def create_pool(self, size: int, down: int) -> None:
        """A pool of `size` workers named w0, w1, ...; with `down`, every `down`th of them
        unavailable from the start."""
        workers = [f"w{n}" for n in range(size)]
        self.make(
            workers, [(w, gen.code(w)) for w in workers], f"[f'w{{n}}' for n in range({size})]"
        )
        if not down:
            return
        every = gen.PerRound(f"f'w{{n * {down}}}'", lambda n: f"w{n * down}")
        step = self.in_round(self.live[-1], "set_available", every, False)
        self.script.numbered_rounds([step], -(-size // down))

    def kept_assign(self, live: Live) -> gen.Numbered:
        """`w = rr1.assign()`, as a call of a round: what it gives is kept, as `w`, for
        the calls after it in the round (KEPT)."""

        def keeping(side: object):
            def call(n: int) -> object:
                self.kept = side.assign()
                return self.kept

            return call

        return gen.Numbered(f"w = {live.name}.assign()", keeping(live.learner), keeping(live.model))

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, times=IN_A_LONG_ROW)
    def assign_many(self, which: int, times: int) -> None:
        self.script.numbered_rounds([self.in_round(self.at(which), "assign")], times)

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        how=gen.pick(*CHURNS),
        rounds=ROUNDS,
        window=WINDOW,
    )
    def churn(self, which: int, how: str, rounds: int, window: int) -> None:
        """Hundreds of joins and removals in a row, one of each a round, with an assign().

        Either the worker assign() gave leaves (just behind the cursor) and a
        newcomer joins; or it leaves and comes back at the end; or newcomers
        join at the end, `window` of them at a time, and the oldest of them
        leaves (after the cursor, at it, or behind it, as the rotation turns);
        or so through a revolving door: the one that leaves comes back next
        round, its id the one of `window` + 1 ids whose turn has come round
        again. The first two need a worker available, and keep one so.
        """
        live = self.at(which)
        first = self.joined
        kept = gen.PerRound("w", lambda n: self.kept)
        if how in ("window", "revolving door"):
            cycle = window + 1 if how == "revolving door" else 0
            self.joined += cycle or window + rounds
            joins = self.in_round(live, "add_worker", newcomer(first, 0, cycle))
            self.script.numbered_rounds([joins], window)
            steps = [
                self.in_round(live, "add_worker", newcomer(first, window, cycle)),
                self.in_round(live, "assign"),
                self.in_round(live, "remove_worker", newcomer(first, 0, cycle)),
            ]
        elif not any(live.model.available.values()):
            return
        elif how == "replace the worker assigned":
            self.joined += rounds
            steps = [
                self.kept_assign(live),
                self.in_round(live, "remove_worker", kept),
                self.in_round(live, "add_worker", newcomer(first)),
            ]
        else:
            steps = [
                self.kept_assign(live),
                self.in_round(live, "remove_worker", kept),
                self.in_round(live, "add_worker", kept),
            ]
        self.script.numbered_rounds(steps, rounds)

    @gen.rule(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 7),
        rounds=gen.pick(40, 300),
    )
    def flap(self, which: int, choice: int, rounds: int) -> None:
        """One worker goes down and comes back, `rounds` times, with assign() calls between."""
        live = self.at(which)
        if not live.model.workers:
            return
        worker = live.model.workers[choice % len(live.model.workers)]
        down, up, assign = (
            self.in_round(live, "set_available", worker, False),
            self.in_round(live, "set_available", worker, True),
            self.in_round(live, "assign"),
        )
        self.script.numbered_rounds([down, assign, up, assign, assign], rounds)


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several dispatchers at once,
    does what the contract says"""
    gen.explore(Dispatchers, sequences=160, steps=25, seed=1)


def test_long_runs_follow_the_contract():
    """hundreds of joins and removals on one dispatcher (workers coming back among them),
    thousands of assign() calls, pools of hundreds of workers and a worker going down and
    coming back hundreds of times: every call does what the contract says"""
    gen.explore(LongRuns, sequences=8, steps=16, seed=2, min_steps=8)


def dispatcher(workers: list[str]):
    return fresh("dynamic_round_robin").DynamicRoundRobin(workers)


def test_the_rotation_keeps_its_order_over_the_longest_run():
    """over 140,000 assign() calls the rotation keeps its order, call after call"""
    rotation.keeps_turning_over_the_longest_run(
        dispatcher, "DynamicRoundRobin", "dynamic_round_robin"
    )


def test_a_worker_flapping_70_000_times_keeps_its_turn():
    """a worker made unavailable and available again 70,000 times keeps its turn"""
    rotation.keeps_a_flapping_worker_in_turn(dispatcher, "DynamicRoundRobin", "dynamic_round_robin")
