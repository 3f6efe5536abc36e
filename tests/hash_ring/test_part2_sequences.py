"""Spec test for hash_ring: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several rings at once get generated calls — workers with awkward ids (one id
a prefix of another, ids differing only in case, the real collisions of
tests/hash_ring/model.py, the longest ids), removals of workers on the ring
and off it, workers removed and added again, keys of every shape and keys
sitting exactly on a point — and every call is compared with the model. A
failure is shrunk to the smallest sequence of calls that still breaks the
contract, shown as lines to paste into python3.

The longest run asks each key again after its own number of changes, up to
132,000 (tests.harness.toolkit.stale_answers).
"""

from __future__ import annotations

import string

import pytest

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit import stale_answers
from tests.hash_ring.model import COLLISIONS, Ring, label

# Timing tests and long runs: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

COLLIDING = [worker for collision in COLLISIONS for worker, _ in collision]
# Worker ids: what the contract allows (1 to 30 of letters, digits, - and _),
# most often ids that trip implementations up.
ID_ALPHABET = "aA0_-" + string.ascii_letters + string.digits
AWKWARD_IDS = ["a", "A", "c1", "c10", "xc1", "-c1", "-", "w-1", "w_1", "Z" * 30, *COLLIDING]
IDS = gen.Text(ID_ALPHABET, min_size=1, max_size=30, common=AWKWARD_IDS)
# Keys: any text of up to 100 characters; most often ones on a colliding point.
AWKWARD_KEYS = [
    "",
    " ",
    "x" * 100,
    "é中🙂",
    "e\u0301",
    "order-104",
    "-:0",
    *(label(w, i) for collision in COLLISIONS for w, i in collision),
]
KEYS = gen.Text("ka0 :é中🙂\t", max_size=100, common=AWKWARD_KEYS)
# Up to 200 points per worker; 160 reaches the point of every colliding pair.
POINTS = gen.pick(1, 2, 3, 7, 160, 200)
WHICH = gen.Integers(0, 2)


class Rings(gen.Machine):
    modules = ("ring", "ringhash")
    imports = "from ring import HashRing"

    def setup(self, module) -> None:
        self.new = module.HashRing

    @gen.rule(points=POINTS)
    def create(self, points: int) -> None:
        name = self.name("ring")
        learner = self.script.call(
            f"{name} = HashRing({points})",
            lambda: self.new(points),
            gen.returns(gen.ANYTHING),
            show=False,
        )
        self.live.append(gen.Instance(name, learner, Ring(points)))

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, worker=IDS)
    def add_worker(self, which: int, worker: str) -> None:
        live = self.at(which)
        if worker in live.model.workers:
            return  # the contract never adds a worker already on the ring
        live.model.add_worker(worker)
        self.script.call(
            f"{live.name}.add_worker({gen.code(worker)})",
            lambda: live.learner.add_worker(worker),
            gen.returns(None),
            show=False,
        )

    @gen.macro(
        when=gen.has_instances,
        which=WHICH,
        collision=gen.Integers(0, len(COLLISIONS) - 1),
        turn=gen.Integers(0, 2),
    )
    def add_a_collision(self, which: int, collision: int, turn: int) -> list:
        """The workers of a real collision, in one of their orders."""
        workers = [worker for worker, _ in COLLISIONS[collision]]
        turned = workers[turn % len(workers) :] + workers[: turn % len(workers)]
        return [("add_worker", {"which": which, "worker": worker}) for worker in turned]

    @gen.rule(
        weight=2, when=gen.has_instances, which=WHICH, choice=gen.Integers(0, 5), stranger=IDS
    )
    def remove_worker(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        workers = live.model.workers
        worker = workers[choice] if choice < len(workers) else stranger
        live.model.remove_worker(worker)
        self.script.call(
            f"{live.name}.remove_worker({gen.code(worker)})",
            lambda: live.learner.remove_worker(worker),
            gen.returns(None),
            show=False,
        )

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, key=KEYS)
    def worker_for(self, which: int, key: str) -> None:
        live = self.at(which)
        self.script.call(
            f"{live.name}.worker_for({gen.code(key)})",
            lambda: live.learner.worker_for(key),
            gen.returns(live.model.worker_for(key)),
        )

    @gen.rule(
        when=gen.has_instances, which=WHICH, choice=gen.Integers(0, 5), point=gen.Integers(0, 199)
    )
    def worker_for_a_point(self, which: int, choice: int, point: int) -> None:
        """A key that sits exactly on a point of a worker on the ring."""
        live = self.at(which)
        workers = live.model.workers
        if not workers:
            return
        key = label(workers[choice % len(workers)], point % live.model.points_per_worker)
        self.script.call(
            f"{live.name}.worker_for({gen.code(key)})",
            lambda: live.learner.worker_for(key),
            gen.returns(live.model.worker_for(key)),
        )


