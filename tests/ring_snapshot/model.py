"""The ring_snapshot contract read as plainly as possible, and helpers of the spec tests.

The ring of tokens itself, and what the spec tests of ring_snapshot and
weighted_ring share, are in tests/harness/toolkit/token_ring.py. Here the model
keeps nothing but the weights and the version: a snapshot is a frozen copy
of the two, and every lookup sorts every token of it and walks from the
start, which is slow and obviously right. The spec tests trust nothing of the
learner's module but its public API.
"""

from __future__ import annotations

from tests.harness.toolkit import token_ring
from tests.harness.toolkit.token_ring import (
    KEYS,
    Hash64,
    Tokens,
    answer,
    positive_int,
    refused,
    sha64,
)

__all__ = [
    "KEYS",
    "Ring",
    "View",
    "answer",
    "before_the_end",
    "misroutes",
    "model",
    "new_ring",
    "refused",
    "routes",
    "sha64",
    "weights_of",
    "weights_text",
]


class View(Tokens):
    """One state of the model ring: its weights and version, frozen."""

    def __init__(
        self,
        virtuals: int,
        hash64: Hash64,
        weights: dict[str, int],
        version: int,
        memory: token_ring.Memory | None = None,
    ) -> None:
        super().__init__(virtuals, hash64, weights, memory)
        self.version = version

    @property
    def weights(self) -> dict[str, int]:
        return dict(self._weights)


class Ring:
    def __init__(self, virtuals_per_weight: int, hash64: Hash64 | None = None) -> None:
        if not positive_int(virtuals_per_weight):
            raise ValueError("virtuals_per_weight must be a positive int")
        self.virtuals = virtuals_per_weight
        self.hash64 = sha64 if hash64 is None else hash64
        self.weights: dict[str, int] = {}
        self.version = 0
        self._view: View | None = None
        self._memory = token_ring.Memory()  # shared by its views

    def set_weight(self, node_id: str, weight: int) -> None:
        if not positive_int(weight, lowest=0):
            raise ValueError("weight must be at least 0")
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
            self._view = View(self.virtuals, self.hash64, self.weights, self.version, self._memory)
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


def _view(expected: Ring | View) -> View:
    return expected.snapshot() if isinstance(expected, Ring) else expected


def before_the_end(keys: list[str], expected: Ring | View) -> list[str]:
    """The keys that reach a token without wrapping past the end of the ring (see
    token_ring.before_the_end)."""
    return token_ring.before_the_end(keys, _view(expected))


def misroutes(reader, expected: Ring | View, keys: list[str], count: int | None = None) -> str:
    """'' if `reader` (a ring or a view) answers like the model, else a summary of the
    misses (see token_ring.misroutes); with `count`, views only."""
    return token_ring.misroutes(reader, _view(expected), keys, count)


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
