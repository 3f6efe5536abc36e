"""Spec tests for cache_router: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Several clusters at once get generated calls: hashes that collide all the
time (hash64=lambda text: 0, hash64=len, a 50-value sum of code points) or
the default one, node ids of every shape ('#' in them, one a prefix of
another, case and whitespace variants, the empty id), nodes added, removed
and added again, a node of weight 40 or 100 beside small ones, weights
raised, lowered, drained to 0 (twice too) and refused, weights of two nodes
changed in turn, nodes marked down and up after a weight change, keys got
again and again (values of None and False among them, and keys whose load
raises), their owners asked (forty keys at once after each step of a resize
too, and forty keys got before and after it), a list owners() gave changed
by the caller, and a dict stats() gave looked at again after a get. The
nodes a key's reads depend on are its owners, so steps act on them: one or
two of a key's owners down (of three replicas) and back, the one that
served it down; a key's owner marked down or drained, removed and added
back; a key's owners changed under it, by a drain or a join, while another
node holds it. The long runs add clusters of hundreds of nodes, hundreds of
nodes removed and added back, one node's weight lowered, raised, drained and
set back hundreds of times, one node flapping hundreds of times, and
thousands of gets compared in a tight loop.
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
# Few keys, so that they are got again and hit; "none..." keys load None, "false..." keys
# False, and the load of a "fail..." key raises (model.Loads).
KEYS = gen.Text(
    "kn1",
    max_size=3,
    common=["k", "k1", "none", "", "a#0", "n1", "false", "fail", "none-k", "é"],
)
WHICH = gen.Integers(0, 5)
CHOICE = gen.Integers(0, 4)
# Which of a key's owners a step acts on (0 the first), and what it does to it.
RANK = gen.Integers(0, 2)
OWNER_ACTIONS = gen.pick("mark_down", "drain", "remove_node", "mark_up")
AGAIN_ACTIONS = gen.pick("add_node", "restore", "mark_up", "remove_node", "mark_down", "drain")
# model.Loads, as the script writes it.
LOAD = [
    "def load(key):",
    "    loads.append(key)",
    "    if key.startswith('fail'):",
    "        raise TimeoutError(f'the database did not answer for {key!r}')",
    "    if key.startswith('none'):",
    "        return None",
    "    return False if key.startswith('false') else f'{key}@{len(loads)}'",
]


class Clusters(gen.Machine):
    modules = ("cache",)
    imports = "from cache import CacheCluster"

    def setup(self, module) -> None:
        self.new = module.CacheCluster
        # One backing store per side, shared by its clusters, as the script's one load().
        self.learner_load, self.model_load = Loads(), Loads()
        self.script.lines += ["loads = []", *LOAD, ""]
        # The node the last `owner` step acted on, by cluster: `again` acts on it again.
        self.touched: dict[str, str] = {}

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

    @gen.rule(when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def mark_down(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.compare(live, "mark_down", gen.chosen(live.model.weights, choice, stranger))

    @gen.rule(when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=IDS)
    def mark_up(self, which: int, choice: int, stranger: str) -> None:
        live = self.at(which)
        self.compare(live, "mark_up", gen.chosen(live.model.weights, choice, stranger))

    def act(self, live: gen.Instance, node: str, action: str) -> None:
        """`action` on `node`: mark_down, mark_up, remove_node, add_node (weight 1), drain
        (weight 0) or restore (weight 1)."""
        if action in ("drain", "restore"):
            self.compare(live, "set_weight", node, 0 if action == "drain" else 1)
        else:
            self.compare(live, action, node, show=action == "remove_node")

    @gen.rule(when=gen.has_instances, which=WHICH, key=KEYS, rank=RANK, action=OWNER_ACTIONS)
    def owner(self, which: int, key: str, rank: int, action: str) -> None:
        """The key's owner number `rank` (0 the first, the last if it has fewer), as the
        model gives them, marked down or up, drained or removed: the node the key's reads
        depend on. `again` acts on that node next."""
        live = self.at(which)
        owners = live.model.owners(key)
        if owners:
            self.touched[live.name] = owners[min(rank, len(owners) - 1)]
            self.act(live, self.touched[live.name], action)

    @gen.rule(when=gen.has_instances, which=WHICH, action=AGAIN_ACTIONS)
    def again(self, which: int, action: str) -> None:
        """The node of the cluster's last `owner` step, acted on again: added back after its
        removal, its weight set back to 1 after a drain, removed while down or drained."""
        live = self.at(which)
        if live.name in self.touched:
            self.act(live, self.touched[live.name], action)

    @gen.macro(when=gen.has_instances, which=WHICH, key=KEYS, down=gen.pick(1, 2))
    def outages(self, which: int, key: str, down: int) -> list:
        """A key got, its first `down` owners marked down, the key got twice, those owners
        back (empty) one by one, the key got after each, then the owner that served it down
        and the key got again: the fallback past one or two down owners (of three
        replicas), hits on a later owner, and a hit that cached the key nowhere else."""
        got = ("get", {"which": which, "key": key})

        def owner(rank: int, action: str) -> tuple:
            return ("owner", {"which": which, "key": key, "rank": rank, "action": action})

        steps = [got, *(owner(rank, "mark_down") for rank in range(down)), got, got]
        for rank in range(down):
            steps += [owner(rank, "mark_up"), got]
        return [*steps, owner(down, "mark_down"), got]

    @gen.macro(when=gen.has_instances, which=WHICH, key=KEYS, how=gen.pick("down", "drain", "both"))
    def leave_and_return(self, which: int, key: str, how: str) -> list:
        """A key got, its first owner marked down, drained or both, then removed, forty keys'
        owners asked; the node added back, the key got twice, its second owner down, the key
        got again: a node that leaves down or drained takes nothing of the ring or its
        state with it, and comes back up and empty."""
        got = ("get", {"which": which, "key": key})
        many = ("owners_of_many", {"which": which})
        first = "drain" if how == "drain" else "mark_down"
        steps = [got, ("owner", {"which": which, "key": key, "rank": 0, "action": first})]
        if how == "both":
            steps.append(("again", {"which": which, "action": "drain"}))
        steps += gen.each("again", "action", ["remove_node"], which=which)
        steps += [many, *gen.each("again", "action", ["add_node"], which=which), got, got]
        second = {"which": which, "key": key, "rank": 1, "action": "mark_down"}
        return [*steps, ("owner", second), got, many]

    @gen.macro(when=gen.has_instances, which=WHICH, key=KEYS, node=IDS, drain=gen.booleans())
    def owners_move(self, which: int, key: str, node: str, drain: bool) -> list:
        """A key's owners changed under it: with `drain`, its first owner drained, the key
        got (cached on its owner then) and the weight set back to 1; else the key got and
        `node` added with weight 3. Then the key got twice and its owners asked: a node
        that holds the key but is no longer its owner must not answer."""
        got = ("get", {"which": which, "key": key})
        if drain:
            drained = {"which": which, "key": key, "rank": 0, "action": "drain"}
            steps = [("owner", drained), got, ("again", {"which": which, "action": "restore"})]
        else:
            steps = [got, ("add_node", {"which": which, "node": node, "heavy": 3})]
        return [*steps, got, got, ("owners", {"which": which, "key": key})]

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
        each, and the keys got before the lowering and after the raise: the tokens a node
        keeps stay where they were, it has no others, and it keeps what is cached on it."""
        node = {"which": which, "choice": choice, "stranger": "x"}
        owners, gets = ("owners_of_many", {"which": which}), ("gets_of_many", {"which": which})
        steps: list = []
        for heavy, then in ((high, [owners, gets]), (low, [owners]), (high, [owners, gets])):
            steps += [("set_weight", {**node, "heavy": heavy}), *then]
        return steps

    @gen.macro(
        when=gen.has_instances,
        which=WHICH,
        first=CHOICE,
        second=CHOICE,
        high=gen.pick(3, 0, 2),
        other=gen.pick(2, 0, 3),
    )
    def in_turn(self, which: int, first: int, second: int, high: int, other: int) -> list:
        """Weights of two nodes changed in turn, the first set back to 1 (the weight most
        nodes join with), forty keys' owners asked: each change moves its own node's
        tokens, and the changes made since a weight was last set stay."""
        many = ("owners_of_many", {"which": which})
        steps = [
            ("set_weight", {"which": which, "choice": choice, "stranger": "x", "heavy": heavy})
            for choice, heavy in ((first, high), (second, other), (first, 1))
        ]
        return [*steps, many]

    @gen.macro(when=gen.has_instances, which=WHICH, key=KEYS, rank=RANK)
    def drain_twice(self, which: int, key: str, rank: int) -> list:
        """One of a key's owners drained, and drained again, forty keys' owners asked: a
        drain of a node drained already changes nothing."""
        drained = ("owner", {"which": which, "key": key, "rank": rank, "action": "drain"})
        again = ("again", {"which": which, "action": "drain"})
        return [drained, again, ("owners_of_many", {"which": which})]

    @gen.macro(when=gen.has_instances, which=WHICH, choice=CHOICE, heavy=gen.pick(3, 0, 2))
    def restart(self, which: int, choice: int, heavy: int) -> list:
        """A node's weight changed, then the node marked down and up (a restart), forty
        keys' owners asked: a restart keeps the node's weight and tokens."""
        node = {"which": which, "choice": choice, "stranger": "x"}
        return [
            ("set_weight", {**node, "heavy": heavy}),
            ("mark_down", node),
            ("mark_up", node),
            ("owners_of_many", {"which": which}),
        ]

    @gen.macro(when=gen.has_instances, which=WHICH, node=IDS, heavy=gen.pick(100, 40))
    def large_beside_small(self, which: int, node: str, heavy: int) -> list:
        """A node of weight `heavy` added beside the small ones, forty keys' owners asked:
        a walk goes past hundreds of the large node's tokens to reach the next node."""
        added = ("add_node", {"which": which, "node": node, "heavy": heavy})
        return [added, ("owners_of_many", {"which": which})]

    @gen.rule(when=gen.has_instances, which=WHICH)
    def gets_of_many(self, which: int) -> None:
        """get(f'key-{n}') for 40 keys, written as one line: where a change dropped values
        a node should keep, or cached them where it should not, some of them show it."""
        live = self.at(which)
        calls = [
            (
                f"{live.name}.get('key-{n}')",
                lambda n=n: live.learner.get(f"key-{n}"),
                gen.outcome(lambda n=n: live.model.get(f"key-{n}")),
            )
            for n in range(40)
        ]
        self.script.sweep(
            calls, lambda done: f"_ = [{live.name}.get(f'key-{{n}}') for n in range({done})]"
        )

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

    @gen.rule(when=gen.has_instances, which=WHICH, key=KEYS)
    def owners_kept(self, which: int, key: str) -> None:
        """A list owners() gave, changed by the caller (reversed, a stranger appended):
        the next owners() of the key gives what it would have given anyway."""
        live = self.at(which)
        said = gen.outcome(lambda: live.model.owners(key))
        text = f"kept = {live.name}.owners({gen.code(key)})"
        kept = self.script.call(text, lambda: live.learner.owners(key), said, show=False)
        if said.raised is None:
            self.script.call("kept.reverse()", kept.reverse, gen.returns(None), show=False)
            self.script.call("kept.append('zz')", lambda: kept.append("zz"), gen.returns(None))
            self.compare(live, "owners", key, show=True)

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
    clusters_alike = resize = in_turn = drain_twice = restart = large_beside_small = None
    remove_node = mark_down = mark_up = owners = get = stats = stats_kept = None
    owner = again = outages = leave_and_return = owners_move = owners_kept = None
    owners_of_many = gets_of_many = None

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
