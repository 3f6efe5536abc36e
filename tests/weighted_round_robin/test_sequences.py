"""Spec tests for weighted_round_robin: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several balancers at once get generated calls: awkward ids (case and
whitespace variants, the empty id, ids that are prefixes of each other,
non-ASCII text), weights valid and not (0, -1), pools whose workers all
weigh the same (ties at every turn, after a worker comes back too), pools
with the ids of an earlier one and other weights, ids made to look like a
worker's, workers going down and coming back (at once, or after a few
calls), whole pools going down, up to 60 assign() calls in a row (a full
round of the largest pools), and dicts changed by their caller after
handing them over. The long runs add pools of hundreds of workers, runs of
thousands of assign() calls on one balancer, and a worker going down and
coming back hundreds of times: state that drifts, wraps or resets late
shows there. Every call is compared with the model in
tests/weighted_round_robin/model.py; a failure is shrunk to the smallest
sequence of calls that still breaks the contract, shown as lines to paste
into python3.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import NoReturn

import pytest

from tests.harness import rotation
from tests.harness.differential import (
    ANYTHING,
    Instance,
    Integers,
    Lists,
    Machine,
    Script,
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
    same,
)
from tests.weighted_round_robin.model import Balancer

# Generated sequences: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow

# round_robin's awkward ids, lower case first.
AWKWARD = ["a", "b", "c", "A", *rotation.AWKWARD[4:]]
IDS = Text("abAB01 _-#é中🙂\t", max_size=6, common=AWKWARD)
# Mostly small weights, so that ties and long runs both happen; now and then one
# that must be refused.
WEIGHTS = pick(1, 2, 3, 1, 2, 5, 1, 3, 10, 0, -1)
# The one weight of a pool whose workers all weigh the same.
SAME_WEIGHT = pick(1, 2, 3)
# Weights for the ids of an earlier pool: mostly valid, so that both pools are made.
OTHER_WEIGHTS = pick(1, 2, 3, 5, 0)
# Calls in a row: mostly short runs, now and then a full round of a large pool
# (six workers of weight 10). Longer runs are the long runs' business.
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
    "drop": (".pop('a', None)", lambda weights: weights.pop("a", None)),
    "clear": (".clear()", lambda weights: weights.clear()),
}


class Balancers(Machine):
    modules = ("weighted_round_robin",)
    imports = "from weighted_round_robin import WeightedRoundRobin"

    def setup(self, module) -> None:
        self.new = module.WeightedRoundRobin
        # The dicts handed over so far, by their names in the script.
        self.dicts: list[tuple[str, dict]] = []

    def hand_over(self, weights: dict, written: str) -> None:
        """A balancer of `weights` on both sides; the dict is written `written`."""
        name = f"weights{len(self.dicts) + 1}"
        self.dicts.append((name, weights))
        self.script.line(f"{name} = {written}")
        expected = outcome(lambda: Balancer(dict(weights)))
        create = lambda: self.new(weights)  # noqa: E731
        if expected.raised is not None:
            self.script.call(f"WeightedRoundRobin({name})", create, expected)
            return
        instance = self.name("wrr")
        learner = self.script.call(
            f"{instance} = WeightedRoundRobin({name})", create, returns(ANYTHING), show=False
        )
        self.live.append(Instance(instance, learner, expected.value))

    @rule(weight=2, ids=Lists(IDS, max_size=6), weights=Lists(WEIGHTS, max_size=6))
    def create(self, ids: list[str], weights: list) -> None:
        callers = dict(zip(ids, weights, strict=False))
        self.hand_over(callers, code(callers))

    @rule(ids=Lists(IDS, max_size=6), each=SAME_WEIGHT)
    def create_equal(self, ids: list[str], each: int) -> None:
        """A pool whose workers all weigh the same: ties at every turn, a worker that comes
        back included."""
        self.create(ids, [each] * len(ids))

    @rule(
        weight=3,
        when=lambda machine: machine.dicts,
        which=WHICH,
        weights=Lists(OTHER_WEIGHTS, max_size=6),
    )
    def create_same_ids(self, which: int, weights: list) -> None:
        """A new dict with the ids of one handed over before, in the same order, and other
        weights (valid or not)."""
        _, callers = self.dicts[which % len(self.dicts)]
        drawn = weights or [1]
        self.create(list(callers), [drawn[n % len(drawn)] for n in range(len(callers))])

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
    )
    def set_available(self, which: int, choice: int, stranger: str, available: bool) -> None:
        live = self.at(which)
        self.compare(live, "set_available", chosen(live.model.weights, choice, stranger), available)

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
        step = {"which": which, "choice": 6, "stranger": stranger}
        return [("set_available", {**step, "available": available})]

    @macro(when=has_instances, which=WHICH, available=booleans())
    def set_everyone(self, which: int, available: bool) -> list:
        """The whole pool goes down or comes back: every worker in turn."""
        count = len(self.at(which).model.weights)
        return [
            (
                "set_available",
                {"which": which, "choice": index, "stranger": "", "available": available},
            )
            for index in range(count)
        ]

    @macro(when=has_instances, which=WHICH, choice=Integers(0, 5), times=pick(0, 1, 1, 2, 3))
    def outage(self, which: int, choice: int, times: int) -> list:
        """A worker goes down, `times` assign() calls go by, and it comes back: it takes up
        where it left off, in its place in the order."""
        step = {"which": which, "choice": choice, "stranger": ""}
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


# Long runs: pools of a dozen workers and of hundreds, their weights 1 to 7 by
# place (a pool of 12 weighs 43 in all, one of 300 weighs 1,197: neither
# divides 1,000, so the current weights are not all back to 0 after 1,000
# calls), and runs of thousands of calls. Each call walks the whole pool, so a
# pool of hundreds gets as many calls as make the same work: a 25th of them.
SMALL_POOL = 12
POOL_SIZES = pick(SMALL_POOL, 300)
IN_A_LONG_ROW = pick(300, 1200, 2500)
ROUNDS = pick(40, 300)


def few_instances(machine: Machine) -> bool:
    return len(machine.live) < 2


# One call of a round: how it is written, the learner's call, the model's, and
# whether a repro shows what it gave.
Call = tuple[str, Callable[[], object], Callable[[], object], bool]


def in_rounds(script: Script, body: list[Call], rounds: int) -> None:
    """`rounds` rounds of the calls of `body`, each compared with the model's in a tight
    loop, and written as one loop; raises Broken at the first call that disagrees.

    The repro is then the rounds that agreed, as a loop, and the calls of the
    round that broke, one by one: short, whatever round it broke in.
    """
    gave: list = []  # what the calls that agreed gave, in order
    for done in range(rounds):
        for at, (_, learner, model, _) in enumerate(body):
            want = model()
            try:
                got, raised = learner(), None
            except Exception as error:  # the script says what it was, and where
                got, raised = None, error
            if raised is not None or not same(got, want):
                broke(script, body, (done, at), gave, want, got, raised)
            gave.append(got)
    write_rounds(script, body, rounds, gave)
    script.made += rounds * len(body)


def broke(
    script: Script,
    body: list[Call],
    where: tuple[int, int],
    gave: list,
    want: object,
    got: object,
    raised: Exception | None,
) -> NoReturn:
    """Write the repro of rounds that broke at call `at` of round `done` (`where`),
    where the learner's code gave `got` or raised `raised`, and raise Broken."""
    done, at = where
    write_rounds(script, body, done, gave)
    script.made += done * len(body)
    for (text, _, _, show), value in zip(body[:at], gave[len(gave) - at :], strict=True):
        script.call(text, lambda value=value: value, returns(value), show=show)

    def again() -> object:
        if raised is not None:
            raise raised
        return got

    script.call(body[at][0], again, returns(want))
    raise AssertionError("unreachable: the call above disagrees, so it raises Broken")


