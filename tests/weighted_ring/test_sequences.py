"""Spec test for weighted_ring: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several rings at once get generated calls: hashes that collide all the time
(hash64=lambda text: 0, hash64=len, a 50-value sum of code points) or the default one, node ids of
every shape ('#' in them, one a prefix of another, case variants, the empty
id), weights valid and not, duplicate adds, removals of nodes on the ring
and off it, nodes removed and added again, replicas asked for in every
count, and replica lists changed by the caller. Every call is compared with
the model in tests/weighted_ring/model.py; a failure is shrunk to the
smallest sequence of calls that still breaks the contract, shown as lines to
paste into python3.
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
from tests.weighted_ring.model import Ring

# Timing tests and long runs: tests.harness.limits gives them a longer limit.
pytestmark = pytest.mark.slow


def small_sum(text: str) -> int:
    return sum(map(ord, text)) % 50


# hash64 as the script writes it, and as the rings get it; None is the default.
HASHES = {
    "zero": ("hash64=lambda text: 0", lambda text: 0),
    "len": ("hash64=len", len),
    "sum": ("hash64=lambda text: sum(map(ord, text)) % 50", small_sum),
    "default": ("", None),
    "none": ("hash64=None", None),
}
VIRTUALS = pick(1, 2, 3, 0, -1, 4.0, True, "2")
WEIGHTS = pick("default", 1, 2, 3, 0, -1, 1.5, 2.0, True)
AWKWARD_IDS = ["a", "b", "A", "a#b", "a#", "a#0", "a#1", "", "#", "n1", "n10", " a", "é", "x" * 30]
IDS = Text("ab#01 A:é", max_size=8, common=AWKWARD_IDS)
AWKWARD_KEYS = ["", "k", "a#0", "b#1", "x" * 100, "é中🙂", " "]
KEYS = Text("kab#0 é", max_size=12, common=AWKWARD_KEYS)
COUNTS = pick(1, 2, 0, 3, 6, -1)
# Ids alike enough to be mixed up: prefixes with and without '#', case, whitespace.
LOOK_ALIKES = [
    ["a", "a#b", "a#", "a#1"],
    ["n1", "n10", "n1#0"],
    ["a", "A"],
    ["a", "a ", " a"],
    ["é", "e\u0301"],
]
WHICH = Integers(0, 2)
# What the caller does to a replica list it got: (code, change).
CHANGES = {
    "keep": ("", None),
    "append": (".append('zz')", lambda nodes: nodes.append("zz")),
    "clear": (".clear()", lambda nodes: nodes.clear()),
}


class Rings(Machine):
    modules = ("weighted_ring",)
    imports = "from weighted_ring import ConsistentHashRing"

    def setup(self, module) -> None:
        self.new = module.ConsistentHashRing
        self.lists = 0

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
            self.script.call(f"ConsistentHashRing({arguments})", create, expected)
            return
        name = self.name("ring")
        learner = self.script.call(
            f"{name} = ConsistentHashRing({arguments})", create, returns(ANYTHING), show=False
        )
        self.live.append(Instance(name, learner, expected.value))

    @rule(weight=3, when=has_instances, which=WHICH, node=IDS, heavy=WEIGHTS, by_name=booleans())
    def add_node(self, which: int, node: str, heavy: object, by_name: bool) -> None:
        live = self.at(which)
        kwargs = {} if heavy == "default" else {"weight": heavy}
        if by_name:
            written = ", ".join(
                [f"node_id={code(node)}", *(f"weight={code(heavy)}" for _ in kwargs)]
            )
            call = lambda: live.learner.add_node(node_id=node, **kwargs)  # noqa: E731
        else:
            written = ", ".join([code(node), *(code(heavy) for _ in kwargs)])
            call = lambda: live.learner.add_node(node, *kwargs.values())  # noqa: E731
        expected = outcome(lambda: live.model.add_node(node, **kwargs))
        self.script.call(f"{live.name}.add_node({written})", call, expected, show=False)

    @macro(when=has_instances, which=WHICH, family=Integers(0, len(LOOK_ALIKES) - 1))
    def add_look_alikes(self, which: int, family: int) -> list:
        """A family of ids alike enough to be mixed up, each with weight 1."""
        return [
            ("add_node", {"which": which, "node": node, "heavy": 1, "by_name": False})
            for node in LOOK_ALIKES[family]
        ]

    @rule(weight=2, when=has_instances, which=WHICH, choice=Integers(0, 5), stranger=IDS)
    def remove_node(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        nodes = list(live.model.weights)
        node = nodes[choice] if choice < len(nodes) else stranger
        self.script.call(
            f"{live.name}.remove_node({code(node)})",
            lambda: live.learner.remove_node(node),
            returns(live.model.remove_node(node)),
        )

    @rule(weight=3, when=has_instances, which=WHICH, key=KEYS)
    def get_node(self, which: int, key: str) -> None:
        live = self.at(which)
        self.script.call(
            f"{live.name}.get_node({code(key)})",
            lambda: live.learner.get_node(key),
            returns(live.model.get_node(key)),
        )

    @rule(weight=3, when=has_instances, which=WHICH, key=KEYS, count=COUNTS, then=pick(*CHANGES))
    def get_nodes(self, which: int, key: str, count: int, then: str) -> None:
        live = self.at(which)
        expected = outcome(lambda: live.model.get_nodes(key, count))
        change, apply = CHANGES[then]
        call = f"{live.name}.get_nodes({code(key)}, {count})"
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


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several rings at once, does
    what the contract says"""
    explore(Rings, sequences=200, steps=25, seed=1)
