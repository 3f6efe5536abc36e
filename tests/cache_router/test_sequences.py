"""Spec tests for cache_router: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several clusters at once get generated calls: hashes that collide all the
time (hash64=lambda text: 0, hash64=len, a 50-value sum of code points) or
the default one, node ids of every shape ('#' in them, one a prefix of
another, case and whitespace variants, the empty id), nodes added, removed
and added again, weights raised, lowered, drained to 0 and refused, nodes
marked down and up, keys got again and again (values of None among them),
their owners asked (forty keys at once after each step of a resize too), and
a dict stats() gave looked at again after a get. The long runs add clusters
of hundreds of nodes, hundreds of nodes removed and added back, one node's
weight lowered, raised, drained and set back hundreds of times, one node
flapping hundreds of times, and thousands of gets compared in a tight loop.
Every call is compared with the model in tests/cache_router/model.py; a
failure is shrunk to the smallest sequence of calls that still breaks the
contract, shown as lines to paste into python.
"""

from __future__ import annotations

import pytest

from tests.cache_router.model import Cluster, Loads
from tests.harness.toolkit import differential as gen
from tests.harness.toolkit import token_ring

# Generated sequences: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

HASHES = token_ring.HASHES
VIRTUALS = gen.pick(1, 2, 3, 0)
REPLICAS = gen.pick(2, 1, 3, 0)
WEIGHTS = gen.pick("default", 1, 2, 3, 0, -1)
NEW_WEIGHTS = gen.pick(1, 0, 2, 3, 4, -1)
IDS = token_ring.drawn_ids("x" * 30)
# Few keys, so that they are got again and hit; "none..." keys load None.
KEYS = gen.Text("kn1", max_size=3, common=["k", "k1", "none", "", "a#0", "n1", "none-k", "é"])
WHICH = gen.Integers(0, 5)
CHOICE = gen.Integers(0, 4)
LOAD = "def load(key): loads.append(key); return None if key.startswith('none') else f'{key}@{len(loads)}'"  # noqa: E501


