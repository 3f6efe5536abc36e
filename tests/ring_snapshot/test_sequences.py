"""Spec test for ring_snapshot: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several rings at once get generated calls: hashes that collide all the time
(hash64=lambda text: 0, hash64=len, a 50-value sum of code points) or the
default one, node ids of every shape ('#' in them, one a prefix of another,
case and whitespace variants, the empty id, one letter written two ways),
weights raised, lowered, set to what they are, set to 0 for nodes on the ring
and off it, and refused; nodes removed and set again, the first of a family
of look-alike ids among them; rings of other nodes after as many changes,
asked the same keys; snapshots taken and read long after later changes, or
dropped (del) so that new views may take their memory and their id(); replica
lists and weight dicts changed by the caller. The long runs add hundreds of
set_weight calls on one ring: rings of hundreds of nodes, set again to the
weights they have, one node's weight lowered, raised, lowered to 0 and set
back hundreds of times, keys asked of the ring again 1,000 and 1,024 changes
later, versions past 1,024, a node of thousands of tokens, and thousands of
lookups. Every call is compared with the model in
tests/ring_snapshot/model.py; a failure is shrunk to the smallest sequence of
calls that still breaks the contract, shown as lines to paste into python3.
"""

from __future__ import annotations

import pytest

from tests.harness.toolkit import differential as gen
from tests.harness.toolkit import token_ring
from tests.ring_snapshot.model import Ring

# Generated sequences: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

HASHES = token_ring.HASHES
VIRTUALS = gen.pick(1, 2, 3, 0, -1)
WEIGHTS = gen.pick(1, 0, 2, 3, 4, -1)
IDS = token_ring.drawn_ids()
KEYS, COUNTS = token_ring.DRAWN_KEYS, token_ring.COUNTS
LOOK_ALIKES = token_ring.LOOK_ALIKES
WHICH = gen.Integers(0, 5)
# A long run's nodes n0, n1, ... set at once: how many, every one or every other, the weight.
MANY = {"size": gen.pick(12, 200), "step": gen.pick(1, 2), "heavy": gen.pick(2, 1, 3, 0)}
# What the caller does to a list or dict it got: (code, change).
LIST_CHANGES = {
    "keep": ("", None),
    "append": (".append('zz')", lambda got: got.append("zz")),
    "clear": (".clear()", lambda got: got.clear()),
}
DICT_CHANGES = {
    "keep": ("", None),
    "add": ("['zz'] = 7", lambda got: got.__setitem__("zz", 7)),
    "clear": (".clear()", lambda got: got.clear()),
}


def has_views(machine: Rings) -> bool:
    return bool(machine.views)


