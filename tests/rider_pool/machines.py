"""The rider_pool spec tests' machines of generated calls (tests.harness.toolkit.differential).

`Pools` makes the same calls on several of the learner's pools at once and on
the model's (tests/rider_pool/model.py), and compares every call; a pick must
give a rider of the model's pool (None when it is empty), and a run of picks
each of its riders. `LongRuns` draws the sequences that only go wrong late.
They live here rather than in test_sequences.py so that the grader, which
copies a spec test file for each wrong version it grades, compiles them once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tests.harness.toolkit import differential as gen
from tests.rider_pool.model import Pool

# Ids that trip implementations up: case and whitespace variants, the empty id,
# ids that are prefixes of each other, ids that look like numbers or nobody,
# non-ASCII text, é written two ways, a full-width A.
AWKWARD = [
    "a",
    "A",
    "a ",
    " a",
    "",
    "a\n",
    "r1",
    "r10",
    "0",
    "None",
    "中",
    "é",
    "e\u0301",
    "\uff21",
]
IDS = gen.Text("aAbB01 _-é中", max_size=4, common=AWKWARD)
# Ids alike enough to be mixed up, added as a family.
LOOK_ALIKES = [["a", "A", "a ", " a"], ["r1", "r10", "r"], ["é", "e\u0301"], ["", " ", "\t"]]
WHICH = gen.Integers(0, 2)
CHOICE = gen.Integers(0, 9)
# Which rider a call is for: one in the pool, one removed before, or any other id.
SOURCES = ("present", "removed", "stranger")
# The arguments of a rule given a rider (Pools.rider), and whether to pass a copy of its id.
A_RIDER = {
    "which": WHICH,
    "source": gen.pick(*SOURCES),
    "choice": CHOICE,
    "stranger": IDS,
    "copy": gen.booleans(),
}
SEEDS = gen.Integers(0, 9)


def built(rider: str) -> tuple[str, str]:
    """An id equal to `rider` but built at run time, and how to write it.

    Another string object wherever Python makes one (not for the empty id or
    one Latin-1 character, of which Python keeps a single copy): ids are
    compared by value, and a pool that finds a rider by identity misses it.
    """
    if len(rider) < 2 and (not rider or ord(rider) < 256):
        return rider, gen.code(rider)
    return (rider * 2)[: len(rider)], f"({gen.code(rider)} * 2)[:{len(rider)}]"


class InThePool:
    """What a pick should give, for the words of a report: one of the riders in the pool."""

    def __init__(self, riders: list[str]) -> None:
        self.riders = riders

    def __repr__(self) -> str:
        listed = "one of " + ", ".join(gen.code(rider) for rider in self.riders)
        if len(self.riders) <= 4 and len(listed) <= 50:
            return listed
        return f"one of the {len(self.riders)} riders in the pool"


@dataclass
class Live(gen.Instance):
    """A pool both sides have, and the riders it once had and lost."""

    removed: list[str] = field(default_factory=list)
    filled: int = 0  # long runs: the riders r0, r1, ... added so far
    picked: str | None = None  # the rider the last pick gave


class Pools(gen.Machine):
    modules = ("rider_pool",)
    imports = "import random; from rider_pool import RiderPool"

    def setup(self, module) -> None:
        self.new = module.RiderPool

    def rider(self, live: Live, source: str, choice: int, stranger: str) -> str:
        riders = list(live.model.riders)
        if source == "present" and riders:
            return riders[choice % len(riders)]
        if source == "removed" and live.removed:
            return live.removed[choice % len(live.removed)]
        if source == "picked" and live.picked is not None:  # only the macros ask for it
            return live.picked
        return stranger

    def call(self, live: Live, method: str, rider: str, copy: bool) -> None:
        """add, remove or `in` on both sides, compared; with `copy`, the learner's side gets
        the id built at run time."""
        given, written = built(rider) if copy else (rider, gen.code(rider))
        if method == "contains":
            text = f"{written} in {live.name}"
            learner = lambda: given in live.learner  # noqa: E731
            expected = gen.returns(rider in live.model)
        else:
            text = f"{live.name}.{method}({written})"
            learner = lambda: getattr(live.learner, method)(given)  # noqa: E731
            expected = gen.returns(getattr(live.model, method)(rider))
        self.script.call(text, learner, expected)
        if method == "remove" and expected.value and rider not in live.removed:
            live.removed.append(rider)

    def create_pool(self, seed: int) -> Live:
        name = self.name("pool")
        learner = self.script.call(
            f"{name} = RiderPool(random.Random({seed}))",
            lambda: self.new(random.Random(seed)),
            gen.returns(gen.ANYTHING),
            show=False,
        )
        live = Live(name, learner, Pool())
        self.live.append(live)
        return live

    def judged(self, live: Live, text: str, ahead: str = "") -> None:
        """Make one pick and compare it with the model's pool: written down as `text`
        with what it gave, or (with no `text`) only when it breaks, after the line
        `ahead`. Raises Broken when it breaks."""
        value, error = None, None
        try:
            value = live.learner.pick()
        except Exception as raised:  # shown as the learner's error by Script.call
            error = raised
        riders = live.model.riders
        if not riders:
            good = error is None and value is None
        else:
            good = error is None and type(value) is str and value in riders
        if good and value is not None:
            live.picked = value
        if good and not text:
            return

        def again():
            if error is not None:
                raise error
            return value

        if good:
            expected = gen.returns(value)
        else:
            expected = gen.returns(InThePool(list(riders)) if riders else None)
            if ahead:
                self.script.line(ahead)
        self.script.call(text or f"{live.name}.pick()", again, expected)

    def pick_once(self, live: Live) -> None:
        """One pick, compared with the model's pool: written with what it gave."""
        self.judged(live, f"{live.name}.pick()")

    def picks(self, live: Live, times: int) -> None:
        """`times` picks, each compared with the model's pool, written as one line."""
        for made in range(times):
            self.script.made += 1
            ahead = f"_ = [{live.name}.pick() for _ in range({made})]" if made else ""
            self.judged(live, "", ahead)
        self.script.line(f"_ = [{live.name}.pick() for _ in range({times})]")

    @gen.rule(weight=2, when=lambda machine: len(machine.live) < 3, seed=SEEDS)
    def create(self, seed: int) -> None:
        self.create_pool(seed)

    @gen.rule(weight=5, when=gen.has_instances, **A_RIDER)
    def add(self, which: int, source: str, choice: int, stranger: str, copy: bool) -> None:
        live = self.at(which)
        self.call(live, "add", self.rider(live, source, choice, stranger), copy)

    @gen.rule(weight=4, when=gen.has_instances, **A_RIDER)
    def remove(self, which: int, source: str, choice: int, stranger: str, copy: bool) -> None:
        live = self.at(which)
        self.call(live, "remove", self.rider(live, source, choice, stranger), copy)

    @gen.rule(weight=2, when=gen.has_instances, **A_RIDER)
    def contains(self, which: int, source: str, choice: int, stranger: str, copy: bool) -> None:
        live = self.at(which)
        self.call(live, "contains", self.rider(live, source, choice, stranger), copy)

    @gen.rule(when=gen.has_instances, which=WHICH)
    def length(self, which: int) -> None:
        live = self.at(which)
        self.script.call(
            f"len({live.name})", lambda: len(live.learner), gen.returns(len(live.model))
        )

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH)
    def pick_one(self, which: int) -> None:
        self.pick_once(self.at(which))

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, times=gen.pick(2, 5, 300))
    def pick_many(self, which: int, times: int) -> None:
        self.picks(self.at(which), times)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def spread(self, which: int) -> None:
        """Enough picks for each rider to come up (a rider is missed with probability
        below 1e-16): the riders they gave, sorted."""
        live = self.at(which)
        times = max(200, 40 * len(live.model))
        expected = sorted(live.model.riders, key=repr) or [None]
        self.script.call(
            f"sorted({{{live.name}.pick() for _ in range({times})}}, key=repr)",
            lambda: sorted({live.learner.pick() for _ in range(times)}, key=repr),
            gen.returns(expected),
        )

    @gen.macro(when=gen.has_instances, which=WHICH, family=gen.Integers(0, len(LOOK_ALIKES) - 1))
    def add_look_alikes(self, which: int, family: int) -> list:
        """A family of ids alike enough to be mixed up, added one after the other."""
        added = {"which": which, "source": "stranger", "choice": 0, "copy": False}
        return gen.each("add", "stranger", LOOK_ALIKES[family], **added)

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE, times=gen.Integers(1, 4))
    def come_back(self, which: int, choice: int, times: int) -> list:
        """A rider in the pool removed and added back, again and again, picks between."""
        steps: list = []
        for _ in range(times):
            present = {"which": which, "choice": choice, "stranger": "", "copy": False}
            steps.append(("remove", {**present, "source": "present"}))
            steps.append(("pick_one", {"which": which}))
            steps.append(("add", {**present, "source": "removed", "choice": -1}))
        return steps

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE, times=gen.Integers(1, 3))
    def back_at_the_same_size(self, which: int, choice: int, times: int) -> list:
        """A rider removed, others removed and added until the pool is its size again,
        then the rider back: state kept from the removal must not be trusted by size."""
        riders = list(self.at(which).model.riders)
        if len(riders) < 2:
            return []
        rider = {"which": which, "source": "stranger", "choice": 0, "copy": False}
        steps: list = [("remove", {**rider, "stranger": riders[choice % len(riders)]})]
        for n in range(times):  # the newest rider, which swap-delete moves, then a new one
            steps.append(("remove", {**rider, "source": "present", "choice": -1, "stranger": ""}))
            steps.append(("add", {**rider, "stranger": f"n{n}"}))
        steps.append(("add", {**rider, "stranger": riders[choice % len(riders)]}))
        return [*steps, ("spread", {"which": which})]

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE)
    def picked_then_removed(self, which: int, choice: int) -> list:
        """A pick, another rider removed and a new one added (the pool its size again),
        then the rider picked removed: state kept from the pick must not be trusted."""
        rider = {"which": which, "choice": choice, "copy": False}
        return [
            ("pick_one", {"which": which}),
            ("remove", {**rider, "source": "present", "stranger": ""}),
            ("add", {**rider, "source": "stranger", "stranger": "new"}),
            ("remove", {**rider, "source": "picked", "stranger": ""}),
            ("spread", {"which": which}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, last_first=gen.booleans())
    def drain(self, which: int, last_first: bool) -> list:
        """Every rider removed, the first (or the last) of those in the pool each time."""
        count = len(self.at(which).model)
        choice = -1 if last_first else 0
        step = {"which": which, "source": "present", "choice": choice, "stranger": ""}
        return [("remove", {**step, "copy": False}) for _ in range(count)]


# -- long runs: pools of hundreds of riders, thousands of calls on one pool --


def few_instances(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Pools):
    """The sequences that only go wrong late: state that drifts, wraps, resets or is
    compacted after hundreds or thousands of calls, on pools of hundreds of riders."""

    create = None  # pools filled at once instead
    add_look_alikes = None
    # Pools' short sequences hold these; here they would only change the long runs drawn.
    back_at_the_same_size = None
    picked_then_removed = None

    @gen.rule(weight=3, when=few_instances, seed=SEEDS, size=gen.pick(300, 20))
    def create_filled(self, seed: int, size: int) -> None:
        """A pool, and riders r0 to r<size - 1> added in one loop."""
        self.fill(self.create_pool(seed), size)

    def fill(self, live: Live, size: int) -> None:
        start, live.filled = live.filled, live.filled + size
        self.sweep(live, "add", range(start, live.filled))

    def sweep(self, live: Live, method: str, numbers: range) -> None:
        """add or remove of r<n> for each n of `numbers`, compared call by call, written
        as one line."""
        calls = []
        for n in numbers:
            rider = f"r{n}"
            expected = gen.returns(getattr(live.model, method)(rider))
            if method == "remove" and expected.value:
                live.removed.append(rider)
            learner = lambda rider=rider: getattr(live.learner, method)(rider)  # noqa: E731
            calls.append((f"{live.name}.{method}('r{n}')", learner, expected))

        def summary(made: int) -> str:
            part = numbers[:made]
            span = f"{part.start}, {part.stop}" + (f", {part.step}" if part.step != 1 else "")
            return f"_ = [{live.name}.{method}(f'r{{n}}') for n in range({span})]"

        self.script.sweep(calls, summary)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, size=gen.pick(300, 20))
    def refill(self, which: int, size: int) -> None:
        """More riders added in one loop: r<n> for the next `size` numbers."""
        self.fill(self.at(which), size)

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        start=gen.pick(0, 1, 250, 7),
        step=gen.pick(1, 2, 3, 7),
        count=gen.pick(150, 70, 400),
    )
    def remove_many(self, which: int, start: int, step: int, count: int) -> None:
        """Hundreds of removals in a row: r<n> for n from `start` (or from 0, when the pool
        never had r<start>), `step` apart, up to `count` of them."""
        live = self.at(which)
        start = start if start < live.filled else 0
        self.sweep(live, "remove", range(start, min(start + step * count, live.filled), step))

    @gen.rule(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        start=gen.pick(0, 250, 7),
        step=gen.pick(1, 2, 3),
    )
    def add_back(self, which: int, start: int, step: int) -> None:
        """The riders of a run of removals added back in one loop."""
        live = self.at(which)
        self.sweep(live, "add", range(start, start + step * 150, step))

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, times=gen.pick(3000, 300))
    def pick_thousands(self, which: int, times: int) -> None:
        self.picks(self.at(which), times)

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH)
    def spread(self, which: int) -> None:
        """Enough picks for each rider to come up: how many riders they gave."""
        live = self.at(which)
        times = 30 * len(live.model) + 300
        self.script.call(
            f"len({{{live.name}.pick() for _ in range({times})}})",
            lambda: len({live.learner.pick() for _ in range(times)}),
            gen.returns(len(live.model) or 1),
        )

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def members(self, which: int) -> None:
        """`in` for every rider the pool ever had, compared one by one, written as one line."""
        live = self.at(which)
        numbers = range(live.filled)
        calls = [
            (
                f"'r{n}' in {live.name}",
                lambda n=n: f"r{n}" in live.learner,
                gen.returns(f"r{n}" in live.model),
            )
            for n in numbers
        ]
        self.script.sweep(
            calls, lambda made: f"_ = ['r' + str(n) in {live.name} for n in range({made})]"
        )

    @gen.rule(
        weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, rounds=gen.pick(1100, 40)
    )
    def flap(self, which: int, choice: int, rounds: int) -> None:
        """One rider removed and added back `rounds` times, with a pick and `in` and len()
        between: compared call by call, written as one loop."""
        live = self.at(which)
        riders = list(live.model.riders)
        if not riders:
            return
        rider = riders[choice % len(riders)]
        name, text = live.name, gen.code(rider)
        model = live.model
        body = [
            gen.Call(
                f"{name}.remove({text})",
                lambda: live.learner.remove(rider),
                lambda: model.remove(rider),
            ),
            gen.Call(
                f"{name}.pick() != {text}", lambda: live.learner.pick() != rider, lambda: True
            ),
            gen.Call(f"{text} in {name}", lambda: rider in live.learner, lambda: rider in model),
            gen.Call(
                f"{name}.add({text})", lambda: live.learner.add(rider), lambda: model.add(rider)
            ),
            gen.Call(f"len({name})", lambda: len(live.learner), lambda: len(model)),
        ]
        self.script.rounds(body, rounds)
