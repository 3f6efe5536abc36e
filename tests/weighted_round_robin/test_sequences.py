"""Spec test for weighted_round_robin: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several balancers at once get generated calls: awkward ids (case and
whitespace variants, the empty id, ids that are prefixes of each other,
non-ASCII text, a lone surrogate), weights valid and not (0, -1, True, 2.0)
and weights too large for a float to add up exactly, pools whose workers all
weigh the same (ties at every turn, after a worker comes back too), pools
with the ids of an earlier one and other weights, ids made to look like a
worker's, workers going down and coming back (at once, or after a few
calls), whole pools going down, up to 60 assign() calls in a row (a
full round of the largest pools) and thousands in all, arguments by
position and by name, and dicts changed by their caller after handing them
over, then handed over again. Every call is compared with the
model in tests/weighted_round_robin/model.py; a failure is shrunk to the
smallest sequence of calls that still breaks the contract, shown as lines to
paste into python3.
"""

from __future__ import annotations

import unicodedata

import pytest

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
from tests.weighted_round_robin.model import Balancer

# Timing tests and long runs: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow

# round_robin's awkward ids, lower case first, and a lone surrogate: a str
# that UTF-8 cannot encode.
AWKWARD = ["a", "b", "c", "A", *rotation.AWKWARD[4:], "\ud800"]
IDS = Text("abAB01 _-#é中🙂\t", max_size=6, common=AWKWARD)
# Mostly small weights, so that ties and long runs both happen; now and then one
# that must be refused, or one so large that a float cannot hold the sums exactly.
LARGE = {2**53 + 1: "2**53 + 1", 2**64 + 1: "2**64 + 1"}  # each with how it is written
WEIGHTS = pick(1, 2, 3, 1, 2, 5, 1, 3, 10, 0, -1, True, 2.0, *LARGE)
# The one weight of a pool whose workers all weigh the same.
SAME_WEIGHT = pick(1, 2, 3, *LARGE)
# Weights for the ids of an earlier pool: mostly valid, so that both pools are made.
OTHER_WEIGHTS = pick(1, 2, 3, 5, 0, *LARGE)
# Calls in a row: mostly short runs, now and then a full round of a large pool
# (six workers of weight 10). Longer runs find nothing more and cost time.
IN_A_ROW = pick(1, 2, 3, 5, 8, 1, 2, 60)
WHICH = Integers(0, 2)
# Ids made from a worker's to look like it: unless one is a worker too, set_available()
# must refuse it, not find the worker it looks like.
LOOK_ALIKES = {
    "upper": str.upper,
    "space": lambda worker: f" {worker}",
    "newline": lambda worker: f"{worker}\n",
    "decomposed": lambda worker: unicodedata.normalize("NFD", worker),
}
# Changes a caller may make to its dict after handing it over: (code, change).
CHANGES = {
    "reweigh": ("['a'] = 7", lambda weights: weights.__setitem__("a", 7)),
    "add": ("['zz'] = 1", lambda weights: weights.__setitem__("zz", 1)),
    "zero": ("['zz'] = 0", lambda weights: weights.__setitem__("zz", 0)),
    "drop": (".pop('a', None)", lambda weights: weights.pop("a", None)),
    "clear": (".clear()", lambda weights: weights.clear()),
}


def written(weights: dict) -> str:
    """A dict as Python source, its ids and weights as `code` writes them, but large
    weights as powers of 2."""

    def weight(w: object) -> str:
        return LARGE[w] if type(w) is int and w in LARGE else code(w)

    return "{" + ", ".join(f"{code(worker)}: {weight(w)}" for worker, w in weights.items()) + "}"


