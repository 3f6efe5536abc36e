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
lists and weight dicts changed by the caller. Every call is compared with the
model in tests/ring_snapshot/model.py; a failure is shrunk to the smallest
sequence of calls that still breaks the contract, shown as lines to paste into
python3.
"""

from __future__ import annotations

import pytest

from tests.harness.differential import (
    ANYTHING,
    Instance,
    Integers,
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
from tests.ring_snapshot.model import Ring
from tests.weighted_ring import test_sequences as weighted_ring_sequences
from tests.weighted_ring.test_sequences import HASHES

# Timing tests and long runs: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow

VIRTUALS = pick(1, 2, 3, 0, -1, 2.0, True)
WEIGHTS = pick(1, 0, 2, 3, 4, -1, 2.0, True, False)
# weighted_ring's awkward ids but its longest one, keys, counts and look-alikes.
AWKWARD_IDS = weighted_ring_sequences.AWKWARD_IDS[:-1]
IDS = Text("ab#01 A:é", max_size=8, common=AWKWARD_IDS)
KEYS, COUNTS = weighted_ring_sequences.KEYS, weighted_ring_sequences.COUNTS
LOOK_ALIKES = weighted_ring_sequences.LOOK_ALIKES
WHICH = Integers(0, 5)
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


class Rings(Machine):
    modules = ("ring_snapshot",)
    imports = "from ring_snapshot import SnapshotRing"

    def setup(self, module) -> None:
        self.new = module.SnapshotRing
        self.views: list[Instance] = []
        self.names = 0

    def view(self, which: int) -> Instance:
        return self.views[which % len(self.views)]

    def variable(self, prefix: str) -> str:
        self.names += 1
        return f"{prefix}{self.names}"

    @rule(virtuals=VIRTUALS, hashed=pick(*HASHES), by_name=booleans())
    def create(self, virtuals: object, hashed: str, by_name: bool) -> None:
        written, hash64 = HASHES[hashed]
        first = f"virtuals_per_weight={code(virtuals)}" if by_name else code(virtuals)
        arguments = ", ".join(filter(None, [first, written]))

        def create() -> object:
            kwargs = {"hash64": hash64} if written else {}
            if by_name:
                return self.new(virtuals_per_weight=virtuals, **kwargs)
            return self.new(virtuals, **kwargs)

        expected = outcome(lambda: Ring(virtuals, hash64))
        if expected.raised is not None:
            self.script.call(f"SnapshotRing({arguments})", create, expected)
            return
        name = self.name("ring")
        learner = self.script.call(
            f"{name} = SnapshotRing({arguments})", create, returns(ANYTHING), show=False
        )
        self.live.append(Instance(name, learner, expected.value))

    @rule(
        weight=4,
        when=has_instances,
        which=WHICH,
        choice=Integers(0, 4),
        stranger=IDS,
        heavy=WEIGHTS,
        by_name=booleans(),
    )
    def set_weight(
        self, which: int, choice: int, stranger: str, heavy: object, by_name: bool
    ) -> None:
        live = self.at(which)
        nodes = list(live.model.weights)
        node = nodes[choice] if choice < len(nodes) else stranger
        if by_name:
            written = f"node_id={code(node)}, weight={code(heavy)}"
            call = lambda: live.learner.set_weight(node_id=node, weight=heavy)  # noqa: E731
        else:
            written = f"{code(node)}, {code(heavy)}"
            call = lambda: live.learner.set_weight(node, heavy)  # noqa: E731
        expected = outcome(lambda: live.model.set_weight(node, heavy))
        self.script.call(f"{live.name}.set_weight({written})", call, expected, show=False)

    @macro(
        when=has_instances, which=WHICH, family=Integers(0, len(LOOK_ALIKES) - 1), drop=booleans()
    )
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
                    "by_name": False,
                },
            )
            for number, node in enumerate(nodes)
        ]

    @macro(hashed=pick(*HASHES))
    def rings_alike(self, hashed: str) -> list:
        """Two new rings of other nodes after as many changes (the same version): what one
        answers must never be the other's answer."""
        first = len(self.live)
        made = {"virtuals": 2, "hashed": hashed, "by_name": False}
        return [
            ("create", made),
            ("create", made),
            *(
                (
                    "set_weight",
                    {"which": which, "choice": 99, "stranger": node, "heavy": 1, "by_name": False},
                )
                for which, node in ((first, "a"), (first + 1, "b"))
            ),
        ]

    @rule(weight=2, when=has_instances, which=WHICH)
    def snapshot(self, which: int) -> None:
        live = self.at(which)
        name = self.variable("view")
        learner = self.script.call(
            f"{name} = {live.name}.snapshot()",
            live.learner.snapshot,
            returns(ANYTHING),
            show=False,
        )
        self.views.append(Instance(name, learner, live.model.snapshot()))

    @rule(when=has_views, which=WHICH)
    def forget(self, which: int) -> None:
        """Drop a snapshot: a view made later may take its memory, and its id()."""
        view = self.views.pop(which % len(self.views))
        self.script.line(f"del {view.name}")

    @macro(when=has_instances, which=WHICH, key=KEYS, heavy=WEIGHTS)
    def renew(self, which: int, key: str, heavy: object) -> list:
        """A snapshot asked a key and dropped, the ring changed twice, and a new snapshot
        asked the same key: the new view may sit where the dropped one did."""
        view = len(self.views)  # the index of the snapshot about to be taken
        changes = [
            {"which": which, "choice": choice, "stranger": "c", "heavy": weight, "by_name": False}
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

    @rule(weight=2, when=has_instances, which=WHICH, key=KEYS)
    def ring_get_node(self, which: int, key: str) -> None:
        live = self.at(which)
        self.script.call(
            f"{live.name}.get_node({code(key)})",
            lambda: live.learner.get_node(key),
            returns(live.model.get_node(key)),
        )

    @rule(weight=3, when=has_views, which=WHICH, key=KEYS)
    def get_node(self, which: int, key: str) -> None:
        view = self.view(which)
        self.script.call(
            f"{view.name}.get_node({code(key)})",
            lambda: view.learner.get_node(key),
            returns(view.model.get_node(key)),
        )

    @rule(weight=3, when=has_views, which=WHICH, key=KEYS, count=COUNTS, then=pick(*LIST_CHANGES))
    def get_nodes(self, which: int, key: str, count: int, then: str) -> None:
        view = self.view(which)
        expected = outcome(lambda: view.model.get_nodes(key, count))
        change, apply = LIST_CHANGES[then]
        call = f"{view.name}.get_nodes({code(key)}, {count})"
        if apply is None or expected.raised is not None:
            self.script.call(call, lambda: view.learner.get_nodes(key, count), expected)
            return
        name = self.variable("replicas")
        got = self.script.call(
            f"{name} = {call}", lambda: view.learner.get_nodes(key, count), expected
        )
        self.script.line(f"{name}{change}")
        apply(got)

    @rule(weight=2, when=has_views, which=WHICH, then=pick(*DICT_CHANGES))
    def weights(self, which: int, then: str) -> None:
        view = self.view(which)
        change, apply = DICT_CHANGES[then]
        if apply is None:
            self.script.call(
                f"{view.name}.weights", lambda: view.learner.weights, returns(view.model.weights)
            )
            return
        name = self.variable("weights")
        got = self.script.call(
            f"{name} = {view.name}.weights",
            lambda: view.learner.weights,
            returns(view.model.weights),
        )
        self.script.line(f"{name}{change}")
        apply(got)

    @rule(when=has_views, which=WHICH)
    def version(self, which: int) -> None:
        view = self.view(which)
        self.script.call(
            f"{view.name}.version", lambda: view.learner.version, returns(view.model.version)
        )


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several rings and their
    snapshots at once, does what the contract says"""
    explore(Rings, sequences=200, steps=30, seed=1)
