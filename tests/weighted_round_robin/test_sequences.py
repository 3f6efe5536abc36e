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
up to 10,000 assign() calls on one balancer, and a worker going down and
coming back more than a thousand times: state that drifts, wraps or resets
late shows there. Every call is compared with the model in
tests/weighted_round_robin/model.py; a failure is shrunk to the smallest
sequence of calls that still breaks the contract, shown as lines to paste
into python3.

The longest runs are checked call by call against the model: 140,000 calls on
one balancer, weights of tens of thousands and of billions, and a worker back
after an outage of 140,000 calls.
"""

from __future__ import annotations

import unicodedata

import pytest

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit import rotation
from tests.harness.toolkit.spec import fresh, to_see_it
from tests.weighted_round_robin.model import Balancer

# Generated sequences: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

# round_robin's awkward ids, lower case first.
AWKWARD = ["a", "b", "c", "A", *rotation.AWKWARD[4:]]
IDS = gen.Text("abAB01 _-#é中🙂\t", max_size=6, common=AWKWARD)
# Mostly small weights, so that ties and long runs both happen; now and then one
# that must be refused.
WEIGHTS = gen.pick(1, 2, 3, 1, 2, 5, 1, 3, 10, 0, -1)
# The one weight of a pool whose workers all weigh the same.
SAME_WEIGHT = gen.pick(1, 2, 3)
# Weights for the ids of an earlier pool: mostly valid, so that both pools are made.
OTHER_WEIGHTS = gen.pick(1, 2, 3, 5, 0)
# Calls in a row: mostly short runs, now and then a full round of a large pool
# (six workers of weight 10). Longer runs are the long runs' business.
IN_A_ROW = gen.pick(1, 2, 3, 5, 8, 1, 2, 60)
WHICH = gen.Integers(0, 2)
# set_available()'s arguments: one of the weights (or a stranger), and the value.
AVAILABILITY = {"choice": gen.Integers(0, 6), "stranger": IDS, "available": gen.booleans()}
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


class Balancers(gen.Machine):
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
        expected = gen.outcome(lambda: Balancer(dict(weights)))
        create = lambda: self.new(weights)  # noqa: E731
        made = self.construct("wrr", f"WeightedRoundRobin({name})", create, expected)
        if made:
            self.live.append(gen.Instance(*made, expected.value))

    @gen.rule(weight=2, ids=gen.Lists(IDS, max_size=6), weights=gen.Lists(WEIGHTS, max_size=6))
    def create(self, ids: list[str], weights: list) -> None:
        callers = dict(zip(ids, weights, strict=False))
        self.hand_over(callers, gen.code(callers))

    @gen.rule(ids=gen.Lists(IDS, max_size=6), each=SAME_WEIGHT)
    def create_equal(self, ids: list[str], each: int) -> None:
        """A pool whose workers all weigh the same: ties at every turn, a worker that comes
        back included."""
        self.create(ids, [each] * len(ids))

    @gen.rule(
        weight=3,
        when=lambda machine: machine.dicts,
        which=WHICH,
        weights=gen.Lists(OTHER_WEIGHTS, max_size=6),
    )
    def create_same_ids(self, which: int, weights: list) -> None:
        """A new dict with the ids of one handed over before, in the same order, and other
        weights (valid or not)."""
        _, callers = self.dicts[which % len(self.dicts)]
        drawn = weights or [1]
        self.create(list(callers), [drawn[n % len(drawn)] for n in range(len(callers))])

    @gen.rule(when=lambda machine: machine.dicts, which=WHICH, change=gen.pick(*CHANGES))
    def change_callers_dict(self, which: int, change: str) -> None:
        name, callers = self.dicts[which % len(self.dicts)]
        text, apply = CHANGES[change]
        self.script.line(f"{name}{text}")
        apply(callers)

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, **AVAILABILITY)
    def set_available(self, which: int, choice: int, stranger: str, available: bool) -> None:
        live = self.at(which)
        self.compare(
            live, "set_available", gen.chosen(live.model.weights, choice, stranger), available
        )

    @gen.macro(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 5),
        look=gen.pick(*LOOK_ALIKES),
        available=gen.booleans(),
    )
    def set_look_alike(self, which: int, choice: int, look: str, available: bool) -> list:
        """set_available() for an id made to look like a worker's (see LOOK_ALIKES)."""
        workers = list(self.at(which).model.weights)
        if not workers:
            return []
        stranger = LOOK_ALIKES[look](workers[choice % len(workers)])
        step = {"which": which, "choice": 6, "stranger": stranger}
        return [("set_available", {**step, "available": available})]

    @gen.macro(when=gen.has_instances, which=WHICH, available=gen.booleans())
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

    @gen.macro(
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 5),
        times=gen.pick(0, 1, 1, 2, 3),
    )
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

    @gen.macro(when=gen.has_instances, which=WHICH, times=gen.pick(1, 3))
    def restart_the_pool(self, which: int, times: int) -> list:
        """Every worker goes down, assign() finds nobody, and every worker comes back."""
        steps = self.set_everyone(which, False)
        steps.append(("assign", {"which": which, "times": times}))
        return steps + self.set_everyone(which, True)

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, times=IN_A_ROW)
    def assign(self, which: int, times: int) -> None:
        live = self.at(which)
        expected = [gen.returns(live.model.assign()) for _ in range(times)]
        if times == 1:
            self.script.call(f"{live.name}.assign()", live.learner.assign, expected[0])
        else:
            self.script.repeat(f"{live.name}.assign()", live.learner.assign, expected)


