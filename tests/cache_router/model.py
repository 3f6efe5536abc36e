"""The cache_router contract read as plainly as possible, and helpers of its spec tests.

The ring itself is the toolkit's (tests/harness/toolkit/token_ring.py): tokens
f"{node}#{i}" ordered by (hash, token id), a key's owners the distinct nodes
walking clockwise from its token. Here the model keeps the members, their
weights, whether each is up, and what each holds; every lookup sorts every
token of the ring as it is (once per state), which is slow and obviously
right. The spec tests use nothing of the learner's package but its facade,
CacheCluster.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.harness.toolkit import token_ring
from tests.harness.toolkit.differential import shown
from tests.harness.toolkit.spec import attempt
from tests.harness.toolkit.token_ring import Hash64, Tokens, answer, positive_int, sha64

__all__ = [
    "KEYS",
    "NODES",
    "SCENARIO",
    "Cluster",
    "Loads",
    "answer",
    "before_the_end",
    "behaviour",
    "changes_nothing",
    "cluster_of",
    "misowned",
    "model_of",
    "nodes_text",
    "owners_of",
    "sha64",
    "shown",
    "unlike",
]


class Loads:
    """A backing store that says, in each value, which load made it: f"{key}@{n}" for the
    n-th load; but None for keys that start with "none", False for keys that start with
    "false", and for keys that start with "fail" it raises TimeoutError (a database that
    does not answer). Two sides that load the same keys in the same order give the same
    values; a load too many or too few shows in every value after it."""

    def __init__(self) -> None:
        self.keys: list[str] = []

    def __call__(self, key: str) -> object:
        self.keys.append(key)
        if key.startswith("fail"):
            raise TimeoutError(f"the database did not answer for {key!r}")
        if key.startswith("none"):
            return None
        return False if key.startswith("false") else f"{key}@{len(self.keys)}"


class Cluster:
    """The model of CacheCluster."""

    def __init__(
        self,
        load: Callable[[str], object],
        virtuals_per_weight: int = 16,
        replicas: int = 2,
        hash64: Hash64 | None = None,
    ) -> None:
        if not positive_int(virtuals_per_weight) or not positive_int(replicas):
            raise ValueError("virtuals_per_weight and replicas must be positive ints")
        self.load = load
        self.virtuals = virtuals_per_weight
        self.replicas = replicas
        self.hash64 = sha64 if hash64 is None else hash64
        self.weights: dict[str, int] = {}
        self.up: dict[str, bool] = {}
        self.cached: dict[str, dict[str, object]] = {}
        self.hits = self.misses = 0
        self._ring: Tokens | None = None
        # Each text hashed once and each state's tokens sorted once, whatever the state.
        self._memory = token_ring.Memory()

    def ring(self) -> Tokens:
        if self._ring is None:
            weights = {node: weight for node, weight in self.weights.items() if weight}
            self._ring = Tokens(self.virtuals, self.hash64, weights, self._memory)
        return self._ring

    def _known(self, node_id: str) -> None:
        if node_id not in self.weights:
            raise KeyError(node_id)

    def add_node(self, node_id: str, weight: int = 1) -> None:
        if node_id in self.weights or not positive_int(weight):
            raise ValueError("a node already there, or a weight below 1")
        self.weights[node_id] = weight
        self.up[node_id] = True
        self.cached[node_id] = {}
        self._ring = None

    def remove_node(self, node_id: str) -> bool:
        if node_id not in self.weights:
            return False
        for table in (self.weights, self.up, self.cached):
            del table[node_id]
        self._ring = None
        return True

    def set_weight(self, node_id: str, weight: int) -> None:
        if not positive_int(weight, lowest=0):
            raise ValueError("a negative weight")
        self._known(node_id)
        if self.weights[node_id] != weight:
            self.weights[node_id] = weight
            self._ring = None

    def mark_down(self, node_id: str) -> None:
        self._known(node_id)
        self.up[node_id] = False

    def mark_up(self, node_id: str) -> None:
        self._known(node_id)
        if not self.up[node_id]:
            self.up[node_id] = True
            self.cached[node_id] = {}

    def owners(self, key: str) -> list[str]:
        return self.ring().get_nodes(key, self.replicas)

    def get(self, key: str) -> object:
        live = [node for node in self.owners(key) if self.up[node]]
        for node in live:
            if key in self.cached[node]:
                self.hits += 1
                return self.cached[node][key]
        value = self.load(key)  # if it raises, nothing is cached or counted
        self.misses += 1
        if live:
            self.cached[live[0]][key] = value
        return value

    def stats(self) -> dict[str, int]:
        return {"hits": self.hits, "misses": self.misses}


def cluster_of(
    nodes: dict[str, int] | list[str],
    virtuals: int = 16,
    replicas: int = 2,
    hash64: Hash64 | None = sha64,
    load: Callable[[str], object] | None = None,
):
    """A learner's CacheCluster with add_node(node, weight) called for `nodes`, in order
    (a list: weight 1 each).

    The hash is given, SHA-256 by default, so that only the tests whose subject is
    the default hash depend on it.
    """
    from cache import CacheCluster

    cluster = CacheCluster(Loads() if load is None else load, virtuals, replicas, hash64)
    weights = nodes if isinstance(nodes, dict) else dict.fromkeys(nodes, 1)
    for node, weight in weights.items():
        cluster.add_node(node, weight)
    return cluster


def model_of(
    nodes: dict[str, int] | list[str],
    virtuals: int = 16,
    replicas: int = 2,
    hash64: Hash64 | None = sha64,
    load: Callable[[str], object] | None = None,
) -> Cluster:
    """The model, made as cluster_of makes the learner's."""
    cluster = Cluster(Loads() if load is None else load, virtuals, replicas, hash64)
    weights = nodes if isinstance(nodes, dict) else dict.fromkeys(nodes, 1)
    for node, weight in weights.items():
        cluster.add_node(node, weight)
    return cluster


