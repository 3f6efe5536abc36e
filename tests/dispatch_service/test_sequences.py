"""Spec tests for dispatch_service: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several services at once, each in a world of its own
(tests/dispatch_service/model.py): its own clock, moved by hand, and its own
transport, whose sends are scripted to fail, for a worker or for one order, to
raise, or to take time on the clock; and a timeout of its own. So state that
one service keeps on a class or in a module, where the next service's send,
clock or timeout takes its place, shows. The generated calls join workers
(awkward ids among them: case and whitespace variants, the empty id, é written
two ways), join them twice, make them leave (the one the cursor names, too,
with a newcomer joining before the next dispatch) and come back, send
heartbeats, move a service's clock past the timeout and up to it exactly,
dispatch orders one at a time and in runs, and read stats; timeouts that are
not positive are tried too. The long runs add pools of
hundreds of workers, thousands of dispatches, hundreds of joins and leaves in
a row on one service (past 64, 100 and 256), the clock passing the timeout
hundreds of times, and a worker failing and coming back hundreds of times.
Every call is compared with the model (the Delivery, and the sends it made); a
failure is shrunk to the smallest sequence of calls that still breaks the
contract, shown as lines to paste into python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pytest

from tests.dispatch_service.model import WORLD_CODE, Service, World
from tests.harness.toolkit import differential as gen

# Long runs: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

# Ids a sloppy comparison mixes up: case, spaces, the empty id, prefixes, Unicode forms,
# and two long ids alike in their first 40 characters.
LONG = "courier-7f3a9c2e-" + "0" * 23
AWKWARD = [
    "A", "B", "C", "D", "a", "a ", " a", "", "c1", "c10", "é", "e\u0301", "None",
    LONG + "1", LONG + "2",
]  # fmt: skip
IDS = gen.Text("aAbB01 _-é", max_size=4, common=AWKWARD)
WHICH = gen.Integers(0, 2)
CHOICE = gen.Integers(0, 7)
TIMEOUTS = gen.pick(None, 30.0, 5.0, 0.5, 0.0, -1.0)
# Steps of the clock: below the timeouts, exactly them, just past them, far past them.
STEPS = gen.pick(0.5, 1.0, 2.5, 5.0, 5.5, 10.0, 30.0, 30.5, 100.0)
# How long a send takes on the clock: none, a little, each of the timeouts.
LAGS = gen.pick(0.0, 2.5, 0.5, 5.0, 30.0)
IN_A_ROW = gen.pick(1, 2, 3, 5, 20)


@dataclass(frozen=True)
class Dispatched:
    """What one dispatch did: its Delivery's fields, and the sends it made."""

    order_id: object
    worker: object
    attempts: object
    sent: tuple

    def __repr__(self) -> str:
        delivery = f"Delivery({self.order_id!r}, {self.worker!r}, {self.attempts!r})"
        if all(order == self.order_id for _, order in self.sent):
            return f"{delivery}, sent to {[worker for worker, _ in self.sent]!r}"
        return f"{delivery}, sent {list(self.sent)!r}"


@dataclass(frozen=True)
class Counts:
    offered: object
    delivered: object
    failed: object

    def __repr__(self) -> str:
        return (
            f"WorkerStats(offered={self.offered!r}, delivered={self.delivered!r}, "
            f"failed={self.failed!r})"
        )


@dataclass
class Live(gen.Instance):
    """A service both sides have, its world on each side (the learner's, the model's)
    and that world's name in the script, and the workers that left it."""

    worlds: tuple[World, World]
    world: str
    left: list[str] = field(default_factory=list)