# Long runs: pools of three workers, of a dozen and of hundreds, their weights
# 1 to 7 by place (pools of 3, 12 and 300 weigh 6, 43 and 1,197 in all: none
# divides 1,000 or 8,192, so the current weights are not all back to 0 after
# that many calls), runs of thousands of calls on one balancer (10,000 on a
# pool of three), and a worker coming back more than a thousand times. Each
# call walks the whole pool, so a pool gets as many calls as make the work of
# a run on a dozen workers: four times as many on three, a 25th on 300 (a
# worker flaps as many times on three as on a dozen).
SMALL_POOL = 12
POOL_SIZES = gen.pick(SMALL_POOL, 300, 3)
IN_A_LONG_ROW = gen.pick(300, 1200, 2500)
COMEBACKS = gen.pick(40, 300, 1100)


def few_instances(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Balancers):
    """The sequences that only go wrong late: state that drifts, wraps or resets
    after thousands of calls or changes, or past the 256th worker. Their runs are
    compared call by call, in a tight loop (Script.numbered_rounds)."""

    create = None  # pools instead
    create_equal = None
    create_same_ids = None
    change_callers_dict = None
    set_look_alike = None

    def scaled(self, which: int, count: int) -> int:
        """`count` on a pool of a dozen; on another pool, as many as make the same work."""
        size = len(self.at(which).model.weights)
        return max(1, count * SMALL_POOL // max(size, 1))

    @gen.rule(weight=4, when=few_instances, size=POOL_SIZES)
    def create_pool(self, size: int) -> None:
        """A pool of `size` workers named w0, w1, ..., of weights 1 to 7 by place."""
        weights = {f"w{n}": n % 7 + 1 for n in range(size)}
        self.hand_over(weights, f"{{f'w{{n}}': n % 7 + 1 for n in range({size})}}")

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, times=IN_A_LONG_ROW)
    def assign_many(self, which: int, times: int) -> None:
        assign = self.in_round(self.at(which), "assign")
        self.script.numbered_rounds([assign], self.scaled(which, times))

    @gen.rule(
        weight=2, when=gen.has_instances, which=WHICH, choice=gen.Integers(0, 7), rounds=COMEBACKS
    )
    def flap(self, which: int, choice: int, rounds: int) -> None:
        """One worker goes down and comes back, `rounds` times (fewer on a larger pool), with
        assign() calls between."""
        live = self.at(which)
        workers = list(live.model.weights)
        worker = workers[choice % len(workers)]
        down, up, assign = (
            self.in_round(live, "set_available", worker, False),
            self.in_round(live, "set_available", worker, True),
            self.in_round(live, "assign"),
        )
        body = [down, assign, up, assign, assign]
        self.script.numbered_rounds(body, min(rounds, self.scaled(which, rounds)))


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several balancers at once,
    does what the contract says"""
    gen.explore(Balancers, sequences=180, steps=25, seed=1)


def test_long_runs_follow_the_contract():
    """thousands of calls on one balancer, pools of hundreds of workers, and a worker
    going down and coming back more than a thousand times: every call does what the
    contract says"""
    gen.explore(LongRuns, sequences=8, steps=12, seed=2, min_steps=6)


# -- the longest runs: each call checked as it comes, against the model --
LONGEST = rotation.LONGEST


def balancer(weights: dict[str, int]):
    return fresh("weighted_round_robin").WeightedRoundRobin(dict(weights))


def same_as_the_model(learner, model, calls: int, scenario: str, replay: list[str]) -> None:
    """`calls` assign() calls of the learner's balancer give what the model's give."""
    for call in range(1, calls + 1):
        got, expected = learner.assign(), model.assign()
        if got != expected:
            lines = [*replay, f"calls = [balancer.assign() for _ in range({call})]", "calls[-4:]"]
            pytest.fail(
                f"{scenario}: assign() call {call:,} of the run should give {expected!r}; "
                f"got {got!r}. " + to_see_it(lines)
            )


def test_the_turns_keep_their_order_over_the_longest_run():
    """over 140,000 assign() calls every turn is the one the three steps give"""
    # The available weights add up to 7: current weights all come back to 0 every 7
    # calls, so setting them to 0 at a call whose number is a power of ten or of two
    # changes the turns that follow.
    weights = {"a": 3, "b": 1, "c": 5, "d": 3}
    learner, model = balancer(weights), Balancer(weights)
    learner.set_available("c", False)
    model.set_available("c", False)
    same_as_the_model(
        learner,
        model,
        LONGEST,
        f"weights {weights} with c unavailable",
        [
            "from weighted_round_robin import WeightedRoundRobin",
            f"balancer = WeightedRoundRobin({weights})",
            'balancer.set_available("c", False)',
        ],
    )


def test_large_weights_are_added_up_exactly():
    """weights of tens of thousands and of billions grow and drop exactly as the steps say"""
    weights = {"a": 40_000, "b": 30_000, "c": 3_000_000_000, "d": 70_001}
    same_as_the_model(
        balancer(weights),
        Balancer(weights),
        2_000,
        f"weights {weights}",
        [
            "from weighted_round_robin import WeightedRoundRobin",
            f"balancer = WeightedRoundRobin({weights})",
        ],
    )


def test_a_worker_back_after_the_longest_outage_keeps_its_current_weight():
    """a worker unavailable for 140,000 calls comes back with the current weight it had"""
    weights = {"a": 5, "b": 4, "c": 1}
    learner, model = balancer(weights), Balancer(weights)
    for side in (learner, model):
        side.assign()
        side.set_available("b", False)
        for _ in range(LONGEST):
            side.assign()
        side.set_available("b", True)
    same_as_the_model(
        learner,
        model,
        30,
        f"weights {weights}: one assign() call, b unavailable for {LONGEST:,} calls, then "
        "available again",
        [
            "from weighted_round_robin import WeightedRoundRobin",
            f"balancer = WeightedRoundRobin({weights})",
            "balancer.assign()",
            'balancer.set_available("b", False)',
            f"for _ in range({LONGEST}): balancer.assign()\n",
            'balancer.set_available("b", True)',
        ],
    )