def write_rounds(script: Script, body: list[Call], rounds: int, gave: list) -> None:
    """The first `rounds` rounds of `body`, which agreed with the model and gave `gave`,
    as lines of the repro: a loop, or the calls one by one when they are few."""
    if rounds * len(body) <= 3:
        for (text, _, _, show), value in zip(body * rounds, gave, strict=False):
            script.line(f"{text}  # {code(value)}" if show else text)
    elif len(body) == 1:
        script.line(f"_ = [{body[0][0]} for _ in range({rounds})]")
    elif rounds:
        calls = "; ".join(f"_ = {text}" if show else text for text, _, _, show in body)
        script.line(f"for _ in range({rounds}): {calls}")
        script.line("")


class LongRuns(Balancers):
    """The sequences that only go wrong late: state that drifts, wraps or resets
    after hundreds or thousands of calls, or past the 256th worker. Their runs are
    compared call by call, in a tight loop (`in_rounds`)."""

    create = None  # pools instead
    create_equal = None
    create_same_ids = None
    change_callers_dict = None
    set_look_alike = None

    def scaled(self, which: int, count: int) -> int:
        """`count` on a pool of a dozen; on a larger pool, as many as make the same work."""
        size = len(self.at(which).model.weights)
        return max(1, count * SMALL_POOL // max(size, SMALL_POOL))

    @rule(weight=4, when=few_instances, size=POOL_SIZES)
    def create_pool(self, size: int) -> None:
        """A pool of `size` workers named w0, w1, ..., of weights 1 to 7 by place."""
        weights = {f"w{n}": n % 7 + 1 for n in range(size)}
        self.hand_over(weights, f"{{f'w{{n}}': n % 7 + 1 for n in range({size})}}")

    @rule(weight=4, when=has_instances, which=WHICH, times=IN_A_LONG_ROW)
    def assign_many(self, which: int, times: int) -> None:
        live = self.at(which)
        body = [(f"{live.name}.assign()", live.learner.assign, live.model.assign, True)]
        in_rounds(self.script, body, self.scaled(which, times))

    @rule(weight=2, when=has_instances, which=WHICH, choice=Integers(0, 7), rounds=ROUNDS)
    def flap(self, which: int, choice: int, rounds: int) -> None:
        """One worker goes down and comes back, `rounds` times, with assign() calls between."""
        live = self.at(which)
        workers = list(live.model.weights)
        worker = workers[choice % len(workers)]
        assign = (f"{live.name}.assign()", live.learner.assign, live.model.assign, True)

        def going(available: bool) -> Call:
            return (
                f"{live.name}.set_available({code(worker)}, {available})",
                lambda: live.learner.set_available(worker, available),
                lambda: live.model.set_available(worker, available),
                False,
            )

        body = [going(False), assign, going(True), assign, assign]
        in_rounds(self.script, body, self.scaled(which, rounds))


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several balancers at once,
    does what the contract says"""
    explore(Balancers, sequences=180, steps=25, seed=1)


def test_long_runs_follow_the_contract():
    """thousands of calls on one balancer, pools of hundreds of workers, and a worker
    going down and coming back hundreds of times: every call does what the contract says"""
    explore(LongRuns, sequences=8, steps=16, seed=2, min_steps=8)
