"""Spec tests for weighted_ring: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several rings at once get generated calls: hashes that collide all the time
(hash64=lambda text: 0, hash64=len, a 50-value sum of code points) or the
default one, node ids of every shape ('#' in them, one a prefix of another,
case variants, the empty id), weights valid and not, duplicate adds, removals
of nodes on the ring and off it, nodes removed and added again, replicas asked
for in every count, and replica lists changed by the caller. The long runs
add rings of hundreds of nodes, hundreds of nodes removed and added back
(lighter, then heavier), one node flapping hundreds of times (1,200 times in
a test of its own), keys asked again 1,000 and 1,024 changes later, a node of
thousands of tokens, and thousands of lookups: state that drifts, wraps or
resets late shows there. Every call is compared with the model in
tests/weighted_ring/model.py; a failure is shrunk to the smallest sequence of
calls that still breaks the contract, shown as lines to paste into python3.

The longest run asks each key again after its own number of changes, up to
132,000 (tests.harness.toolkit.stale_answers).
"""

from __future__ import annotations

import pytest

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit import stale_answers, token_ring
from tests.weighted_ring.model import Ring, new_ring

# Generated sequences: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

HASHES = token_ring.HASHES
VIRTUALS = gen.pick(1, 2, 3, 0, -1)
WEIGHTS = gen.pick("default", 1, 2, 3, 0, -1)
IDS = token_ring.drawn_ids("x" * 30)
KEYS = token_ring.DRAWN_KEYS
LOOK_ALIKES = token_ring.LOOK_ALIKES
WHICH = gen.Integers(0, 2)
# A long run's nodes n0, n1, ... cycled at once: how many, every one or every other, the weight.
MANY = {"size": gen.pick(12, 80), "step": gen.pick(1, 2), "heavy": gen.pick(2, 1, 3)}
# What the caller does to a replica list it got: (code, change).
CHANGES = {
    "keep": ("", None),
    "append": (".append('zz')", lambda nodes: nodes.append("zz")),
    "clear": (".clear()", lambda nodes: nodes.clear()),
}


class Rings(gen.Machine):
    modules = ("weighted_ring",)
    imports = "from weighted_ring import ConsistentHashRing"

    def setup(self, module) -> None:
        self.new = module.ConsistentHashRing
        self.lists = 0

    @gen.rule(virtuals=VIRTUALS, hashed=gen.pick(*HASHES))
    def create(self, virtuals: int, hashed: str) -> None:
        token_ring.create_ring(self, "ConsistentHashRing", Ring, virtuals, hashed)

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, node=IDS, heavy=WEIGHTS)
    def add_node(self, which: int, node: str, heavy: object) -> None:
        live = self.at(which)
        if heavy == "default":
            written, call = gen.code(node), lambda: live.learner.add_node(node)
            expected = gen.outcome(lambda: live.model.add_node(node))
        else:
            written = f"{gen.code(node)}, {gen.code(heavy)}"
            call = lambda: live.learner.add_node(node, heavy)  # noqa: E731
            expected = gen.outcome(lambda: live.model.add_node(node, heavy))
        self.script.call(f"{live.name}.add_node({written})", call, expected, show=False)

    @gen.macro(when=gen.has_instances, which=WHICH, family=token_ring.FAMILIES)
    def add_look_alikes(self, which: int, family: int) -> list:
        """A family of ids alike enough to be mixed up, each with weight 1."""
        return [
            ("add_node", {"which": which, "node": node, "heavy": 1}) for node in LOOK_ALIKES[family]
        ]

    @gen.rule(
        weight=2, when=gen.has_instances, which=WHICH, choice=gen.Integers(0, 5), stranger=IDS
    )
    def remove_node(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        nodes = list(live.model.weights)
        node = nodes[choice] if choice < len(nodes) else stranger
        self.script.call(
            f"{live.name}.remove_node({gen.code(node)})",
            lambda node=node: live.learner.remove_node(node),
            gen.returns(live.model.remove_node(node)),
        )

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, key=KEYS)
    def get_node(self, which: int, key: str) -> None:
        live = self.at(which)
        self.script.call(
            f"{live.name}.get_node({gen.code(key)})",
            lambda: live.learner.get_node(key),
            gen.returns(live.model.get_node(key)),
        )

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        key=KEYS,
        count=token_ring.COUNTS,
        then=gen.pick(*CHANGES),
    )
    def get_nodes(self, which: int, key: str, count: int, then: str) -> None:
        live = self.at(which)
        expected = gen.outcome(lambda: live.model.get_nodes(key, count))
        change, apply = CHANGES[then]
        call = f"{live.name}.get_nodes({gen.code(key)}, {count})"
        if apply is None or expected.raised is not None:
            self.script.call(call, lambda: live.learner.get_nodes(key, count), expected)
            return
        self.lists += 1
        name = f"replicas{self.lists}"
        got = self.script.call(
            f"{name} = {call}", lambda: live.learner.get_nodes(key, count), expected
        )
        self.script.line(f"{name}{change}")
        apply(got)


