"""The ring_snapshot contract read as plainly as possible, and helpers of the spec tests.

The model keeps nothing but the weights and the version: a snapshot is a
frozen copy of the two, and every lookup sorts every token of it and scans
from the start, which is slow and obviously right. The spec tests trust
nothing of the learner's module but its public API.
"""

from __future__ import annotations

from tests.harness.differential import shown
from tests.weighted_ring.model import Hash64, answer, ring_tokens, sha64, walk


def is_int(value: object, lowest: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= lowest


class View:
    """One state of the model ring: its weights and version, frozen."""

    def __init__(self, virtuals: int, hash64: Hash64, weights: dict[str, int], version: int):
        self.virtuals = virtuals
        self.hash64 = hash64
        self._weights = dict(weights)
        self.version = version
        self._tokens: list[tuple[int, str, str]] | None = None

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._weights)

    def tokens(self) -> list[tuple[int, str, str]]:
        """Every token as (hash, token id, node id), in ring order."""
        if self._tokens is None:
            self._tokens = ring_tokens(self._weights, self.virtuals, self.hash64)
        return self._tokens

    def get_nodes(self, key: str, count: int) -> list[str]:
        if count < 0:
            raise ValueError("count must not be negative")
        return walk(self.tokens(), self.hash64, key, count)

    def get_node(self, key: str) -> str | None:
        nodes = self.get_nodes(key, 1)
        return nodes[0] if nodes else None

    def token_of(self, key: str) -> str | None:
        """The id of the token the key goes to; None on an empty ring."""
        tokens = self.tokens()
        if not tokens:
            return None
        return next((t[1] for t in tokens if t[0] >= self.hash64(key)), tokens[0][1])


class Ring:
    def __init__(self, virtuals_per_weight: int, hash64: Hash64 | None = None) -> None:
        if not is_int(virtuals_per_weight, 1):
            raise ValueError("virtuals_per_weight must be a positive int")
        self.virtuals = virtuals_per_weight
        self.hash64 = sha64 if hash64 is None else hash64
        self.weights: dict[str, int] = {}
        self.version = 0
        self._view: View | None = None

    def set_weight(self, node_id: str, weight: int) -> None:
        if not is_int(weight, 0):
            raise ValueError("weight must be an int of at least 0")
        if self.weights.get(node_id, 0) == weight:
            return
        if weight:
            self.weights[node_id] = weight
        else:
            del self.weights[node_id]
        self.version += 1
        self._view = None

    def snapshot(self) -> View:
        if self._view is None:
            self._view = View(self.virtuals, self.hash64, self.weights, self.version)
        return self._view

    def get_node(self, key: str) -> str | None:
        return self.snapshot().get_node(key)


def model(virtuals: int, weights: dict[str, int], hash64: Hash64 = sha64) -> Ring:
    """The model ring with set_weight(node, weight) called for `weights`, in order."""
    ring = Ring(virtuals, hash64)
    for node, weight in weights.items():
        ring.set_weight(node, weight)
    return ring


def new_ring(virtuals: int, weights: dict[str, int] | None = None, hash64: Hash64 = sha64):
    """A learner's ring with set_weight(node, weight) called for `weights`, in order.

    The hash is always given, SHA-256 by default, so that only the test whose
    subject is the default hash depends on it.
    """
    from ring_snapshot import SnapshotRing

    ring = SnapshotRing(virtuals, hash64)
    for node, weight in (weights or {}).items():
        ring.set_weight(node, weight)
    return ring


def before_the_end(keys: list[str], expected: Ring | View) -> list[str]:
    """The keys that reach a token without wrapping past the end of the ring.

    Only the test of wrapping uses keys past the last token, so that code
    that mishandles them fails that test and no other.
    """
    view = expected.snapshot() if isinstance(expected, Ring) else expected
    tokens = view.tokens()
    return [key for key in keys if tokens and view.hash64(key) <= tokens[-1][0]]


def misroutes(reader, expected: Ring | View, keys: list[str], count: int | None = None) -> str:
    """'' if `reader` (a ring or a view) answers like the model, else a summary of the misses.

    With `count`, compares get_nodes(key, count) (views only); without,
    get_node(key). Keys past the last token are left out (see before_the_end).
    """
    view = expected.snapshot() if isinstance(expected, Ring) else expected
    wrong = []
    for key in before_the_end(keys, view):
        if count is None:
            call, want = f"get_node({shown(key)})", view.get_node(key)
            got = answer(lambda key=key: reader.get_node(key))
        else:
            call, want = f"get_nodes({shown(key)}, {count})", view.get_nodes(key, count)
            got = answer(lambda key=key: reader.get_nodes(key, count))
        if got != repr(want):
            wrong.append(f"{call}: expected {want!r}, got {got}")
    if not wrong:
        return ""
    return f"{len(wrong)} of {len(keys)} keys wrong, e.g. " + "; ".join(wrong[:3])


def routes(reader, keys: list[str], count: int | None = None) -> list[str]:
    """reader.get_node(key) for each key, or get_nodes(key, count) with `count`: each
    answer as the learner's code gave it, its repr or the exception it raised."""
    if count is None:
        return [answer(lambda key=key: reader.get_node(key)) for key in keys]
    return [answer(lambda key=key: reader.get_nodes(key, count)) for key in keys]


def weights_of(view) -> str:
    """view.weights as the learner's code gave it, in words that do not depend on the
    order of the dict (the contract gives none): its repr with the items sorted, or the
    exception it raised."""
    try:
        got = view.weights
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    if type(got) is dict:
        return repr(dict(sorted(got.items(), key=repr)))
    return repr(got)


def weights_text(weights: dict[str, int]) -> str:
    """'a (weight 2), b (weight 1)', or 'no nodes'."""
    if not weights:
        return "no nodes"
    return ", ".join(f"{node!r} (weight {weight})" for node, weight in weights.items())


KEYS = [f"key-{n}" for n in range(800)]