KEYS = [f"key-{n}" for n in range(800)]


def before_the_end(keys: list[str], expected: Cluster) -> list[str]:
    """The keys that reach a token without wrapping past the end of the ring: only the
    tests of wrapping use the others (see token_ring.before_the_end)."""
    return token_ring.before_the_end(keys, expected.ring())


def owners_of(cluster, key: str) -> str:
    """cluster.owners(key) as the learner's code gave it: its repr, or what it raised."""
    return answer(lambda: cluster.owners(key))


def misowned(cluster, expected: Cluster, keys: list[str]) -> str:
    """'' if `cluster` gives every key the owners the model gives, else a summary of the
    keys it gets wrong. Keys past the last token are left out (before_the_end)."""
    wrong = []
    for key in before_the_end(keys, expected):
        want, got = expected.owners(key), owners_of(cluster, key)
        if got != repr(want):
            wrong.append(f"owners({shown(key)}) should be {want!r}, got {got}")
    if not wrong:
        return ""
    return f"{len(wrong)} of {len(keys)} keys wrong, e.g. " + "; ".join(wrong[:3])


def nodes_text(nodes: dict[str, int] | list[str]) -> str:
    """'a, b, c' (weight 1 each) or 'a (weight 2), b (weight 1)'."""
    if isinstance(nodes, list) or set(nodes.values()) == {1}:
        return ", ".join(map(shown, nodes))
    return ", ".join(f"{shown(node)} (weight {weight})" for node, weight in nodes.items())


# -- calls that must change nothing: two of the learner's clusters compared --

NODES = {"a": 1, "b": 2, "c": 1}
SCENARIO = "V=8, replicas=2, nodes a, b, c of weights 1, 2, 1"


def behaviour(cluster, keys: list[str]) -> list[str]:
    """What a cluster shows: the owners of each key, then each key got twice, with the
    values, then stats(); each answer as the learner's code gave it."""
    shown_: list[str] = []
    for call in (
        *(lambda key=key: cluster.owners(key) for key in keys),
        *(lambda key=key: cluster.get(key) for key in keys for _ in range(2)),
        cluster.stats,
    ):
        try:
            shown_.append(repr(call()))
        except Exception as error:
            shown_.append(f"raised {type(error).__name__}")
    return shown_


def unlike(got: list[str], expected: list[str], keys: list[str]) -> str:
    """Where two behaviour() lists first differ, in words."""
    calls = [
        *(f"owners({key!r})" for key in keys),
        *(f"get({key!r})" for key in keys for _ in range(2)),
        "stats()",
    ]
    for call, x, y in zip(calls, got, expected, strict=True):
        if x != y:
            return f"{call} gave {x}, where the untouched cluster gives {y}"
    return ""


def left_by(node: str):
    """A learner's cluster of NODES that `node` has left: a member once, unknown now."""
    cluster = cluster_of(NODES)
    cluster.remove_node(node)
    return cluster


def changes_nothing(call) -> str:
    """Make `call` on one of two clusters of NODES (with b's cache warm on both first):
    '' if it then behaves like the other, else how it differs."""
    keys = KEYS[:60]
    touched, untouched = cluster_of(NODES, 8, 2), cluster_of(NODES, 8, 2)
    for cluster in (touched, untouched):
        for key in keys[:30]:
            cluster.get(key)
    attempt(lambda: call(touched))
    return unlike(behaviour(touched, keys), behaviour(untouched, keys), keys)