# Long runs: hundreds of workers joining and leaving one ring, and every key
# of a pool looked up again and again as they do.
POOL = 200
CHURN = gen.pick(64, 100, 256, 300)
CROWD = 200
# The points of the real collisions: (worker, point index).
TIES = [point for collision in COLLISIONS for point in collision]


def few_rings(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Rings):
    """Hundreds of joins and removals on one ring, past every plausible threshold of a
    lazy design (64, 100, 256 changes), with the keys of a pool looked up throughout, and
    the workers of real collisions joining a ring of hundreds."""

    create = None
    add_a_collision = None  # ties_on_a_crowded_ring instead
    worker_for = None  # the pool's lookups instead
    worker_for_a_point = None

    @gen.rule(weight=4, when=few_rings, points=gen.pick(2, 1))
    def create_ring(self, points: int) -> None:
        Rings.create(self, points)

    @gen.rule(
        weight=3, when=gen.has_instances, which=WHICH, count=CHURN, start=gen.Integers(0, 999)
    )
    def join(self, which: int, count: int, start: int) -> None:
        """`count` workers join in a row: w<start>, w<start + 1>, ..., while the ring has
        fewer than CROWD (a ring that sorts every point again at each change must keep
        up)."""
        live = self.at(which)
        # The contract never adds a worker already on the ring: those are left out.
        joining = [f"w{n}" for n in range(start, start + count)]
        joining = [worker for worker in joining if worker not in live.model.workers]
        joining = joining[: max(0, CROWD - len(live.model.workers))]
        for worker in joining:
            live.model.add_worker(worker)
        self.script.sweep(
            [
                (
                    f"{live.name}.add_worker({worker!r})",
                    lambda worker=worker: live.learner.add_worker(worker),
                    gen.returns(None),
                )
                for worker in joining
            ],
            lambda made: self.joined(live.name, joining[:made]),
        )

    @staticmethod
    def joined(ring: str, workers: list[str]) -> str:
        """The loop that adds `workers` (w<n> for n in a range, those already on the ring
        left out), as Python."""
        if not workers:
            return ""
        start, stop = int(workers[0][1:]), int(workers[-1][1:]) + 1
        skipped = sorted({*range(start, stop)} - {int(worker[1:]) for worker in workers})
        numbers = f"range({start}, {stop})"
        if skipped:
            left_out = ", ".join(map(str, skipped)) + "," * (len(skipped) == 1)
            numbers = f"[n for n in {numbers} if n not in ({left_out})]"
        return f"for n in {numbers}: {ring}.add_worker(f'w{{n}}')\n"

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        count=CHURN,
        step=gen.pick(2, 1, 3),
        start=gen.Integers(0, 999),
    )
    def leave(self, which: int, count: int, step: int, start: int) -> None:
        """Workers w<start>, w<start + step>, w<start + 2 step>, ... leave, `count` of them
        (whether on the ring or not: removing an unknown worker does nothing)."""
        live = self.at(which)
        numbers = range(start, start + count * step, step)
        for n in numbers:
            live.model.remove_worker(f"w{n}")
        self.script.sweep(
            [
                (
                    f"{live.name}.remove_worker('w{n}')",
                    lambda worker=f"w{n}": live.learner.remove_worker(worker),
                    gen.returns(None),
                )
                for n in numbers
            ],
            lambda made: (
                f"for n in range({start}, {start + made * step}{f', {step}' * (step > 1)}): "
                f"{live.name}.remove_worker(f'w{{n}}')\n"
            ),
        )

    @gen.macro(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        count=CHURN,
        start=gen.Integers(0, 999),
        step=gen.pick(1, 2, 3),
    )
    def wave(self, which: int, count: int, start: int, step: int) -> list:
        """The pool looked up, `count` workers joining, the pool looked up, every `step`th
        of them leaving, and the pool looked up again."""
        return [
            ("look_up_the_pool", {"which": which}),
            ("join", {"which": which, "count": count, "start": start}),
            ("look_up_the_pool", {"which": which}),
            ("leave", {"which": which, "count": count // step, "step": step, "start": start}),
            ("look_up_the_pool", {"which": which}),
        ]

    @gen.macro(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        count=CHURN,
        start=gen.Integers(0, 999),
        collision=gen.Integers(0, len(COLLISIONS) - 1),
    )
    def ties_on_a_crowded_ring(self, which: int, count: int, start: int, collision: int) -> list:
        """`count` workers joining, then the workers of a real collision, the largest id
        first, and the keys on the colliding points looked up: the tie goes by worker id
        however many workers the ring has, whichever joined first."""
        workers = sorted((worker for worker, _ in COLLISIONS[collision]), reverse=True)
        return [
            ("join", {"which": which, "count": count, "start": start}),
            *(("add_worker", {"which": which, "worker": worker}) for worker in workers),
            ("look_up_the_ties", {"which": which}),
        ]

    @gen.rule(when=gen.has_instances, which=WHICH)
    def look_up_the_ties(self, which: int) -> None:
        """The keys on every colliding point the ring can have (a point index below its
        points per worker), whoever is on the ring."""
        live = self.at(which)
        keys = [label(worker, i) for worker, i in TIES if i < live.model.points_per_worker]
        self.script.sweep(
            [
                (
                    f"{live.name}.worker_for({key!r})",
                    lambda key=key: live.learner.worker_for(key),
                    gen.returns(live.model.worker_for(key)),
                )
                for key in keys
            ],
            lambda made: f"_ = [{live.name}.worker_for(key) for key in {keys[:made]!r}]",
        )

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH)
    def look_up_the_pool(self, which: int) -> None:
        live = self.at(which)
        calls = [
            (
                f"{live.name}.worker_for('key-{n}')",
                lambda key=f"key-{n}": live.learner.worker_for(key),
                gen.returns(live.model.worker_for(f"key-{n}")),
            )
            for n in range(POOL)
        ]
        self.script.sweep(
            calls, lambda made: f"_ = [{live.name}.worker_for(f'key-{{n}}') for n in range({made})]"
        )


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several rings at once, does
    what the contract says"""
    gen.explore(Rings, sequences=120, steps=25, seed=1)


def test_long_runs_follow_the_contract():
    """hundreds of workers joining and leaving one ring, with the keys of a pool looked up
    again and again, and colliding workers joining a ring of hundreds: every lookup answers
    as the contract says"""
    gen.explore(LongRuns, sequences=5, steps=20, seed=2, min_steps=12)


def test_no_answer_goes_stale_over_tens_of_thousands_of_changes():
    """a key asked again after any number of changes, up to 132,000, goes to the worker
    the ring has then"""
    from ring import HashRing

    ring = HashRing(1)
    stale_answers.serve_no_stale_answer(
        stale_answers.Ring(
            join=ring.add_worker,
            leave=ring.remove_worker,
            ask=ring.worker_for,
            make_line="from ring import HashRing\nring = HashRing(1)",
            join_line="ring.add_worker({worker})",
            leave_line="ring.remove_worker({worker})",
            ask_line="ring.worker_for({key})",
        )
    )