class Rings(gen.Machine):
    modules = ("ring_snapshot",)
    imports = "from ring_snapshot import SnapshotRing"

    def setup(self, module) -> None:
        self.new = module.SnapshotRing
        self.views: list[gen.Instance] = []
        self.names = 0

    def view(self, which: int) -> gen.Instance:
        return self.views[which % len(self.views)]

    def variable(self, prefix: str) -> str:
        self.names += 1
        return f"{prefix}{self.names}"

    @gen.rule(virtuals=VIRTUALS, hashed=gen.pick(*HASHES))
    def create(self, virtuals: int, hashed: str) -> None:
        token_ring.create_ring(self, "SnapshotRing", Ring, virtuals, hashed)

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 4),
        stranger=IDS,
        heavy=WEIGHTS,
    )
    def set_weight(self, which: int, choice: int, stranger: str, heavy: int) -> None:
        live = self.at(which)
        self.compare(live, "set_weight", gen.chosen(live.model.weights, choice, stranger), heavy)

    @gen.macro(when=gen.has_instances, which=WHICH, family=token_ring.FAMILIES, drop=gen.booleans())
    def set_look_alikes(self, which: int, family: int, drop: bool) -> list:
        """A family of ids alike enough to be mixed up, each set to weight 1; with `drop`,
        the first of them set to 0 again, which must take off its tokens and no other."""
        nodes = LOOK_ALIKES[family] + LOOK_ALIKES[family][:1] * drop
        return [
            (
                "set_weight",
                {
                    "which": which,
                    "choice": 99,
                    "stranger": node,
                    "heavy": 0 if number == len(LOOK_ALIKES[family]) else 1,
                },
            )
            for number, node in enumerate(nodes)
        ]

    @gen.macro(hashed=gen.pick(*HASHES))
    def rings_alike(self, hashed: str) -> list:
        """Two new rings of other nodes after as many changes (the same version): what one
        answers must never be the other's answer."""
        first = len(self.live)
        made = {"virtuals": 2, "hashed": hashed}
        return [
            ("create", made),
            ("create", made),
            *(
                (
                    "set_weight",
                    {"which": which, "choice": 99, "stranger": node, "heavy": 1},
                )
                for which, node in ((first, "a"), (first + 1, "b"))
            ),
        ]

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def snapshot(self, which: int) -> None:
        live = self.at(which)
        name = self.variable("view")
        learner = self.script.call(
            f"{name} = {live.name}.snapshot()",
            live.learner.snapshot,
            gen.returns(gen.ANYTHING),
            show=False,
        )
        self.views.append(gen.Instance(name, learner, live.model.snapshot()))

    @gen.rule(when=has_views, which=WHICH)
    def forget(self, which: int) -> None:
        """Drop a snapshot: a view made later may take its memory, and its id()."""
        view = self.views.pop(which % len(self.views))
        self.script.line(f"del {view.name}")

    @gen.macro(when=gen.has_instances, which=WHICH, key=KEYS, heavy=WEIGHTS)
    def renew(self, which: int, key: str, heavy: object) -> list:
        """A snapshot asked a key and dropped, the ring changed twice, and a new snapshot
        asked the same key: the new view may sit where the dropped one did."""
        view = len(self.views)  # the index of the snapshot about to be taken
        changes = [
            {"which": which, "choice": choice, "stranger": "c", "heavy": weight}
            for choice, weight in ((99, heavy), (0, 1))
        ]
        return [
            ("snapshot", {"which": which}),
            ("get_node", {"which": view, "key": key}),
            ("forget", {"which": view}),
            *(("set_weight", change) for change in changes),
            ("snapshot", {"which": which}),
            ("get_node", {"which": view, "key": key}),
        ]

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, key=KEYS)
    def ring_get_node(self, which: int, key: str) -> None:
        live = self.at(which)
        self.script.call(
            f"{live.name}.get_node({gen.code(key)})",
            lambda: live.learner.get_node(key),
            gen.returns(live.model.get_node(key)),
        )

    @gen.rule(weight=3, when=has_views, which=WHICH, key=KEYS)
    def get_node(self, which: int, key: str) -> None:
        view = self.view(which)
        self.script.call(
            f"{view.name}.get_node({gen.code(key)})",
            lambda: view.learner.get_node(key),
            gen.returns(view.model.get_node(key)),
        )

    @gen.rule(
        weight=3, when=has_views, which=WHICH, key=KEYS, count=COUNTS, then=gen.pick(*LIST_CHANGES)
    )
    def get_nodes(self, which: int, key: str, count: int, then: str) -> None:
        view = self.view(which)
        expected = gen.outcome(lambda: view.model.get_nodes(key, count))
        change, apply = LIST_CHANGES[then]
        call = f"{view.name}.get_nodes({gen.code(key)}, {count})"
        if apply is None or expected.raised is not None:
            self.script.call(call, lambda: view.learner.get_nodes(key, count), expected)
            return
        name = self.variable("replicas")
        got = self.script.call(
            f"{name} = {call}", lambda: view.learner.get_nodes(key, count), expected
        )
        self.script.line(f"{name}{change}")
        apply(got)

    @gen.macro(
        when=has_views,
        which=WHICH,
        key=KEYS,
        count=gen.pick(1, 2, 3),
        then=gen.pick("clear", "append"),
    )
    def replicas_changed(self, which: int, key: str, count: int, then: str) -> list:
        """A replica list changed by the caller, then the same call again: the caller's
        change must not show in the new list."""
        asked = {"which": which, "key": key, "count": count}
        return [("get_nodes", {**asked, "then": then}), ("get_nodes", {**asked, "then": "keep"})]

    @gen.rule(weight=2, when=has_views, which=WHICH, then=gen.pick(*DICT_CHANGES))
    def weights(self, which: int, then: str) -> None:
        view = self.view(which)
        change, apply = DICT_CHANGES[then]
        if apply is None:
            self.script.call(
                f"{view.name}.weights",
                lambda: view.learner.weights,
                gen.returns(view.model.weights),
            )
            return
        name = self.variable("weights")
        got = self.script.call(
            f"{name} = {view.name}.weights",
            lambda: view.learner.weights,
            gen.returns(view.model.weights),
        )
        self.script.line(f"{name}{change}")
        apply(got)

    @gen.rule(when=has_views, which=WHICH)
    def version(self, which: int) -> None:
        view = self.view(which)
        self.script.call(
            f"{view.name}.version", lambda: view.learner.version, gen.returns(view.model.version)
        )