class Clusters(gen.Machine):
    modules = ("cache",)
    imports = "from cache import CacheCluster"

    def setup(self, module) -> None:
        self.new = module.CacheCluster
        # One backing store per side, shared by its clusters, as the script's one load().
        self.learner_load, self.model_load = Loads(), Loads()
        self.script.lines += ["loads = []", LOAD, ""]

    @gen.rule(virtuals=VIRTUALS, replicas=REPLICAS, hashed=gen.pick(*HASHES))
    def create(self, virtuals: int, replicas: int, hashed: str) -> None:
        written, hash64 = HASHES[hashed]
        arguments = ", ".join(
            filter(None, ["load", gen.code(virtuals), gen.code(replicas), written])
        )

        def create() -> object:
            if written:
                return self.new(self.learner_load, virtuals, replicas, hash64)
            return self.new(self.learner_load, virtuals, replicas)

        expected = gen.outcome(lambda: Cluster(self.model_load, virtuals, replicas, hash64))
        made = self.construct("cluster", f"CacheCluster({arguments})", create, expected)
        if made:
            self.live.append(gen.Instance(*made, expected.value))

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, node=IDS, heavy=WEIGHTS)
    def add_node(self, which: int, node: str, heavy: object) -> None:
        live = self.at(which)
        if heavy == "default":
            self.compare(live, "add_node", node)
        else:
            self.compare(live, "add_node", node, heavy)

    @gen.macro(
        when=gen.has_instances, which=WHICH, family=token_ring.FAMILIES, drop=gen.pick(False, True)
    )
    def add_look_alikes(self, which: int, family: int, drop: bool) -> list:
        """A family of ids alike enough to be mixed up, each added; with `drop`, the first
        of them removed again, which must take off its tokens and no other."""
        nodes = token_ring.LOOK_ALIKES[family]
        steps = [("add_node", {"which": which, "node": node, "heavy": 1}) for node in nodes]
        if drop:
            steps.append(("remove_node", {"which": which, "choice": 99, "stranger": nodes[0]}))
        return steps

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def remove_node(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.compare(
            live, "remove_node", gen.chosen(live.model.weights, choice, stranger), show=True
        )

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=IDS,
        heavy=NEW_WEIGHTS,
    )
    def set_weight(self, which: int, choice: int, stranger: str, heavy: int) -> None:
        live = self.at(which)
        node = gen.chosen(live.model.weights, choice, stranger)
        if heavy < 0 and node not in live.model.weights:
            # Two refusals at once: either error will do.
            text = f"{live.name}.set_weight({gen.code(node)}, {heavy})"
            learner = lambda: live.learner.set_weight(node, heavy)  # noqa: E731
            self.script.call(text, learner, gen.Outcome(raised=Exception))
            return
        self.compare(live, "set_weight", node, heavy)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def mark_down(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.compare(live, "mark_down", gen.chosen(live.model.weights, choice, stranger))

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def mark_up(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.compare(live, "mark_up", gen.chosen(live.model.weights, choice, stranger))

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE, key=KEYS)
    def outage(self, which: int, choice: int, key: str) -> list:
        """A key got, a node down, the key got twice, the node back (empty), the key got
        again: fallback to the next replica, and back."""
        node = {"which": which, "choice": choice, "stranger": "x"}
        got = ("get", {"which": which, "key": key})
        return [got, ("mark_down", node), got, got, ("mark_up", node), got]

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, key=KEYS)
    def owners(self, which: int, key: str) -> None:
        self.compare(self.at(which), "owners", key, show=True)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def owners_of_many(self, which: int) -> None:
        """owners(f'key-{n}') for 40 keys, written as one line: where a weight change put
        tokens it should not have, or took off the wrong ones, some of them show it."""
        live = self.at(which)
        calls = [
            (
                f"{live.name}.owners('key-{n}')",
                lambda n=n: live.learner.owners(f"key-{n}"),
                gen.outcome(lambda n=n: live.model.owners(f"key-{n}")),
            )
            for n in range(40)
        ]
        self.script.sweep(
            calls, lambda done: f"_ = [{live.name}.owners(f'key-{{n}}') for n in range({done})]"
        )

    @gen.macro(
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        high=gen.pick(3, 4),
        low=gen.pick(1, 2),
    )
    def resize(self, which: int, choice: int, high: int, low: int) -> list:
        """A node's weight raised, lowered and raised again, forty keys' owners asked after
        each: the tokens a node keeps stay where they were, and it has no others."""
        node = {"which": which, "choice": choice, "stranger": "x"}
        many = ("owners_of_many", {"which": which})
        steps: list = []
        for heavy in (high, low, high):
            steps += [("set_weight", {**node, "heavy": heavy}), many]
        return steps

    @gen.rule(weight=5, when=gen.has_instances, which=WHICH, key=KEYS)
    def get(self, which: int, key: str) -> None:
        self.compare(self.at(which), "get", key, show=True)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def stats(self, which: int) -> None:
        self.compare(self.at(which), "stats", show=True)

    @gen.rule(when=gen.has_instances, which=WHICH, key=KEYS)
    def stats_kept(self, which: int, key: str) -> None:
        """A dict stats() gave, kept while a key is got: it still says what it said."""
        live = self.at(which)
        said = live.model.stats()
        kept = self.script.call(
            f"kept = {live.name}.stats()", live.learner.stats, gen.returns(said), show=False
        )
        self.compare(live, "get", key, show=True)
        self.script.call("kept", lambda: kept, gen.returns(said))

    @gen.macro(hashed=gen.pick(*HASHES))
    def clusters_alike(self, hashed: str) -> list:
        """Two new clusters of other nodes, the same keys got on each: what one answers must
        never be the other's answer."""
        first = len(self.live)
        made = {"virtuals": 2, "replicas": 2, "hashed": hashed}
        steps: list = [("create", made), ("create", made)]
        for which, node in ((first, "a"), (first + 1, "b")):
            steps.append(("add_node", {"which": which, "node": node, "heavy": 1}))
        for key in ("k", "k1"):
            for which in (first, first + 1):
                steps.append(("get", {"which": which, "key": key}))
        return steps


# -- long runs --


def few_clusters(machine: gen.Machine) -> bool:
    return len(machine.live) < 2