# -- long runs --


def few_rings(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Rings):
    """The sequences that only go wrong late: rings of hundreds of nodes, hundreds of
    nodes removed and added back, one node flapping hundreds of times, keys asked again
    a thousand changes later, a node of thousands of tokens, thousands of lookups
    compared at checkpoints."""

    create = None  # rings fit for long runs instead
    add_look_alikes = None
    get_node = None  # checkpoints instead
    get_nodes = None

    @gen.rule(weight=4, when=few_rings, virtuals=gen.pick(1, 2), hashed=gen.pick("default", "sum"))
    def create_ring(self, virtuals: int, hashed: str) -> None:
        Rings.create(self, virtuals, hashed)

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, **MANY)
    def cycle_many(self, which: int, size: int, step: int, heavy: int) -> None:
        """Nodes n0, n1, ... (or every other one) each removed and added back with
        `heavy`: a ring made, or hundreds of removals and adds, in one line."""
        live = self.at(which)
        name, numbers = live.name, range(0, size, step)
        calls = []
        for n in numbers:
            node = f"n{n}"
            calls += [
                (
                    f"{name}.remove_node({node!r})",
                    lambda node=node: live.learner.remove_node(node),
                    lambda node=node: live.model.remove_node(node),
                ),
                (
                    f"{name}.add_node({node!r}, {heavy})",
                    lambda node=node: live.learner.add_node(node, heavy),
                    lambda node=node: live.model.add_node(node, heavy),
                ),
            ]

        def written(done: int) -> list[str]:
            pairs, lines = done // 2, []
            if pairs:
                stop = pairs * step
                ranged = f"range({stop})" if step == 1 else f"range(0, {stop}, {step})"
                pair = f"{name}.remove_node(f'n{{n}}'), {name}.add_node(f'n{{n}}', {heavy})"
                lines.append(f"_ = [({pair}) for n in {ranged}]")
            if done % 2:
                lines.append(calls[done - 1][0])
            return lines

        token_ring.play(self.script, [token_ring.Step(calls, written)])

    @gen.rule(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        keys=gen.pick(20, 200),
        count=gen.pick(None, 3),
    )
    def check(self, which: int, keys: int, count: int | None) -> None:
        """Where keys key-0, key-1, ... go: compared in a tight loop, written as one line."""
        token_ring.play(self.script, [token_ring.lookups(self.at(which), keys, count)])

    @gen.rule(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 7),
        rounds=token_ring.longest(1, 10, 20, 50),
    )
    def flap(self, which: int, choice: int, rounds: int) -> None:
        """Node n<choice> removed and added back, lighter, heavier, then as it was,
        `rounds` times, with lookups between: six changes a round, so a count that wraps
        at a power of two meets the ring in another state."""
        live, node = self.at(which), f"n{choice}"
        remove, look = self.removal(live, node), token_ring.lookups(live, 12)
        one, three, two = (self.addition(live, node, heavy) for heavy in (1, 3, 2))
        steps = [remove, look, one, remove, three, look, remove, two]
        token_ring.repeat(self.script, steps, rounds)

    @gen.macro(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 11),
        gap=token_ring.GAP,
        more=token_ring.MORE,
    )
    def stale_answers(self, which: int, choice: int, gap: int, more: int) -> list:
        """Nodes n0 .. n11 removed and added back (a ring of them if there was none), then
        keys asked again `gap` and `gap + more` changes later (asked_again)."""
        return [
            ("cycle_many", {"which": which, "size": 12, "step": 1, "heavy": 2}),
            ("asked_again", {"which": which, "choice": choice, "gap": gap, "more": more}),
        ]

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH, **token_ring.ASKING_AGAIN)
    def asked_again(self, which: int, choice: int, gap: int, more: int) -> None:
        """Keys asked; `gap` changes with no lookup, and half of the keys asked again;
        `more` changes, and the other half asked again. The changes: a node of the ring
        removed and added back with another weight, over and over; the keys: some that this
        moves. No answer from before the changes may come back, however many changes
        later."""
        live = self.at(which)
        nodes = list(live.model.weights)
        if not nodes:
            return
        node = nodes[choice % len(nodes)]
        heavy = live.model.weights[node] % 3 + 1
        keys, replicas = token_ring.moved(live.model, {**live.model.weights, node: heavy}, node)
        first = token_ring.asking(live, keys[::2], replicas[::2])
        second = token_ring.asking(live, keys[1::2], replicas[1::2])
        change = [self.removal(live, node), self.addition(live, node, heavy)]
        token_ring.play(self.script, first + second)
        token_ring.repeat(self.script, change, gap // 2)
        token_ring.play(self.script, second)
        token_ring.repeat(self.script, change, more // 2)
        token_ring.play(self.script, first)

    @gen.macro(when=gen.has_instances, which=WHICH, heavy=token_ring.HEAVY)
    def heavy_node(self, which: int, heavy: int) -> list:
        """A node of thousands of tokens in a ring of a dozen (token_ring.heavy_node)."""
        return token_ring.heavy_node("cycle_many", which, heavy)

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH, heavy=token_ring.HEAVY)
    def big_node(self, which: int, heavy: int) -> None:
        """Node 'big' of weight `heavy` joins, the keys of a pool are asked, and it leaves
        (heavy_node)."""
        live = self.at(which)
        token_ring.play(
            self.script,
            [
                self.addition(live, "big", heavy),
                token_ring.lookups(live, 50),
                token_ring.lookups(live, 20, 3),
                self.removal(live, "big"),
            ],
        )

    @staticmethod
    def removal(live: gen.Instance, node: str) -> token_ring.Step:
        """remove_node(node) on both sides of `live`."""
        return token_ring.one(
            f"{live.name}.remove_node({gen.code(node)})",
            lambda: live.learner.remove_node(node),
            lambda: live.model.remove_node(node),
        )

    @staticmethod
    def addition(live: gen.Instance, node: str, heavy: int) -> token_ring.Step:
        """add_node(node, heavy) on both sides of `live`."""
        return token_ring.one(
            f"{live.name}.add_node({gen.code(node)}, {heavy})",
            lambda: live.learner.add_node(node, heavy),
            lambda: live.model.add_node(node, heavy),
        )


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several rings at once, does
    what the contract says"""
    gen.explore(Rings, sequences=160, steps=25, seed=1)


def test_long_runs_follow_the_contract():
    """hundreds of removals and adds of nodes, lighter then heavier, on one ring, keys
    asked again a thousand changes later, and thousands of lookups: every call does what
    the contract says"""
    gen.explore(LongRuns, sequences=5, steps=10, seed=2, min_steps=7)


def test_a_node_coming_back_a_thousand_times_leaves_the_replicas_right():
    """a node of a ring of 12 removed and added back 1,200 times, lighter and heavier, and
    the replicas of a few keys asked after each comeback: every call does what the contract
    says

    Every replica is asked for (12 of 12 nodes), so any node the walk misses shows.
    """
    machine = LongRuns()
    machine.create_ring(virtuals=1, hashed="default")
    machine.cycle_many(which=0, size=12, step=1, heavy=2)
    live, node = machine.at(0), "n3"
    remove, replicas = machine.removal(live, node), token_ring.lookups(live, 2, 12)
    one, three, two = (machine.addition(live, node, heavy) for heavy in (1, 3, 2))
    steps = [remove, one, replicas, remove, three, replicas, remove, two, replicas]
    token_ring.repeat(machine.script, steps, 400)


def test_no_answer_goes_stale_over_tens_of_thousands_of_changes():
    """a key asked again after any number of changes, up to 132,000, goes to the node the
    ring has then"""
    ring = new_ring(1)
    stale_answers.serve_no_stale_answer(
        stale_answers.Ring(
            join=ring.add_node,
            leave=ring.remove_node,
            ask=ring.get_node,
            make_line=(
                "from weighted_ring import ConsistentHashRing\nring = ConsistentHashRing(1)"
            ),
            join_line="ring.add_node({worker})",
            leave_line="ring.remove_node({worker})",
            ask_line="ring.get_node({key})",
        )
    )