# -- long runs --


def few_rings(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Rings):
    """The sequences that only go wrong late: hundreds of set_weight calls on one ring,
    rings of hundreds of nodes, one node's weight lowered, raised, lowered to 0 and set
    back hundreds of times, keys asked again a thousand changes later, versions past
    1,024, a node of thousands of tokens, thousands of lookups compared at
    checkpoints."""

    create = None  # rings fit for long runs instead
    set_look_alikes = None
    rings_alike = None

    @gen.rule(weight=4, when=few_rings, virtuals=gen.pick(1, 2), hashed=gen.pick("default", "sum"))
    def create_ring(self, virtuals: int, hashed: str) -> None:
        Rings.create(self, virtuals, hashed)

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, **MANY)
    def set_many(self, which: int, size: int, step: int, heavy: int) -> None:
        """set_weight(f'n{n}', heavy) for n0, n1, ... (or every other one): a ring made,
        or hundreds of weights changed, in one line."""
        live = self.at(which)
        calls = [
            (
                f"{live.name}.set_weight('n{n}', {heavy})",
                lambda n=n: live.learner.set_weight(f"n{n}", heavy),
                lambda n=n: live.model.set_weight(f"n{n}", heavy),
            )
            for n in range(0, size, step)
        ]

        def written(done: int) -> list[str]:
            stop = done * step
            ranged = f"range({stop})" if step == 1 else f"range(0, {stop}, {step})"
            line = f"_ = [{live.name}.set_weight(f'n{{n}}', {heavy}) for n in {ranged}]"
            return [line] if done else []

        token_ring.play(self.script, [token_ring.Step(calls, written), self.version_of(live)])

    @staticmethod
    def version_of(live: gen.Instance) -> token_ring.Step:
        """snapshot().version on both sides of `live`."""
        return token_ring.one(
            f"{live.name}.snapshot().version",
            lambda: live.learner.snapshot().version,
            lambda: live.model.snapshot().version,
        )

    @staticmethod
    def setting(live: gen.Instance, node: str, heavy: int) -> token_ring.Step:
        """set_weight(node, heavy) on both sides of `live`."""
        return token_ring.one(
            f"{live.name}.set_weight({gen.code(node)}, {heavy})",
            lambda: live.learner.set_weight(node, heavy),
            lambda: live.model.set_weight(node, heavy),
        )

    @gen.macro(weight=3, when=gen.has_instances, which=WHICH, size=token_ring.longest(12, 200))
    def set_twice(self, which: int, size: int) -> list:
        """n0, n1, ... set to weight 1, then set to it again: the second time no call
        changes the ring, however many nodes were set in between, and the version
        stays."""
        step = {"which": which, "size": size, "step": 1, "heavy": 1}
        return [("set_many", step), ("set_many", step)]

    @gen.macro(
        weight=2,
        choice=gen.Integers(0, 11),
        hashed=gen.pick("default", "sum"),
        gap=token_ring.GAP,
        more=token_ring.MORE,
    )
    def stale_answers(self, choice: int, hashed: str, gap: int, more: int) -> list:
        """A new ring of nodes n0 .. n11 of weight 2, then keys asked again `gap` and
        `gap + more` changes later (asked_again). A ring of its own, and a small one: a
        thousand changes of a ring of hundreds of nodes would cost a design that sorts
        every token at each change most of the test's time."""
        newest = -1  # at(-1) is the ring made last
        return [
            ("create_ring", {"virtuals": 1, "hashed": hashed}),
            ("set_many", {"which": newest, "size": 12, "step": 1, "heavy": 2}),
            ("asked_again", {"which": newest, "choice": choice, "gap": gap, "more": more}),
        ]

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH, **token_ring.ASKING_AGAIN)
    def asked_again(self, which: int, choice: int, gap: int, more: int) -> None:
        """Keys asked of the ring; `gap` changes with no lookup, and half of the keys asked
        again; `more` changes, and the other half asked again. The changes: a node of the
        ring set to 0 and back to another weight, over and over; the keys: some that this
        moves. No answer from before the changes may come back, however many changes
        later, and the version counts them all."""
        live = self.at(which)
        weights = live.model.weights
        if not weights:
            return
        node = list(weights)[choice % len(weights)]
        heavy = weights[node] % 4 + 1
        now = live.model.snapshot()
        keys, _ = token_ring.moved(now, {**weights, node: heavy}, node, replicas=False)
        first = token_ring.asking(live, keys[::2], [])
        second = token_ring.asking(live, keys[1::2], [])
        version = self.version_of(live)
        change = [self.setting(live, node, 0), self.setting(live, node, heavy)]
        token_ring.play(self.script, [*first, *second, version])
        token_ring.repeat(self.script, change, gap // 2)
        token_ring.play(self.script, [*second, version])
        token_ring.repeat(self.script, change, more // 2)
        token_ring.play(self.script, [*first, version])

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH, size=token_ring.longest(12, 100))
    def come_and_go(self, which: int, size: int) -> list:
        """n0, n1, ... set to weight 1, every other one of them set to 0, then the rest, and
        the keys of a pool asked after each: the nodes taken off stay off. (100 leaves in a
        row: whatever the version was, one of them makes a version a multiple of 100.)"""
        return [
            ("set_many", {"which": which, "size": size, "step": 1, "heavy": 1}),
            ("check", {"which": which, "keys": 200}),
            ("set_many", {"which": which, "size": size, "step": 2, "heavy": 0}),
            ("check", {"which": which, "keys": 200}),
            ("set_many", {"which": which, "size": size, "step": 1, "heavy": 0}),
            ("check", {"which": which, "keys": 200}),
        ]

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH, heavy=token_ring.HEAVY)
    def heavy_node(self, which: int, heavy: int) -> list:
        """A node of thousands of tokens in a ring of a dozen (token_ring.heavy_node)."""
        return token_ring.heavy_node("set_many", which, heavy)

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH, heavy=token_ring.HEAVY)
    def big_node(self, which: int, heavy: int) -> None:
        """Node 'big' of weight `heavy` joins, the keys of a pool are asked, and it leaves
        (heavy_node)."""
        live = self.at(which)
        joins, leaves = self.setting(live, "big", heavy), self.setting(live, "big", 0)
        token_ring.play(self.script, [joins, token_ring.lookups(live, 50), leaves])

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, keys=gen.pick(20, 200))
    def check(self, which: int, keys: int) -> None:
        """Where keys key-0, key-1, ... go on the ring: compared in a tight loop, written
        as one line."""
        token_ring.play(self.script, [token_ring.lookups(self.at(which), keys)])

    @gen.rule(weight=2, when=has_views, which=WHICH, keys=gen.pick(20, 200), count=gen.pick(3, 1))
    def check_view(self, which: int, keys: int, count: int) -> None:
        """The replicas of keys key-0, key-1, ... on a snapshot, likewise."""
        token_ring.play(self.script, [token_ring.lookups(self.view(which), keys, count)])

    @gen.rule(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 7),
        rounds=token_ring.longest(1, 10, 20, 50),
    )
    def ramp(self, which: int, choice: int, rounds: int) -> None:
        """Node n<choice> lowered to 1, raised to 3, lowered to 0 and set back to 2,
        `rounds` times, with lookups and versions between: four changes a round."""
        live, node = self.at(which), f"n{choice}"
        one, three, zero, two = (self.setting(live, node, heavy) for heavy in (1, 3, 0, 2))
        version, look = self.version_of(live), token_ring.lookups(live, 6)
        steps = [one, look, three, look, zero, version, two, version]
        token_ring.repeat(self.script, steps, rounds)


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several rings and their
    snapshots at once, does what the contract says"""
    gen.explore(Rings, sequences=120, steps=30, seed=1)


def test_long_runs_follow_the_contract():
    """hundreds of set_weight calls on one ring, weights lowered, raised, lowered to 0 and
    set back, versions past 1,024, thousands of lookups: every call does what the contract
    says"""
    gen.explore(LongRuns, sequences=5, steps=10, seed=2, min_steps=7)