class Services(gen.Machine):
    modules = ("dispatch",)
    imports = "from dispatch import DispatchService"

    def setup(self, module) -> None:
        self.new = module.DispatchService
        self.orders = 0
        for line in WORLD_CODE:
            self.script.line(line)

    # -- both sides --

    def both(self, live: Live, text: str, change: Callable[[World], None]) -> None:
        """A change of the service's world, made on both sides and written `text`, a
        statement on the world: `t += 5.0` is written `world1.t += 5.0`."""
        for world in live.worlds:
            change(world)
        self.script.line(f"{live.world}.{text}")

    def new_world(self) -> tuple[str, tuple[World, World]]:
        """A world for the next service, on both sides, and its name in the script."""
        name = self.name("world")
        self.script.line(f"{name} = World()")
        return name, (World(), World())

    def next_order(self) -> str:
        self.orders += 1
        return f"o{self.orders}"

    def dispatch_of(self, live: Live, order: str) -> tuple[Callable[[], Dispatched], gen.Outcome]:
        """The learner's dispatch as a call, and what the model's gave."""
        expected = self.model_dispatch(live, order)
        return partial(self.learner_dispatch, live, order), gen.returns(expected)

    def learner_dispatch(self, live: Live, order: str) -> Dispatched:
        """The learner's dispatch of `order`: its Delivery's fields and its sends."""
        world = live.worlds[0]
        start = len(world.sent)
        got = live.learner.dispatch(order)
        return Dispatched(got.order_id, got.worker, got.attempts, tuple(world.sent[start:]))

    def model_dispatch(self, live: Live, order: str) -> Dispatched:
        world = live.worlds[1]
        before = len(world.sent)
        order_id, worker, attempts = live.model.dispatch(order)
        return Dispatched(order_id, worker, attempts, tuple(world.sent[before:]))

    def call(self, live: Live, method: str, worker: str, show: bool = False) -> None:
        """join, leave, heartbeat or stats of `worker` on both sides, compared."""
        expected = gen.outcome(lambda: getattr(live.model, method)(worker))
        text = f"{live.name}.{method}({gen.code(worker)})"
        if method == "stats":
            if expected.raised is None:
                expected = gen.returns(Counts(*expected.value))

            def learner() -> Counts:
                got = live.learner.stats(worker)
                return Counts(got.offered, got.delivered, got.failed)

            self.script.call(text, learner, expected, show=True)
            return
        self.script.call(text, lambda: getattr(live.learner, method)(worker), expected, show=show)

    # -- rules --

    @gen.rule(timeout=TIMEOUTS)
    def create(self, timeout: float | None) -> None:
        """A service with a world of its own: its own send, clock and timeout."""
        world, (learner_world, model_world) = self.new_world()
        given = () if timeout is None else (timeout,)
        extra = "".join(f", {gen.code(t)}" for t in given)
        text = f"DispatchService({world}.send, {world}.clock{extra})"
        expected = gen.outcome(lambda: Service(model_world.send, model_world.clock, *given))
        create = lambda: self.new(learner_world.send, learner_world.clock, *given)  # noqa: E731
        made = self.construct("svc", text, create, expected)
        if made:
            self.live.append(Live(*made, expected.value, (learner_world, model_world), world))

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        source=gen.pick("new", "left", "present"),
        choice=CHOICE,
        stranger=IDS,
    )
    def join(self, which: int, source: str, choice: int, stranger: str) -> None:
        live = self.at(which)
        if source == "left" and live.left:
            worker = live.left[choice % len(live.left)]
        elif source == "present":
            worker = gen.chosen(live.model.workers, choice, stranger)
        else:
            worker = stranger
        self.call(live, "join", worker)
        if worker in live.left and worker in live.model.seen:
            live.left.remove(worker)

    @gen.macro(when=gen.has_instances, which=WHICH, size=gen.Integers(2, 6), last=gen.booleans())
    def join_several(self, which: int, size: int, last: bool) -> list:
        """A few workers join, one after the other: the first of the awkward ids, or the
        last (the two long ids alike in their first 40 characters among them)."""
        return [
            ("join", {"which": which, "source": "new", "choice": 0, "stranger": worker})
            for worker in (AWKWARD[-size:] if last else AWKWARD[:size])
        ]

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def leave(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        worker = gen.chosen(live.model.workers, choice, stranger)
        present = worker in live.model.seen
        self.call(live, "leave", worker)
        if present and worker not in live.left:
            live.left.append(worker)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, stranger=IDS)
    def leave_at_cursor(self, which: int, stranger: str) -> None:
        """The worker the cursor names leaves (the last of the rotation, too)."""
        live = self.at(which)
        worker = live.model.cursor if live.model.cursor is not None else stranger
        present = worker in live.model.seen
        self.call(live, "leave", worker)
        if present and worker not in live.left:
            live.left.append(worker)

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH, stranger=IDS)
    def leave_at_cursor_and_join(self, which: int, stranger: str) -> list:
        """The worker the cursor names leaves (the last of the rotation, too) and a
        newcomer joins before the next dispatch: the cursor moved on at the leave, so
        the newcomer waits its turn."""
        return [
            ("leave_at_cursor", {"which": which, "stranger": ""}),
            ("join", {"which": which, "source": "new", "choice": 0, "stranger": stranger}),
            ("dispatch", {"which": which, "times": 3}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE, down=gen.booleans())
    def leave_and_join_again(self, which: int, choice: int, down: bool) -> list:
        """A worker's stats are read, it leaves and joins again, its stats are read again,
        then it takes its turn; with `down`, its sends fail for a lap of dispatches before
        it leaves, so that it leaves down."""
        workers = self.at(which).model.workers
        if not workers:
            return []
        choice %= len(workers)
        lap = ("dispatch", {"which": which, "times": 20})
        steps: list = []
        if down:
            steps += [
                ("script_failures", {"which": which, "choice": choice, "how": "worker"}),
                lap,
                ("script_failures", {"which": which, "choice": 0, "how": "clear"}),
            ]
        again = ("stats", {"which": which, "choice": len(workers) - 1, "stranger": ""})
        return [
            *steps,
            ("stats", {"which": which, "choice": choice, "stranger": ""}),
            ("leave", {"which": which, "choice": choice, "stranger": ""}),
            ("join", {"which": which, "source": "left", "choice": -1, "stranger": ""}),
            again,
            lap,
            again,
        ]

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def heartbeat(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.call(live, "heartbeat", gen.chosen(live.model.workers, choice, stranger))

    @gen.macro(when=gen.has_instances, which=WHICH)
    def heartbeat_all(self, which: int) -> list:
        """Every worker of the rotation sends a heartbeat."""
        count = len(self.at(which).model.workers)
        return [
            ("heartbeat", {"which": which, "choice": index, "stranger": ""})
            for index in range(count)
        ]

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, seconds=STEPS)
    def advance(self, which: int, seconds: float) -> None:
        """The service's clock moves on (the other services' clocks stay)."""

        def move(world: World) -> None:
            world.t += seconds

        self.both(self.at(which), f"t += {seconds!r}", move)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, how=gen.pick(
        "worker", "order", "crash", "drop", "clear"))  # fmt: skip
    def script_failures(self, which: int, choice: int, how: str) -> None:
        """A worker's sends fail from now on, or its send of the next order does, or
        raise, or its next send raises once (a send made again would go through); or
        every failure is forgiven."""
        live = self.at(which)
        workers = live.model.workers
        if how == "clear" or not workers:

            def clear(world: World) -> None:
                world.refuse.clear()
                world.crash.clear()
                world.drop.clear()

            self.both(live, "refuse.clear(); crash.clear(); drop.clear()", clear)
            return
        worker = workers[choice % len(workers)]
        if how in ("crash", "drop"):
            self.both(
                live,
                f"{how}.add({gen.code(worker)})",
                lambda world: getattr(world, how).add(worker),
            )
            return
        target = worker if how == "worker" else (worker, f"o{self.orders + 1}")
        self.both(live, f"refuse.add({gen.code(target)})", lambda world: world.refuse.add(target))

    @gen.rule(when=gen.has_instances, which=WHICH, lag=LAGS)
    def set_lag(self, which: int, lag: float) -> None:
        def slow(world: World) -> None:
            world.lag = lag

        self.both(self.at(which), f"lag = {lag!r}", slow)

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH)
    def slow_sends(self, which: int) -> list:
        """Each send takes the service's timeout on the clock, and the next worker to
        consider refuses the next order: the search goes on while the clock moves past
        the heartbeats of the workers after it."""
        model = self.at(which).model
        if model.cursor is None:
            return []
        return [
            ("set_lag", {"which": which, "lag": model.timeout}),
            (
                "script_failures",
                {"which": which, "choice": model.workers.index(model.cursor), "how": "order"},
            ),
            ("dispatch", {"which": which, "times": 1}),
            ("set_lag", {"which": which, "lag": 0.0}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH)
    def down_and_back_at_once(self, which: int) -> list:
        """With the clock standing still: the next worker to consider sends a heartbeat,
        refuses the next order, sends another heartbeat, and takes its turn again."""
        model = self.at(which).model
        if model.cursor is None:
            return []
        choice = model.workers.index(model.cursor)
        beat = ("heartbeat", {"which": which, "choice": choice, "stranger": ""})
        return [
            beat,
            ("script_failures", {"which": which, "choice": choice, "how": "order"}),
            ("dispatch", {"which": which, "times": 1}),
            beat,
            ("dispatch", {"which": which, "times": 20}),
        ]

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def checkpoint(self, which: int) -> None:
        """The stats of the first 8 workers of the rotation."""
        live = self.at(which)
        for worker in live.model.workers[:8]:
            self.call(live, "stats", worker)

    @gen.macro(when=gen.has_instances, which=WHICH)
    def outage(self, which: int) -> list:
        """Every heartbeat goes stale, a dispatch finds nobody, every worker comes back,
        and the rotation goes on from where it was."""
        count = len(self.at(which).model.workers)
        return [
            ("advance", {"which": which, "seconds": 100.0}),
            ("dispatch", {"which": which, "times": 1}),
            *(
                ("heartbeat", {"which": which, "choice": index, "stranger": ""})
                for index in range(count)
            ),
            ("dispatch", {"which": which, "times": 3}),
        ]

    @gen.rule(weight=6, when=gen.has_instances, which=WHICH, times=IN_A_ROW)
    def dispatch(self, which: int, times: int) -> None:
        """One order, dispatched `times` times in a row (an order may come back)."""
        live = self.at(which)
        order = self.next_order()
        text = f"{live.name}.dispatch({order!r})"
        calls = [self.dispatch_of(live, order) for _ in range(times)]
        if times == 1:
            self.script.call(text, *calls[0])
            return
        # The learner's calls are made one by one, in the order the model's were.
        learner = calls[0][0]
        self.script.repeat(text, learner, [expected for _, expected in calls])

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def stats(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.call(live, "stats", gen.chosen(live.model.workers, choice, stranger))


# -- long runs: pools of hundreds, thousands of dispatches, hundreds of joins and leaves --


@dataclass(frozen=True)
class Step:
    """One call of a round of a long run, made on both sides with the round's number n.

    `text` is how the repro writes it, with n as its variable; `keeps` names
    what it gave for the calls after it in the round (`d = svc1.dispatch(...)`).
    """

    text: str
    learner: Callable[[int, dict], object]
    model: Callable[[int, dict], object]
    show: bool = False
    keeps: str = ""


def in_rounds(script: gen.Script, steps: list[Step], rounds: int) -> bool:
    """`rounds` rounds of `steps`, each call compared with the model's in a tight loop
    and written as one loop; raises Broken at the first call that disagrees.

    The repro is then the rounds that agreed, as a loop, and the calls of the
    round that broke, one by one. A call the contract refuses (and the
    learner's code refuses too) ends the run there, so that the loop pastes:
    False then, True when every round ran.
    """
    for done in range(rounds):
        kept: dict = {}
        gave: list = []
        for at, step in enumerate(steps):
            want = gen.outcome(partial(step.model, done, kept))
            try:
                got, raised = step.learner(done, kept), None
            except Exception as error:  # the script says what it was, and where
                got, raised = None, error
            if want.raised is not None or raised is not None or not gen.same(got, want.value):
                rest(script, steps, (done, at), gave, want, (got, raised))
                return False
            gave.append(got)
            if step.keeps:
                kept[step.keeps] = got
    write_rounds(script, steps, rounds)
    return True


def rest(
    script: gen.Script,
    steps: list[Step],
    where: tuple[int, int],
    gave: list,
    want: gen.Outcome,
    got: tuple[object, Exception | None],
) -> None:
    """Write the rounds before call `at` of round `done` (`where`) and that call, where
    the learner's code gave `got` (a value, or what it raised): Broken unless it agrees
    with `want`, a refusal of the contract."""
    done, at = where
    write_rounds(script, steps, done)
    if any("{n" in step.text for step in steps):
        script.line(f"n = {done}")
    for step, value in zip(steps[:at], gave, strict=True):
        text = f"{step.keeps} = {step.text}" if step.keeps else step.text
        script.call(text, lambda value=value: value, gen.returns(value), show=step.show)
    value, raised = got

    def again() -> object:
        if raised is not None:
            raise raised
        return value

    step = steps[at]
    script.call(f"{step.keeps} = {step.text}" if step.keeps else step.text, again, want)


def write_rounds(script: gen.Script, steps: list[Step], rounds: int) -> None:
    """`rounds` rounds of `steps` that agreed with the model, as one line of the repro
    (and a blank line to end the loop)."""
    script.made += rounds * len(steps)
    if not rounds:
        return
    calls = "; ".join(f"{step.keeps} = {step.text}" if step.keeps else step.text for step in steps)
    script.line(f"for n in range({rounds}): {calls}")
    script.line("")


POOL_SIZES = gen.pick(3, 20, 300)
LONG_TIMEOUTS = gen.pick(30.0, 5.0)
IN_A_LONG_ROW = gen.pick(300, 1200, 2500)
# Rounds of joins and leaves in a row: past 64 and 100, and past 256.
ROUNDS = gen.pick(80, 300)
CHURNS = ("replace the worker that took it", "it leaves and comes back", "window")
WINDOW = gen.pick(1, 5, 40)


# Workers a long run's dispatches may examine, all told: a dispatch examines every
# unavailable worker between the cursor and the one that takes the order, so a run
# of thousands of dispatches on a pool of hundreds of silent workers is cut short.
EXAMINED = 25_000


def few_instances(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


def affordable(live: Live, rounds: int, dispatches: int, at_least: int = 1) -> int:
    """`rounds`, or fewer (but `at_least`) when each round's `dispatches` would examine
    too many unavailable workers (as many as the model has now)."""
    model = live.model
    now = model.clock()
    silent = sum(not model.available(worker, now) for worker in model.workers)
    return min(rounds, max(at_least, EXAMINED // (dispatches * (silent + 1))))


class LongRuns(Services):
    """The sequences that only go wrong late: state that drifts, wraps, resets or is
    compacted after hundreds of joins and leaves, thousands of dispatches, or the clock
    passing the timeout hundreds of times. Their runs are compared call by call, in a
    tight loop (`in_rounds`)."""

    create = None  # pools instead
    join_several = None
    heartbeat_all = None
    set_lag = None
    slow_sends = None
    down_and_back_at_once = None
    outage = None
    leave = None  # leave_at_cursor, and the churns
    leave_at_cursor_and_join = None
    leave_and_join_again = None
    stats = None  # checkpoints instead
    advance = None  # advance_the_clock instead

    def setup(self, module) -> None:
        super().setup(module)
        self.joined = 0  # newcomers named so far: j0, j1, ...

    def step(self, live: Live, method: str, text: str, worker: Callable[[int, dict], str]) -> Step:
        """join, leave or heartbeat of the worker `worker` gives in round n (written `text`)."""
        return Step(
            f"{live.name}.{method}({text})",
            lambda n, kept: getattr(live.learner, method)(worker(n, kept)),
            lambda n, kept: getattr(live.model, method)(worker(n, kept)),
        )

    def dispatch_step(self, live: Live, keeps: str = "") -> Step:
        return Step(
            f"{live.name}.dispatch(f'o{{n}}')",
            lambda n, kept: self.learner_dispatch(live, f"o{n}"),
            lambda n, kept: self.model_dispatch(live, f"o{n}"),
            show=True,
            keeps=keeps,
        )

    def world_step(self, live: Live, text: str, change: Callable[[World], object]) -> Step:
        """A change of the service's world, written `text` (a statement on the world)."""
        learner_world, model_world = live.worlds
        return Step(
            f"{live.world}.{text}",
            lambda n, kept: change(learner_world),
            lambda n, kept: change(model_world),
        )

    @gen.rule(weight=2, when=gen.has_instances, seconds=STEPS)
    def advance_the_clock(self, seconds: float) -> None:
        """Every service's clock moves on (the services' own clocks are the short
        sequences' business)."""

        def move(world: World) -> None:
            world.t += seconds

        for live in self.live:
            self.both(live, f"t += {seconds!r}", move)

    @gen.rule(weight=4, when=few_instances, size=POOL_SIZES, timeout=LONG_TIMEOUTS)
    def create_pool(self, size: int, timeout: float) -> None:
        """A service of `size` workers, w0, w1, ..., joined in that order."""
        world, (learner_world, model_world) = self.new_world()
        name = self.name("svc")
        learner = self.script.call(
            f"{name} = DispatchService({world}.send, {world}.clock, {timeout!r})",
            lambda: self.new(learner_world.send, learner_world.clock, timeout),
            gen.returns(gen.ANYTHING),
            show=False,
        )
        model = Service(model_world.send, model_world.clock, timeout)
        live = Live(name, learner, model, (learner_world, model_world), world)
        self.live.append(live)
        in_rounds(self.script, [self.step(live, "join", "f'w{n}'", lambda n, k: f"w{n}")], size)

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, times=IN_A_LONG_ROW)
    def dispatch_many(self, which: int, times: int) -> None:
        """Thousands of dispatches in a row, then the stats of the first workers."""
        live = self.at(which)
        if in_rounds(self.script, [self.dispatch_step(live)], affordable(live, times, 1)):
            self.checkpoint(which)

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, how=gen.pick(*CHURNS), rounds=ROUNDS,
          window=WINDOW)  # fmt: skip
    def churn(self, which: int, how: str, rounds: int, window: int) -> None:
        """Hundreds of joins and leaves in a row, one of each a round, with a dispatch.

        Either the worker that took the order leaves (just behind the cursor)
        and a newcomer joins; or it leaves and joins again at the end; or
        newcomers join at the end, `window` of them at a time, and the oldest of
        them leaves (after the cursor, at it or behind it, as the rotation turns).
        """
        self.churn_rounds(self.at(which), how, rounds, window, at_least=120)

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH)
    def churn_with_one_down(self, which: int) -> None:
        """300 rounds of a dispatch, a newcomer joining and the newcomer leaving, while
        the rotation's first worker refuses every order: it is down through hundreds of
        leaves, and stays, though the cursor passes it lap after lap. On a rotation of
        40 workers at most (a new one of 20 if there is none)."""
        small = [live for live in self.live if 0 < len(live.model.workers) <= 40]
        if not small:
            self.create_pool(20, 30.0)
            small = self.live[-1:]
        live = small[which % len(small)]
        workers = list(live.model.workers)
        stubborn = workers[0]
        self.both(
            live, f"refuse.add({gen.code(stubborn)})", lambda world: world.refuse.add(stubborn)
        )
        everyone = Step(  # all fresh, so that they take orders, the stubborn one too
            f"{live.name}.heartbeat({gen.code(workers)}[n])",
            lambda n, kept: live.learner.heartbeat(workers[n]),
            lambda n, kept: live.model.heartbeat(workers[n]),
        )
        if in_rounds(self.script, [everyone], len(workers)):
            first = self.joined
            self.joined += 300
            newcomer = (f"f'j{{n + {first}}}'", lambda n, kept: f"j{n + first}")
            steps = [
                self.dispatch_step(live),
                self.step(live, "join", *newcomer),
                self.step(live, "leave", *newcomer),
            ]
            in_rounds(self.script, steps, 300)
        self.both(
            live,
            f"refuse.discard({gen.code(stubborn)})",
            lambda world: world.refuse.discard(stubborn),
        )

    def churn_rounds(self, live: Live, how: str, rounds: int, window: int, at_least: int) -> None:
        first = self.joined
        taker = self.step(live, "leave", "d.worker", lambda n, kept: kept["d"].worker)
        if how == "window":
            self.joined += window + rounds
            opening = self.step(live, "join", f"f'j{{n + {first}}}'", lambda n, k: f"j{n + first}")
            if not in_rounds(self.script, [opening], window):
                return
            late = first + window
            steps = [
                self.step(live, "join", f"f'j{{n + {late}}}'", lambda n, k: f"j{n + late}"),
                self.dispatch_step(live),
                self.step(live, "leave", f"f'j{{n + {first}}}'", lambda n, k: f"j{n + first}"),
            ]
        elif how == "replace the worker that took it":
            self.joined += rounds
            newcomer = self.step(live, "join", f"f'j{{n + {first}}}'", lambda n, k: f"j{n + first}")
            steps = [self.dispatch_step(live, keeps="d"), taker, newcomer]
        else:
            back = self.step(live, "join", "d.worker", lambda n, kept: kept["d"].worker)
            steps = [self.dispatch_step(live, keeps="d"), taker, back]
        # Past 100 leaves, whatever it costs.
        in_rounds(self.script, steps, affordable(live, rounds, 1, at_least))

    @gen.rule(
        weight=3, when=gen.has_instances, which=WHICH, rounds=gen.pick(40, 300), choice=CHOICE
    )
    def silences(self, which: int, rounds: int, choice: int) -> None:
        """The clock passes the timeout, round after round: everybody goes silent, a
        dispatch finds nobody, three workers send a heartbeat, two dispatches."""
        live = self.at(which)
        workers = live.model.workers
        if not workers:
            return
        few = [workers[(choice + k * 7) % len(workers)] for k in range(3)]
        past = live.model.timeout + 0.5

        def move(world: World) -> None:
            world.t += past

        steps = [
            self.world_step(live, f"t += {past!r}", move),
            self.dispatch_step(live),
            *(self.step(live, "heartbeat", gen.code(w), lambda n, k, w=w: w) for w in few),
            self.dispatch_step(live),
            self.dispatch_step(live),
        ]
        in_rounds(self.script, steps, min(rounds, EXAMINED // (3 * len(workers))))

    @gen.rule(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        rounds=gen.pick(40, 300),
        step=gen.pick(1.0, 4.5),
    )
    def heartbeats_and_time(self, which: int, rounds: int, step: float) -> None:
        """The clock moves on by `step` a round, one worker in turn sends a heartbeat
        (the first 8 of the rotation), one dispatch: workers go silent and come back."""
        live = self.at(which)
        workers = live.model.workers[:8]
        if not workers:
            return

        def move(world: World) -> None:
            world.t += step

        beat = Step(
            f"{live.name}.heartbeat({workers!r}[n % {len(workers)}])",
            lambda n, kept: live.learner.heartbeat(workers[n % len(workers)]),
            lambda n, kept: live.model.heartbeat(workers[n % len(workers)]),
        )
        steps = [self.world_step(live, f"t += {step!r}", move), beat, self.dispatch_step(live)]
        in_rounds(self.script, steps, min(rounds, EXAMINED // len(live.model.workers)))

    @gen.rule(
        weight=3, when=gen.has_instances, which=WHICH, rounds=gen.pick(120, 300), choice=CHOICE
    )
    def flap(self, which: int, rounds: int, choice: int) -> None:
        """One worker of a small rotation (of 8 workers at most, a new one of 3 if there
        is none) refuses orders for a lap of dispatches, then is forgiven and sends a
        heartbeat, hundreds of times: it is marked down and comes back each time."""
        small = [live for live in self.live if 0 < len(live.model.workers) <= 8]
        if not small:
            self.create_pool(3, 30.0)
            small = self.live[-1:]
        live = small[which % len(small)]
        which = next(at for at, found in enumerate(self.live) if found is live)
        workers = live.model.workers
        worker = workers[choice % len(workers)]
        lap = [self.dispatch_step(live) for _ in workers]
        steps = [
            self.world_step(
                live, f"refuse.add({gen.code(worker)})", lambda w: w.refuse.add(worker)
            ),
            *lap,
            self.world_step(
                live, f"refuse.discard({gen.code(worker)})", lambda w: w.refuse.discard(worker)
            ),
            self.step(live, "heartbeat", gen.code(worker), lambda n, k: worker),
            self.dispatch_step(live),
        ]
        if in_rounds(self.script, steps, affordable(live, rounds, len(lap) + 1)):
            self.checkpoint(which)


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several services at once,
    each with its own send, clock and timeout, does what the contract says"""
    gen.explore(Services, sequences=70, steps=45, seed=1)


def test_long_runs_follow_the_contract():
    """pools of hundreds of workers, thousands of dispatches, hundreds of joins and leaves
    on one service, the clock passing the timeout hundreds of times, and a worker failing
    and coming back hundreds of times: every call does what the contract says"""
    gen.explore(LongRuns, sequences=8, steps=16, seed=2, min_steps=8)