class Balancers(Machine):
    modules = ("weighted_round_robin",)
    imports = "from weighted_round_robin import WeightedRoundRobin"

    def setup(self, module) -> None:
        self.new = module.WeightedRoundRobin
        # The dicts handed over so far, by their names in the script.
        self.dicts: list[tuple[str, dict]] = []

    def hand_over(self, name: str, weights: dict, by_name: bool) -> None:
        argument = f"weights={name}" if by_name else name

        def create() -> object:
            return self.new(weights=weights) if by_name else self.new(weights)

        expected = outcome(lambda: Balancer(dict(weights)))
        if expected.raised is not None:
            self.script.call(f"WeightedRoundRobin({argument})", create, expected)
            return
        instance = self.name("wrr")
        learner = self.script.call(
            f"{instance} = WeightedRoundRobin({argument})", create, returns(ANYTHING), show=False
        )
        self.live.append(Instance(instance, learner, expected.value))

    @rule(
        weight=2,
        ids=Lists(IDS, max_size=6),
        weights=Lists(WEIGHTS, max_size=6),
        by_name=booleans(),
    )
    def create(self, ids: list[str], weights: list, by_name: bool) -> None:
        callers = dict(zip(ids, weights, strict=False))
        name = f"weights{len(self.dicts) + 1}"
        self.dicts.append((name, callers))
        self.script.line(f"{name} = {written(callers)}")
        self.hand_over(name, callers, by_name)

    @rule(ids=Lists(IDS, max_size=6), each=SAME_WEIGHT, by_name=booleans())
    def create_equal(self, ids: list[str], each: int, by_name: bool) -> None:
        """A pool whose workers all weigh the same: ties at every turn, a worker that comes
        back included."""
        self.create(ids, [each] * len(ids), by_name)

    @rule(
        weight=3,
        when=lambda machine: machine.dicts,
        which=WHICH,
        weights=Lists(OTHER_WEIGHTS, max_size=6),
        by_name=booleans(),
    )
    def create_same_ids(self, which: int, weights: list, by_name: bool) -> None:
        """A new dict with the ids of one handed over before, in the same order, and other
        weights (valid or not)."""
        _, callers = self.dicts[which % len(self.dicts)]
        drawn = weights or [1]
        self.create(list(callers), [drawn[n % len(drawn)] for n in range(len(callers))], by_name)

    @rule(when=lambda machine: machine.dicts, which=WHICH, by_name=booleans())
    def create_again(self, which: int, by_name: bool) -> None:
        """A dict handed over before, perhaps changed since, handed over again."""
        name, callers = self.dicts[which % len(self.dicts)]
        self.hand_over(name, callers, by_name)

    @rule(when=lambda machine: machine.dicts, which=WHICH, change=pick(*CHANGES))
    def change_callers_dict(self, which: int, change: str) -> None:
        name, callers = self.dicts[which % len(self.dicts)]
        text, apply = CHANGES[change]
        self.script.line(f"{name}{text}")
        apply(callers)

    @rule(
        weight=3,
        when=has_instances,
        which=WHICH,
        choice=Integers(0, 6),
        stranger=IDS,
        available=booleans(),
        by_name=booleans(),
    )
    def set_available(
        self, which: int, choice: int, stranger: str, available: bool, by_name: bool
    ) -> None:
        live = self.at(which)
        workers = list(live.model.weights)
        worker = workers[choice] if choice < len(workers) else stranger
        if by_name:
            text = f"worker={code(worker)}, is_available={available}"
            call = lambda: live.learner.set_available(worker=worker, is_available=available)  # noqa: E731
        else:
            text = f"{code(worker)}, {available}"
            call = lambda: live.learner.set_available(worker, available)  # noqa: E731
        expected = outcome(lambda: live.model.set_available(worker, available))
        self.script.call(f"{live.name}.set_available({text})", call, expected, show=False)

    @macro(
        weight=2,
        when=has_instances,
        which=WHICH,
        choice=Integers(0, 5),
        look=pick(*LOOK_ALIKES),
        available=booleans(),
    )
    def set_look_alike(self, which: int, choice: int, look: str, available: bool) -> list:
        """set_available() for an id made to look like a worker's (see LOOK_ALIKES)."""
        workers = list(self.at(which).model.weights)
        if not workers:
            return []
        stranger = LOOK_ALIKES[look](workers[choice % len(workers)])
        step = {"which": which, "choice": 6, "stranger": stranger, "by_name": False}
        return [("set_available", {**step, "available": available})]

    @macro(when=has_instances, which=WHICH, available=booleans())
    def set_everyone(self, which: int, available: bool) -> list:
        """The whole pool goes down or comes back: every worker in turn."""
        count = len(self.at(which).model.weights)
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

    @macro(when=has_instances, which=WHICH, choice=Integers(0, 5), times=pick(0, 1, 1, 2, 3))
    def outage(self, which: int, choice: int, times: int) -> list:
        """A worker goes down, `times` assign() calls go by, and it comes back: it takes up
        where it left off, in its place in the order."""
        step = {"which": which, "choice": choice, "stranger": "", "by_name": False}
        calls = [("assign", {"which": which, "times": times})] if times else []
        return [
            ("set_available", {**step, "available": False}),
            *calls,
            ("set_available", {**step, "available": True}),
        ]

    @macro(when=has_instances, which=WHICH, times=pick(1, 3))
    def restart_the_pool(self, which: int, times: int) -> list:
        """Every worker goes down, assign() finds nobody, and every worker comes back."""
        steps = self.set_everyone(which, False)
        steps.append(("assign", {"which": which, "times": times}))
        return steps + self.set_everyone(which, True)

    @rule(weight=4, when=has_instances, which=WHICH, times=IN_A_ROW)
    def assign(self, which: int, times: int) -> None:
        live = self.at(which)
        expected = [returns(live.model.assign()) for _ in range(times)]
        if times == 1:
            self.script.call(f"{live.name}.assign()", live.learner.assign, expected[0])
        else:
            self.script.repeat(f"{live.name}.assign()", live.learner.assign, expected)


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several balancers at once,
    does what the contract says"""
    explore(Balancers, sequences=180, steps=25, seed=1)