class LongRuns(Clusters):
    """The sequences that only go wrong late: clusters of hundreds of nodes, hundreds of
    nodes removed and added back, one node's weight lowered, raised, drained and set back
    hundreds of times, one node flapping hundreds of times, thousands of gets."""

    create = None  # clusters fit for long runs instead
    add_look_alikes = None
    clusters_alike = resize = None
    remove_node = mark_down = mark_up = outage = owners = get = stats = stats_kept = None
    owners_of_many = None

    def setup(self, module) -> None:
        super().setup(module)
        self.groups: dict[str, list[str]] = {}  # the groups of nodes added, by cluster
        self.made_groups = 0

    def smallest(self) -> gen.Instance:
        """The live cluster of fewest nodes: hundreds of changes or thousands of gets
        there stay cheap to compare with the model, which sorts every token anew."""
        return min(self.live, key=lambda live: len(live.model.weights))

    @gen.rule(
        weight=4,
        when=few_clusters,
        virtuals=gen.pick(1),
        replicas=gen.pick(2, 3),
        hashed=gen.pick("default", "sum"),
    )
    def create_cluster(self, virtuals: int, replicas: int, hashed: str) -> None:
        Clusters.create(self, virtuals, replicas, hashed)

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        size=token_ring.longest(12, 300),
        step=gen.pick(1, 2),
        action=gen.pick("add", "add", "remove"),
    )
    def membership(self, which: int, size: int, step: int, action: str) -> None:
        """add_node(f'g1-{n}') for n = 0, 1, ... (or every other one), a new group of nodes
        each time; or remove_node of the nodes of the last group added (added first if
        there is none): a cluster of hundreds of nodes made, or hundreds of nodes removed,
        in one line."""
        live = self.at(which)
        groups = self.groups.setdefault(live.name, [])
        if action == "remove" and not groups:
            self.membership(which, size, step, "add")
        if action == "add":
            self.made_groups += 1
            group, method = f"g{self.made_groups}", "add_node"
            groups.append(group)
        else:
            group, method = groups.pop(), "remove_node"
        numbers = range(0, size, step)
        written = f"range(0, {size}, {step})" if step > 1 else f"range({size})"
        calls = [
            (
                f"{live.name}.{method}('{group}-{n}')",
                lambda n=n: getattr(live.learner, method)(f"{group}-{n}"),
                gen.outcome(lambda n=n: getattr(live.model, method)(f"{group}-{n}")),
            )
            for n in numbers
        ]

        def summary(done: int) -> str:
            upto = written if done == len(calls) else f"{written}[:{done}]"
            return f"_ = [{live.name}.{method}(f'{group}-{{n}}') for n in {upto}]"

        self.script.sweep(calls, summary)

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        keys=gen.pick(50, 1500),
        rounds=token_ring.longest(1, 2),
    )
    def traffic(self, which: int, keys: int, rounds: int) -> None:
        """get(f'key-{n}') for n in range(keys), `rounds` times over, then stats(): thousands
        of gets compared one by one, each round written as one line."""
        live = self.smallest() if keys > 100 else self.at(which)
        for _ in range(rounds):
            calls = [
                (
                    f"{live.name}.get('key-{n}')",
                    lambda n=n: live.learner.get(f"key-{n}"),
                    gen.outcome(lambda n=n: live.model.get(f"key-{n}")),
                )
                for n in range(keys)
            ]
            self.script.sweep(
                calls, lambda done: f"_ = [{live.name}.get(f'key-{{n}}') for n in range({done})]"
            )
        self.compare(live, "stats", show=True)

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 7),
        rounds=token_ring.longest(1, 10, 50, 100),
    )
    def ramp(self, which: int, choice: int, rounds: int) -> None:
        """Node n<choice> lowered to 1, raised to 3, drained to 0 and set back to 2,
        `rounds` times, with gets and owners between: four changes a round."""
        live, node = self.smallest(), f"n{choice}"
        if node not in live.model.weights:
            self.compare(live, "add_node", node)
        if node not in live.model.weights:
            return
        body = []
        for heavy in (1, 3, 0, 2):
            body.append(
                gen.Call(
                    f"{live.name}.set_weight({node!r}, {heavy})",
                    lambda heavy=heavy: live.learner.set_weight(node, heavy),
                    lambda heavy=heavy: live.model.set_weight(node, heavy),
                )
            )
            for key in ("key-1", "key-2", "key-3"):
                body.append(
                    gen.Call(
                        f"{live.name}.get({key!r})",
                        lambda key=key: live.learner.get(key),
                        lambda key=key: live.model.get(key),
                    )
                )
        body.append(
            gen.Call(
                f"{live.name}.owners('key-4')",
                lambda: live.learner.owners("key-4"),
                lambda: live.model.owners("key-4"),
            )
        )
        self.script.rounds(body, rounds)

    @gen.rule(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        choice=gen.Integers(0, 7),
        rounds=token_ring.longest(1, 10, 100, 200),
        leave=gen.pick(False, True),
    )
    def flap(self, which: int, choice: int, rounds: int, leave: bool) -> None:
        """Node n<choice> down and up (or removed and added back, with `leave`) `rounds`
        times, with gets between: hundreds of outages or of joins and removals."""
        live, node = self.smallest(), f"n{choice}"
        if node not in live.model.weights:
            self.compare(live, "add_node", node)
        out, back = ("remove_node", "add_node") if leave else ("mark_down", "mark_up")
        body = []
        for method in (out, back):
            body.append(
                gen.Call(
                    f"{live.name}.{method}({node!r})",
                    lambda method=method: getattr(live.learner, method)(node),
                    lambda method=method: getattr(live.model, method)(node),
                )
            )
            for key in ("key-5", "key-6"):
                body.append(
                    gen.Call(
                        f"{live.name}.get({key!r})",
                        lambda key=key: live.learner.get(key),
                        lambda key=key: live.model.get(key),
                    )
                )
        self.script.rounds(body, rounds)
        self.compare(live, "stats", show=True)


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on several clusters at once,
    does what the contract says"""
    gen.explore(Clusters, sequences=100, steps=30, seed=1)


def test_long_runs_follow_the_contract():
    """clusters of hundreds of nodes, hundreds of joins and removals, weights lowered,
    raised, drained and set back hundreds of times, nodes flapping, thousands of gets:
    every call does what the contract says"""
    gen.explore(LongRuns, sequences=5, steps=8, seed=15, min_steps=6)
