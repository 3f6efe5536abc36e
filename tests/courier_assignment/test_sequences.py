"""Spec tests for courier_assignment: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several services at once share one world (tests/courier_assignment/model.py): a
clock in epoch seconds moved by hand, and the couriers' apps, whose declines
are scripted (a courier's every offer, or its offer of the next order) and
whose answers can take time on the clock. The generated calls make services
with other settings (refused ones too), bring couriers online and offline
(awkward ids among them: case and whitespace variants, the empty id, é
written two ways), report positions on a grid round the pickups, where
couriers share spots and stand the same distance away on either side, with
stamps fresh, exactly as old as the window, stale, late and ahead of the
clock; they move the clock, assign orders (new ones, unassigned ones again,
carried ones again), complete orders (and ones nobody carries) and read
stats. The long runs add pools of hundreds of couriers, thousands of orders
assigned and delivered on one service, a courier declining hundreds of
orders, couriers going offline and online hundreds of times, and the clock
passing the freshness window again and again.

Every call is compared with the model; where the contract leaves the choice
of a tied courier to the rng, the model follows the learner's own pick if
the contract allows it (model.follow). A failure is shrunk to the smallest
sequence of calls that still breaks the contract, shown as lines to paste
into python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pytest

from tests.courier_assignment.model import (
    CENTRE,
    WORLD_CODE,
    Assigned,
    Service,
    World,
    follow,
    learner_assigned,
    spot,
)
from tests.harness.toolkit import differential as gen

# Long runs: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

AWKWARD = ["ana", "ben", "cy", "dee", "Ana", "ana ", "", "é", "e\u0301", "c1", "c10"]
IDS = gen.Text("aAbB01 é", max_size=3, common=AWKWARD)
WHICH = gen.Integers(0, 2)
CHOICE = gen.Integers(0, 7)
# The constructor's arguments after offer and clock: the defaults, others, refused ones.
SETTINGS = [
    (),
    (30.0, 5.0, 60.0, 300.0, 2, 3, 1.0, 7),
    (10.0, 2.5, 0.0, 100.0, 1, 1, 0.0, 3),
    (0.5, 10.0, 30.0, 0.0, 3, 5, 3.0, 11),
    (60.0,),
    (0.0,),
    (30.0, 5.0, -1.0),
    (30.0, 5.0, 60.0, 300.0, 0),
]
# Where couriers report from and orders are picked up: a grid round the centre, with
# spots the same distance from a pickup on either side, and spots a metre or two apart.
PLACES = [
    spot(north, east)
    for north, east in [
        (0, 0),
        (300, 0),
        (-300, 0),
        (0, 300),
        (0, -300),
        (300, 300),
        (-300, -300),
        (1000, 0),
        (302, 0),
        (303, 0),
        (306, 0),
        (0, -304),
        (-600, 0),
        (1500, -1500),
    ]
]
PICKUPS = [CENTRE, spot(300, 0), spot(0, -300), spot(-300, 300)]
# How old a report is when it comes in: fresh, at the window's edge, stale, ahead.
AGES = gen.pick(0.0, 0.5, 10.0, 29.5, 30.0, 30.5, 60.0, -5.0)
# Steps of the clock: below the window, exactly it, past it, far past it.
STEPS = gen.pick(0.5, 1.0, 10.0, 29.5, 30.0, 30.5, 100.0)
LAGS = gen.pick(0.0, 5.0, 20.0, 31.0)


@dataclass(frozen=True)
class Counts:
    """A CourierStats, as (offered, accepted, declined, delivered)."""

    offered: object
    accepted: object
    declined: object
    delivered: object

    def __repr__(self) -> str:
        return (
            f"CourierStats(offered={self.offered!r}, accepted={self.accepted!r}, "
            f"declined={self.declined!r}, delivered={self.delivered!r})"
        )


def learner_counts(stats: object) -> Counts:
    return Counts(stats.offered, stats.accepted, stats.declined, stats.delivered)


class Services(gen.Machine):
    modules = ("courier",)
    imports = "from courier import CourierService"

    def setup(self, module) -> None:
        self.new = module.CourierService
        self.worlds = (World(), World())  # the learner's, the model's
        self.orders = 0
        self.delivered: list[str] = []
        for line in WORLD_CODE:
            self.script.line(line)

    # -- both sides --

    def both(self, text: str, change: Callable[[World], None]) -> None:
        """A change of the world, made in both worlds and written `text`."""
        for world in self.worlds:
            change(world)
        self.script.line(text)

    def next_order(self) -> str:
        self.orders += 1
        return f"o{self.orders}"

    def assigned(self, live: gen.Instance, order: str, pickup: tuple) -> tuple:
        """The learner's assign of `order` made, as a call that gives it again, and what
        the model says it should have given, in step with the offers it made."""
        world = self.worlds[0]
        start = len(world.offers)
        try:
            value, error = live.learner.assign(order, *pickup), None
        except Exception as raised:  # the script says what it was, and where
            value, error = None, raised
        made = ()
        if error is None:
            try:
                value = learner_assigned(value, world.offers[start:], order)
                made = value.offers
            except AttributeError:
                pass  # not an Assignment: compared as it is
        expected = gen.outcome(partial(follow, live.model, order, *pickup, made))
        return partial(again, value, error), expected

    def call(self, live: gen.Instance, method: str, *args: object, show: bool = False) -> None:
        self.compare(live, method, *args, show=show)

    # -- rules --

    @gen.rule(arguments=gen.Integers(0, len(SETTINGS) - 1))
    def create(self, arguments: int) -> None:
        learner_world, model_world = self.worlds
        given = SETTINGS[arguments]
        text = f"CourierService(offer, clock{''.join(f', {gen.code(a)}' for a in given)})"
        expected = gen.outcome(lambda: Service(model_world.offer, model_world.clock, *given))
        create = lambda: self.new(learner_world.offer, learner_world.clock, *given)  # noqa: E731
        made = self.construct("svc", text, create, expected)
        if made:
            self.live.append(gen.Instance(*made, expected.value))

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, courier=IDS)
    def online(self, which: int, courier: str) -> None:
        self.call(self.at(which), "online", courier)

    @gen.rule(when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def online_again(self, which: int, choice: int, stranger: str) -> None:
        """A courier that went offline (or a stranger) comes back online."""
        live = self.at(which)
        gone = [c for c in live.model.reports if c not in live.model.online_now]
        self.call(live, "online", gen.chosen(gone, choice, stranger))

    @gen.rule(when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def offline(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.call(live, "offline", gen.chosen(list(live.model.online_now), choice, stranger))

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=IDS,
        place=gen.Integers(0, len(PLACES) - 1),
        age=AGES,
    )
    def report(self, which: int, choice: int, stranger: str, place: int, age: float) -> None:
        """A report from a courier online (now and then from another), `age` seconds old."""
        live = self.at(which)
        couriers = list(live.model.online_now)
        courier = couriers[choice % len(couriers)] if couriers and choice < 6 else stranger
        at_ms = self.worlds[0].ms(ago=age)
        self.call(live, "report", courier, *PLACES[place], at_ms)

    @gen.macro(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        courier=IDS,
        place=gen.Integers(0, 13),
        first=gen.booleans(),
    )
    def arrive(self, which: int, courier: str, place: int, first: bool) -> list:
        """A courier comes online and reports from where it is (`first`: reports first)."""
        report = {"which": which, "choice": 99, "stranger": courier, "place": place, "age": 0.0}
        steps = [("online", {"which": which, "courier": courier}), ("report", report)]
        return steps[::-1] if first else steps

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH, base=gen.Integers(0, 2))
    def chain(self, which: int, base: int) -> list:
        """Couriers 300, 303 and 306 m north of the centre (0.6 s apart: the first two tie,
        the last two too, the first and the last not), and a few orders there, each
        delivered at once."""
        steps = []
        for n, place in enumerate((1, 9, 10)):
            steps += self.arrive(which, AWKWARD[(base + n) % len(AWKWARD)], place, False)
        new = {"which": which, "pickup": 0, "source": "new", "choice": 0}
        done = {"which": which, "choice": 0, "stranger": "", "which_order": "carried"}
        return steps + [("assign", new), ("complete", done)] * 4

    @gen.macro(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        pickup=gen.Integers(0, len(PICKUPS) - 1),
        many=gen.Integers(2, 6),
        away=gen.booleans(),
    )
    def rush(self, which: int, pickup: int, many: int, away: bool) -> list:
        """Several orders at one pickup in a row: loads grow, capacity and the penalty
        decide; with `away`, the courier online first goes offline and online again in
        the middle, its orders with it."""
        new = {"which": which, "pickup": pickup, "source": "new", "choice": 0}
        steps = [("assign", new)] * many
        if away:
            courier = {"which": which, "choice": 0, "stranger": ""}
            steps[many // 2 : many // 2] = [("offline", courier), ("online_again", courier)]
        return steps

    @gen.macro(weight=3, when=gen.has_instances, which=WHICH)
    def everyone_reports(self, which: int) -> list:
        """Every courier online reports now, each from a place of its own."""
        count = len(self.at(which).model.online_now)
        return [
            (
                "report",
                {"which": which, "choice": n, "stranger": "", "place": (5 * n) % 13, "age": 0.0},
            )
            for n in range(min(count, 6))
        ]

    @gen.macro(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        place=gen.Integers(0, 4),
        size=gen.Integers(2, 5),
    )
    def crowd(self, which: int, place: int, size: int) -> list:
        """A few couriers online at one spot, reporting now: a tie."""
        steps = []
        for courier in AWKWARD[:size]:
            steps.append(("online", {"which": which, "courier": courier}))
            report = {"choice": 99, "stranger": courier, "place": place, "age": 0.0}
            steps.append(("report", {"which": which, **report}))
        return steps

    @gen.macro(when=gen.has_instances, which=WHICH, across=gen.booleans())
    def mirror(self, which: int, across: bool) -> list:
        """Two couriers the same distance from the centre, north and south (or east and
        west), reporting now, and an order picked up there: a tie the rounding of a
        correct formula may split."""
        places = (3, 4) if across else (1, 2)
        steps = []
        for courier, place in zip(("ana", "ben"), places, strict=True):
            steps.append(("online", {"which": which, "courier": courier}))
            report = {"choice": 99, "stranger": courier, "place": place, "age": 0.0}
            steps.append(("report", {"which": which, **report}))
        steps.append(("assign", {"which": which, "pickup": 0, "source": "new", "choice": 0}))
        return steps

    @gen.rule(seconds=STEPS)
    def advance(self, seconds: float) -> None:
        def move(world: World) -> None:
            world.t += seconds

        self.both(f"t += {seconds!r}", move)

    @gen.rule(lag=LAGS)
    def set_lag(self, lag: float) -> None:
        def slow(world: World) -> None:
            world.lag = lag

        self.both(f"lag = {lag!r}", slow)

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        how=gen.pick("courier", "order", "clear"),
    )
    def script_declines(self, which: int, choice: int, how: str) -> None:
        """A courier declines every offer from now on, or its offer of the next order; or
        every decline is forgiven."""
        couriers = list(self.at(which).model.online_now)
        if how == "clear" or not couriers:
            self.both("declines.clear()", lambda world: world.declines.clear())
            return
        courier = couriers[choice % len(couriers)]
        target = courier if how == "courier" else (courier, f"o{self.orders + 1}")
        self.both(f"declines.add({gen.code(target)})", lambda world: world.declines.add(target))

    @gen.rule(
        weight=8,
        when=gen.has_instances,
        which=WHICH,
        pickup=gen.Integers(0, len(PICKUPS) - 1),
        source=gen.pick("new", "new", "again"),
        choice=CHOICE,
    )
    def assign(self, which: int, pickup: int, source: str, choice: int = 0) -> None:
        """A new order; or one assigned before (carried, delivered or unassigned) again."""
        live = self.at(which)
        earlier = [f"o{n}" for n in range(1, self.orders + 1)]
        order = earlier[-1 - choice % len(earlier)] if source == "again" and earlier else None
        order = order or self.next_order()
        where = PICKUPS[pickup]
        text = f"{live.name}.assign({order!r}, {where[0]!r}, {where[1]!r})"
        self.script.call(text, *self.assigned(live, order, where))

    @gen.macro(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        pickup=gen.Integers(0, len(PICKUPS) - 1),
        many=gen.Integers(1, 4),
    )
    def declines_of_the_best(self, which: int, pickup: int, many: int) -> list:
        """The `many` best-placed couriers for a pickup decline the next order, which comes;
        then every decline is forgiven."""
        model = self.at(which).model
        scores = model.scores(self.worlds[1].t, PICKUPS[pickup], [])
        best = sorted(scores, key=lambda courier: scores[courier][1])[:many]
        online = list(model.online_now)
        steps = [
            ("script_declines", {"which": which, "choice": online.index(courier), "how": "order"})
            for courier in best
        ]
        new = {"which": which, "pickup": pickup, "source": "new", "choice": 0}
        clear = ("script_declines", {"which": which, "choice": 0, "how": "clear"})
        again = {"which": which, "pickup": pickup, "source": "again", "choice": 0}
        return [*steps, ("assign", new), clear, ("assign", again)]

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH, lag=gen.pick(20.0, 31.0))
    def slow_decline(self, which: int, lag: float) -> list:
        """The best-placed courier declines the next order and takes `lag` seconds to say
        so: the couriers after it are judged as they were when the order came."""
        return [
            ("set_lag", {"lag": lag}),
            *self.declines_of_the_best(which, 0, 1),
            ("set_lag", {"lag": 0.0}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH)
    def orders_alike(self, which: int) -> list:
        """Orders whose ids differ only in case, spaces or Unicode form, one after another."""
        alike = ["o", "O", "o ", "ó", "o\u0301"]
        return gen.each("assign_named", "order", alike, which=which, pickup=0)

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH)
    def namesake(self, which: int) -> list:
        """A courier online in one service reports in a new one, where it never came online,
        and an order comes there."""
        couriers = list(self.at(which).model.online_now)
        if not couriers:
            return []
        other = len(self.live)  # the service made first
        report = {"choice": 99, "stranger": couriers[0], "place": 0, "age": 0.0}
        new = {"pickup": 0, "source": "new", "choice": 0}
        return [
            ("create", {"arguments": 0}),
            ("report", {"which": other, **report}),
            ("assign", {"which": other, **new}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE)
    def decline_then_next(self, which: int, choice: int) -> list:
        """The best-placed courier declines an order; the next order comes."""
        new = {"which": which, "pickup": 0, "source": "new", "choice": 0}
        return [
            ("script_declines", {"which": which, "choice": choice, "how": "order"}),
            ("assign", new),
            ("assign", new),
            ("stats_all", {"which": which}),
        ]

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=IDS,
        which_order=gen.pick("carried", "carried", "delivered", "stranger"),
    )
    def complete(self, which: int, choice: int, stranger: str, which_order: str) -> None:
        """An order carried is delivered; or one delivered already, or a stranger, is
        refused."""
        live = self.at(which)
        carried = list(live.model.carried)
        delivered = [order for order in self.delivered if order not in carried]
        order = stranger
        if which_order == "carried" and carried:
            order = carried[choice % len(carried)]
        elif which_order == "delivered" and delivered:
            order = delivered[choice % len(delivered)]
        self.call(live, "complete", order)
        if order in carried:
            self.delivered.append(order)

    @gen.rule(
        when=gen.has_instances,
        which=WHICH,
        order=gen.Text("oO1 ", max_size=2, common=["o", "O", "o ", "", "ó", "o\u0301", "o1"]),
        pickup=gen.Integers(0, len(PICKUPS) - 1),
    )
    def assign_named(self, which: int, order: str, pickup: int) -> None:
        """An order of an awkward id: ids that differ in case, spaces or Unicode form."""
        live = self.at(which)
        where = PICKUPS[pickup]
        text = f"{live.name}.assign({gen.code(order)}, {where[0]!r}, {where[1]!r})"
        self.script.call(text, *self.assigned(live, order, where))

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def stats(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        courier = gen.chosen(list(live.model.online_now), choice, stranger)
        self.stats_of(live, courier)

    def stats_of(self, live: gen.Instance, courier: str) -> None:
        expected = Counts(*live.model.stats(courier))
        text = f"{live.name}.stats({gen.code(courier)})"
        call = lambda: learner_counts(live.learner.stats(courier))  # noqa: E731
        self.script.call(text, call, gen.returns(expected))

    @gen.rule(when=gen.has_instances, which=WHICH)
    def stats_all(self, which: int) -> None:
        """The stats of every courier online."""
        live = self.at(which)
        for courier in list(live.model.online_now)[:8]:
            self.stats_of(live, courier)


# -- long runs: pools of hundreds, thousands of orders, hundreds of declines and churns --


@dataclass(frozen=True)
class Step:
    """One call of a round of a long run, made on both sides with the round's number n.

    `text` is how the repro writes it, with n as its variable. The learner's call is
    made first: `model` gets what it gave (a tie is the learner's to decide), and what
    the learner's calls gave is kept for the calls after it, under `keeps`
    (`d = svc1.assign(...)`), from round to round.
    """

    text: str
    learner: Callable[[int, dict], object]
    model: Callable[[int, dict, object], object]
    show: bool = False
    keeps: str = ""

    def written(self) -> str:
        return f"{self.keeps} = {self.text}" if self.keeps else self.text


def in_rounds(script: gen.Script, steps: list[Step], rounds: int, kept: dict) -> bool:
    """`rounds` rounds of `steps`, each call compared with the model's in a tight loop
    and written as one loop; raises Broken at the first call that disagrees.

    A call the contract refuses (a refusal the learner's code makes too) ends the run
    there, so that the loop pastes: False then, True when every round ran.
    """
    for done in range(rounds):
        for at, step in enumerate(steps):
            try:
                got, raised = step.learner(done, kept), None
            except Exception as error:  # the script says what it was, and where
                got, raised = None, error
            want = gen.outcome(partial(step.model, done, kept, got))
            if want.raised is not None or raised is not None or not gen.same(got, want.value):
                write_rounds(script, steps, done)
                if any("{n" in step.text for step in steps):
                    script.line(f"n = {done}")
                for made in steps[:at]:
                    script.line(made.written())
                script.call(step.written(), partial(again, got, raised), want, show=step.show)
                return False
            if step.keeps:
                kept[step.keeps] = got
    write_rounds(script, steps, rounds)
    return True


def write_rounds(script: gen.Script, steps: list[Step], rounds: int) -> None:
    """`rounds` rounds of `steps` that agreed with the model, as one line of the repro
    (and a blank line to end the loop)."""
    script.made += rounds * len(steps)
    if rounds:
        variable = "n" if any("{n" in step.text for step in steps) else "_"
        calls = "; ".join(step.written() for step in steps)
        script.line(f"for {variable} in range({rounds}): {calls}")
        script.line("")


def few_instances(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


# Couriers a long run's assigns may score, all told, so that a run on a pool of
# hundreds stays inside its time: rounds are cut to fit.
SCORED = 15_000
POOL_SIZES = gen.pick(3, 30, 300)
POOL_SETTINGS = [(30.0, 5.0, 60.0, 300.0, 2, 3, 1.0, 5), (30.0, 5.0, 60.0, 60.0, 1, 2, 0.5, 8)]
ROUNDS = gen.pick(270, 450)
PICKUPS_CODE = f"pickups = {gen.code([list(place) for place in PICKUPS])}"
# Where the couriers of a pool report from: scattered over 3 km round the centre, so
# that most of them are the best placed for some pickup, alone. Run on both sides, and
# written into the repro, as this one source.
POOL_PLACE = (
    "def place(n): return (37.7749 + ((37 * n) % 3001 - 1500) / 111_195, "
    "-122.4194 + ((53 * n) % 3001 - 1500) / 87_870)"
)
_written: dict = {}
exec(POOL_PLACE, _written)
pool_place = _written["place"]


class LongRuns(Services):
    """The sequences that only go wrong late: counts past 255, a courier declining
    hundreds of orders, couriers going offline and online hundreds of times, reports
    and the clock moving on for thousands of seconds, pools of hundreds. Their runs are
    compared call by call in a tight loop (`in_rounds`)."""

    create = None  # pools instead
    crowd = None
    mirror = None
    set_lag = None
    decline_then_next = None
    declines_of_the_best = None
    namesake = None
    chain = None
    rush = None
    online_again = None
    assign_named = None
    slow_decline = None
    orders_alike = None
    slow_decline = None
    orders_alike = None
    online = None
    offline = None
    report = None
    arrive = None
    everyone_reports = None
    stats = None  # checkpoints instead

    def setup(self, module) -> None:
        super().setup(module)
        self.script.line(POOL_PLACE)
        self.script.line(PICKUPS_CODE)
        self.kept: dict = {}
        self.lots = 0  # runs so far: each names its orders apart

    def step(self, live: gen.Instance, method: str, text: str, argument) -> Step:
        """`method(argument(n))` on both sides, written `svcN.method(text)`."""
        return Step(
            f"{live.name}.{method}({text})",
            lambda n, kept: getattr(live.learner, method)(*argument(n)),
            lambda n, kept, got: getattr(live.model, method)(*argument(n)),
        )

    def assign_step(self, live: gen.Instance, prefix: str, pickup) -> Step:
        """`d = svcN.assign(f'<prefix>{n}', *pickups[...])`, judged as the assign rule is."""
        world = self.worlds[0]

        def learner(n: int, kept: dict) -> object:
            order, where = f"{prefix}{n}", PICKUPS[pickup(n)]
            start = len(world.offers)
            return learner_assigned(live.learner.assign(order, *where), world.offers[start:], order)

        def model(n: int, kept: dict, got: object) -> object:
            made = got.offers if isinstance(got, Assigned) else ()
            return follow(live.model, f"{prefix}{n}", *PICKUPS[pickup(n)], made)

        index = "n % 4" if pickup(1) != pickup(0) else str(pickup(0))
        text = f"{live.name}.assign(f'{prefix}{{n}}', *pickups[{index}])"
        return Step(text, learner, model, show=True, keeps="d")

    def deliver_step(self, live: gen.Instance) -> Step:
        """The order of the round before is delivered, if it was taken; then the one of
        this round is the one before."""

        def learner(n: int, kept: dict) -> None:
            before = kept.get("p")
            if before is not None and before.result[1] is not None:
                live.learner.complete(before.result[0])
            kept["p"] = kept["d"]

        def model(n: int, kept: dict, got: object) -> None:
            before = kept.get("p_model")
            if before is not None and before.result[1] is not None:
                live.model.complete(before.result[0])
            kept["p_model"] = kept["d"]

        text = f"p and p.courier and {live.name}.complete(p.order_id); p = d"
        return Step(text, learner, model)

    def rounds(self, live: gen.Instance, steps: list[Step], rounds: int) -> bool:
        self.kept.pop("p", None)
        self.kept.pop("p_model", None)
        self.script.line("p = None")
        return in_rounds(self.script, steps, rounds, self.kept)

    def affordable(self, live: gen.Instance, rounds: int, assigns: int = 1) -> int:
        scored = assigns * (len(live.model.online_now) + 1) * 2
        return max(1, min(rounds, SCORED // scored))

    @gen.rule(weight=4, when=few_instances, size=POOL_SIZES, choice=gen.Integers(0, 1))
    def create_pool(self, size: int, choice: int) -> None:
        """A service of `size` couriers, w0, w1, ..., online and reporting now, from all
        over the map."""
        learner_world, model_world = self.worlds
        given = POOL_SETTINGS[choice]
        name = self.name("svc")
        learner = self.script.call(
            f"{name} = CourierService(offer, clock, {', '.join(map(gen.code, given))})",
            lambda: self.new(learner_world.offer, learner_world.clock, *given),
            gen.returns(gen.ANYTHING),
            show=False,
        )
        live = gen.Instance(name, learner, Service(model_world.offer, model_world.clock, *given))
        self.live.append(live)
        stamp = learner_world.ms()
        steps = [
            self.step(live, "online", "f'w{n}'", lambda n: (f"w{n}",)),
            self.step(
                live,
                "report",
                f"f'w{{n}}', *place(n), {stamp}",
                lambda n: (f"w{n}", *pool_place(n), stamp),
            ),
        ]
        self.rounds(live, steps, size)

    def lot(self) -> str:
        self.lots += 1
        return f"L{self.lots}-"

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, times=ROUNDS)
    def orders_all_evening(self, which: int, times: int) -> None:
        """Thousands of orders in a row, each delivered once the next is assigned."""
        live = self.at(which)
        steps = [self.assign_step(live, self.lot(), lambda n: n % 4), self.deliver_step(live)]
        if self.rounds(live, steps, self.affordable(live, times)):
            self.stats_all(which)

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, choice=CHOICE)
    def declines_all_evening(self, which: int, choice: int) -> None:
        """One courier declines every offer for hundreds of orders, all picked up where
        it stands: its offers and declines pass 100 and 255."""
        live = self.at(which)
        couriers = list(live.model.online_now)
        if not couriers:
            return
        stubborn = couriers[choice % len(couriers)]
        for order in [o for o, c in live.model.carried.items() if c == stubborn]:
            self.call(live, "complete", order)  # free, so that it is asked every time
        self.both("declines.clear()", lambda world: world.declines.clear())
        self.both(f"declines.add({gen.code(stubborn)})", lambda world: world.declines.add(stubborn))
        # At the pickup, where nobody else is: the first asked, every time.
        self.call(live, "report", stubborn, *PICKUPS[3], self.worlds[0].ms())
        steps = [self.assign_step(live, self.lot(), lambda n: 3), self.deliver_step(live)]
        if self.rounds(live, steps, self.affordable(live, 300, assigns=3)):
            self.stats_of(live, stubborn)
            self.stats_all(which)
        self.both(
            f"declines.discard({gen.code(stubborn)})",
            lambda world: world.declines.discard(stubborn),
        )

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, choice=CHOICE)
    def comings_and_goings(self, which: int, choice: int) -> None:
        """Hundreds of rounds of a courier going offline, an order, and the courier back."""
        live = self.at(which)
        couriers = list(live.model.online_now)
        if not couriers:
            return
        count = len(couriers)
        pick = lambda n: (couriers[(n + choice) % count],)  # noqa: E731
        text = f"{gen.code(couriers)}[(n + {choice}) % {count}]"
        steps = [
            self.step(live, "offline", text, pick),
            self.assign_step(live, self.lot(), lambda n: n % 4),
            self.deliver_step(live),
            self.step(live, "online", text, pick),
        ]
        if self.rounds(live, steps, self.affordable(live, 270)):
            self.stats_all(which)

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, step=gen.pick(7.5, 2.5))
    def the_evening_goes_on(self, which: int, step: float) -> None:
        """The clock moves on by `step` a round; one courier in turn reports now, another
        sends a report stamped a minute ago; an order: most couriers go stale, and those
        who report come back."""
        live = self.at(which)
        couriers = list(live.model.online_now)
        if not couriers:
            return
        learner_world, model_world = self.worlds
        count = len(couriers)

        def move(world: World) -> Callable[..., None]:
            def moved(*_: object) -> None:
                world.t += step

            return moved

        def now(n: int, late: int = 0) -> tuple:
            """The courier of round n (late: the one five on) and its report: now (late: a
            minute ago)."""
            stamp = learner_world.ms(ago=60.0 * late)
            return couriers[(n + 5 * late) % count], *pool_place(n), stamp

        names = gen.code(couriers)
        steps = [
            Step(f"t += {step!r}", move(learner_world), move(model_world)),
            self.step(
                live,
                "report",
                f"{names}[n % {count}], *place(n), round(t * 1000)",
                lambda n: now(n),
            ),
            self.step(
                live,
                "report",
                f"{names}[(n + 5) % {count}], *place(n), round((t - 60) * 1000)",
                lambda n: now(n, 1),
            ),
            self.assign_step(live, self.lot(), lambda n: n % 4),
            self.deliver_step(live),
        ]
        if self.rounds(live, steps, self.affordable(live, 300)):
            self.stats_all(which)


def again(value: object, error: Exception | None) -> object:
    """A call made already, made again for the script: it gives or raises the same."""
    if error is not None:
        raise error
    return value


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several services at once,
    does what the contract says"""
    gen.explore(Services, sequences=60, steps=40, seed=1)


def test_long_runs_follow_the_contract():
    """pools of hundreds of couriers, thousands of orders on one service, a courier
    declining hundreds of orders, couriers going offline and online hundreds of times, the
    clock moving on past the freshness window: every call does what the contract says"""
    gen.explore(LongRuns, sequences=5, steps=10, seed=2, min_steps=6)
