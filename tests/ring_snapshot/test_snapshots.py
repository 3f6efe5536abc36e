"""Spec tests for ring_snapshot: snapshots, what they hold and what never changes them.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Most tests here compare what a snapshot shows with what the same snapshot, or
a twin ring, showed before: they hold whatever the routing is. The tests of
publication look at the ring while set_weight runs: one from inside the
hash64 that set_weight calls, the other before each line of the learner's
module (sys.settrace, the trace function restored after), which is where a
reader thread could take its turn: a ring that shows a mix there would show
it to a reader thread too, now and then.
"""

import linecache
import sys
from pathlib import Path

import pytest

from tests.ring_snapshot.model import (
    KEYS,
    answer,
    before_the_end,
    model,
    new_ring,
    routes,
    sha64,
    weights_of,
)

WEIGHTS = {"a": 2, "b": 1, "c": 1}
# Rings made and dropped in batches in the test of independence.
BATCHES, BATCH = 10, 5
SCENARIO = "V=8, nodes a, b, c of weights 2, 1, 1"


def shows(view, keys: list[str]) -> tuple:
    """Everything a view shows: version, weights, and the answers of get_node and get_nodes."""
    return (
        answer(lambda: view.version),
        weights_of(view),
        routes(view, keys),
        [answer(lambda key=key: view.get_nodes(key, 2)) for key in keys],
    )


def compared(now: tuple, then: tuple, keys: list[str]) -> str:
    """How two results of shows() differ, in words."""
    parts = []
    for index, what in ((0, "version"), (1, "weights")):
        if now[index] != then[index]:
            parts.append(f"its {what} is now {now[index]}, it was {then[index]}")
    for index, what in ((2, "get_node(key)"), (3, "get_nodes(key, 2)")):
        differ = [key for key, x, y in zip(keys, now[index], then[index], strict=True) if x != y]
        if differ:
            parts.append(
                f"{what} changed for {len(differ)} of {len(keys)} keys, e.g. {differ[0]!r}: "
                f"{then[index][keys.index(differ[0])]} then, {now[index][keys.index(differ[0])]} "
                "now"
            )
    return "; ".join(parts)


def test_a_snapshot_never_changes():
    """no later set_weight changes a snapshot already taken: not its answers, weights or
    version"""
    ring = new_ring(8, WEIGHTS)
    keys = KEYS[:60]
    views = [(ring.snapshot(), "the snapshot of a, b, c")]
    changes = [("a", 5), ("d", 2), ("b", 3), ("a", 1), ("c", 0)]
    taken = [shows(views[0][0], keys)]
    done = []
    for node, weight in changes:
        ring.set_weight(node, weight)
        done.append(f"set_weight({node!r}, {weight})")
        views.append((ring.snapshot(), f"the snapshot after {done[-1]}"))
        taken.append(shows(views[-1][0], keys))
        for (view, name), then in zip(views, taken, strict=False):
            problem = compared(shows(view, keys), then, keys)
            assert not problem, (
                f"{SCENARIO}, a snapshot taken, then {', '.join(done)}, a snapshot after each: "
                f"{name} has changed: {problem}"
            )


def test_weights_gives_each_node_and_its_weight():
    """RingView.weights is a dict of each node on the ring and its weight, and no other"""
    ring = new_ring(3)
    calls = [("a", 2), ("b", 1), ("c", 4), ("a", 3), ("b", 0), ("", 1)]
    expected = {"a": 3, "c": 4, "": 1}
    for node, weight in calls:
        ring.set_weight(node, weight)
    got = ring.snapshot().weights
    assert type(got) is dict and got == expected, (
        f"V=3, set_weight{', set_weight'.join(map(repr, calls))}: snapshot().weights should "
        f"be the dict {expected!r}; got {got!r}"
    )


def test_weights_is_a_copy_for_the_caller():
    """the dict RingView.weights gives is the caller's: changing it changes neither the view
    nor the ring"""
    changed, untouched = new_ring(8, WEIGHTS), new_ring(8, WEIGHTS)
    keys = KEYS[:300]
    view = changed.snapshot()
    weights = view.weights
    weights["a"] = 9
    weights["zz"] = 1
    del weights["b"]
    view.weights.clear()
    for name, got, then in (
        ("the snapshot", shows(view, keys), shows(untouched.snapshot(), keys)),
        ("a new snapshot", shows(changed.snapshot(), keys), shows(untouched.snapshot(), keys)),
    ):
        problem = compared(got, then, keys)
        assert not problem, (
            f"two rings of {SCENARIO}; on a snapshot of one, the dict of .weights was changed "
            f"(a set to 9, zz added, b deleted) and another cleared: {name} of that ring "
            f"should show what the other ring's does, but {problem}"
        )


def answered(reader, key: str, view: bool) -> list[tuple[str, object]]:
    """(call, node) for each node that get_node(key) on `reader` (a ring, or a view if
    `view`) named, and on a view get_nodes(key, 2): what the learner's code gave, errors
    left out."""
    calls = [(f"get_node({key!r})", lambda: [reader.get_node(key)])]
    if view:
        calls.append((f"get_nodes({key!r}, 2)", lambda: reader.get_nodes(key, 2)))
    found = []
    for call, make in calls:
        try:
            nodes = list(make())
        except Exception:
            continue  # an error is no other ring's node: other tests judge it
        found += [(call, node) for node in nodes]
    return found


def foreign(reader, view: bool, keys: list[str], owners: dict[str, str], own: str) -> str:
    """The first answer of `reader` (a ring, or a view if `view`) that names a node of
    another ring than `own`, in words; '' if none does. `owners` gives the ring of each
    node."""
    for key in keys:
        for call, node in answered(reader, key, view):
            owner = owners.get(node) if isinstance(node, str) else None
            if owner is not None and owner != own:
                return f"{call} gave {node!r}, a node of {owner}"
    return ""


@pytest.mark.slow
def test_rings_are_independent():
    """several rings, at once or one after another: each answers with its own nodes only,
    whatever the others hold or held, and changing one changes no other, nor its
    snapshots"""
    ring = new_ring(10, {"a": 1, "b": 2})
    keys = before_the_end(KEYS[:300], model(10, {"a": 1, "b": 2}))
    others = {
        "a second ring of the same nodes": (new_ring(10, {"a": 1, "b": 2}), {"a", "b"}),
        "a ring of c alone with V=20": (new_ring(20, {"c": 1}), {"c"}),
    }
    views = {name: other.snapshot() for name, (other, _) in others.items()}
    # Neither check below needs the routing to be right: only independence counts.
    before = {name: shows(view, keys) for name, view in views.items()}
    for name, (_, own) in others.items():
        # routes() gives each answer as its repr.
        strangers = sorted(set(before[name][2]) - {repr(node) for node in own})
        assert not strangers, (
            f"{name}, made beside other rings, should answer with its own nodes only; it "
            f"also gave {strangers[:3]}"
        )
    ring.set_weight("c", 2)
    ring.set_weight("a", 0)
    ring.set_weight("b", 5)
    for name, (other, _) in others.items():
        for which, view in (("its snapshot", views[name]), ("a new snapshot", other.snapshot())):
            problem = compared(shows(view, keys), before[name], keys)
            assert not problem, (
                f"after set_weight('c', 2), ('a', 0) and ('b', 5) on one ring of a, b of "
                f"weights 1, 2 (V=10), {which} of {name} should show what it showed before, "
                f"but {problem}"
            )
    # Rings of other nodes after the same calls (the same number of changes), asked the
    # same keys: no ring may answer with what another ring's view gave.
    alike = {
        f"ring {name}": new_ring(10, {f"{name}1": 1, f"{name}2": 2}) for name in ("x", "y", "z")
    }
    owners = {"a": "the rings of a and b", "b": "the rings of a and b", "c": "the ring of c"}
    owners |= {f"{name}{n}": f"ring {name}" for name in "xyz" for n in (1, 2)}
    for name, other in alike.items():
        for which, reader in (("its snapshot", other.snapshot()), ("the ring", other)):
            problem = foreign(reader, which != "the ring", keys, owners, name)
            assert not problem, (
                "beside rings made first (two of nodes a and b, one of c alone), rings x, y "
                "and z of V=10: ring x made with set_weight('x1', 1) then "
                "set_weight('x2', 2), y and z alike with nodes y1, y2 and z1, z2; every ring "
                "asked the same keys: each should answer with its own nodes only; on "
                f"{which} of {name}, {problem}"
            )
    # Rings made and dropped in batches: a new view may take the memory (and the id()) of
    # a dead one, and must still answer for itself, empty or not.
    owners |= {
        f"r{n}.{m}": f"ring {m + 1} of batch {n + 1}" for n in range(BATCHES) for m in range(BATCH)
    }
    for number in range(BATCHES):
        batch = [new_ring(10) for _ in range(BATCH)]
        for when in ("new", "set"):
            for place, other in enumerate(batch):
                own = f"ring {place + 1} of batch {number + 1}"
                if when == "set":
                    other.set_weight(f"r{number}.{place}", 1)
                for which, reader in (("its snapshot", other.snapshot()), ("the ring", other)):
                    problem = foreign(reader, which != "the ring", keys[:20], owners, own)
                    assert not problem, (
                        f"{BATCHES} batches of {BATCH} rings of V=10, ring m of batch n "
                        "asked the same keys when new, then again after "
                        "set_weight('r<n-1>.<m-1>', 1), and each batch dropped with its "
                        "snapshots before the next is made: each ring should answer with its "
                        f"own nodes only; on {which} of {own}, "
                        + ("still new (no node yet), " if when == "new" else "")
                        + problem
                    )
        del batch, other, reader
    # Whether a new view takes a dead one's memory is the allocator's choice: rings of one
    # node each are made and dropped until 20 views have had an id() seen before.
    owners |= {f"q{n}": f"ring {n + 1} of the rings of one node" for n in range(3000)}
    seen, reused = set(), 0
    for n in range(3000):
        other = new_ring(10, {f"q{n}": 1})
        view = other.snapshot()
        reused += id(view) in seen
        seen.add(id(view))
        own = f"ring {n + 1} of the rings of one node"
        problem = foreign(view, True, keys[:3], owners, own)
        assert not problem, (
            "rings of V=10 made one after another, ring n with set_weight('q<n-1>', 1), "
            "each dropped with its snapshot before the next is made: each snapshot should "
            f"answer with its ring's node only; on the snapshot of {own}, {problem}"
        )
        del other, view
        if reused >= 20:
            break


def as_seen(view, ring, keys: list[str]) -> tuple:
    """What Peeking notes: version, weights, get_node on the view, and on the ring."""
    return (
        answer(lambda: view.version),
        weights_of(view),
        routes(view, keys),
        routes(ring, keys),
    )


def mix(seen: tuple, then: tuple, now: tuple, keys: list[str]) -> str:
    """How a snapshot seen during a call differs from the ring before and after it."""
    parts = [f"it showed version {seen[0]} and weights {seen[1]}"]
    for index, what in ((2, "get_node on it"), (3, "ring.get_node")):
        for other, name in ((then, "before"), (now, "after")):
            differ = [k for k, x, y in zip(keys, seen[index], other[index], strict=True) if x != y]
            if differ:
                parts.append(f"{what} answered unlike the ring {name} for {len(differ)} keys")
            else:
                parts.append(f"{what} answered like the ring {name}")
    return "; ".join(parts)


class Peeking:
    """A hash64 that, once given a ring, looks at it each time it is called, and notes what
    a snapshot taken then shows, and what the ring itself answers."""

    def __init__(self, keys: list[str]) -> None:
        self.keys = keys
        self.ring = None
        self.seen: list[tuple] = []
        self.inside = False

    def __call__(self, text: str) -> int:
        if self.ring is not None and not self.inside:
            self.inside = True  # the lookups below call this hash64 too
            try:
                self.seen.append(as_seen(self.ring.snapshot(), self.ring, self.keys))
            finally:
                self.inside = False
        return sha64(text)


@pytest.mark.slow
def test_a_snapshot_taken_during_set_weight_shows_the_ring_before_or_after():
    """set_weight publishes the new ring in one step: a snapshot taken while it runs (here by
    the hash64 it calls) shows the whole ring before the change or the whole ring after"""
    keys = KEYS[:200]
    peeking = Peeking(keys)
    ring = new_ring(4, WEIGHTS, peeking)
    done = [f"set_weight({node!r}, {weight})" for node, weight in WEIGHTS.items()]
    for node, weight in (("a", 5), ("d", 3), ("b", 0), ("d", 4), ("a", 2)):
        then = as_seen(ring.snapshot(), ring, keys)
        peeking.ring, peeking.seen = ring, []
        ring.set_weight(node, weight)
        peeking.ring = None
        now = as_seen(ring.snapshot(), ring, keys)
        call = f"set_weight({node!r}, {weight})"
        for number, seen in enumerate(peeking.seen, start=1):
            assert seen in (then, now), (
                f"V=4, {', '.join(done)}, then {call}, with a hash64 that looks at the ring "
                f"each time it is called: at its call number {number} during {call}, a "
                "snapshot should show the whole ring before the call (version "
                f"{then[0]}, weights {then[1]}) or the whole ring after it (version {now[0]}, "
                f"weights {now[1]}), and the ring answer alike; but {mix(seen, then, now, keys)}"
            )
        done.append(call)


def looks(view, keys: list[str]) -> tuple:
    """What a snapshot shows: its version, its weights and where the keys go, each as the
    learner's code gave it."""
    return answer(lambda: view.version), weights_of(view), routes(view, keys)


class EveryLine:
    """A trace function (sys.settrace) that, before each line of the learner's module runs,
    takes a snapshot of `ring` and notes what it shows, with the line: a thread switch can
    happen at any of those points, and a reader thread take its snapshot there."""

    def __init__(self, ring, keys: list[str], file: str) -> None:
        self.ring, self.keys, self.file = ring, keys, file
        self.seen: list[tuple[int, tuple]] = []

    def __call__(self, frame, event: str, arg: object):
        if event == "call" and frame.f_code.co_filename == self.file:
            return self.line
        return None

    def line(self, frame, event: str, arg: object):
        # Nothing the trace function calls is traced itself: the snapshot below does
        # not make line events of its own.
        if event == "line":
            try:
                shown = looks(self.ring.snapshot(), self.keys)
            except Exception as error:
                shown = (f"snapshot() raised {type(error).__name__}: {error}",)
            self.seen.append((frame.f_lineno, shown))
        return self.line


def traced(ring, call, keys: list[str]) -> list[tuple[int, tuple]]:
    """Run `call`, a snapshot taken before each line of the learner's module it runs."""
    module = sys.modules[type(ring).__module__]
    watching = EveryLine(ring, keys, module.__file__)
    previous = sys.gettrace()
    sys.settrace(watching)
    try:
        call()
    finally:
        sys.settrace(previous)
    return watching.seen


def mixed(seen: tuple, before: tuple, after: tuple, keys: list[str]) -> str:
    """What a snapshot that is neither the ring before nor the ring after showed, in words."""
    if len(seen) == 1:
        return seen[0]
    said = f"had version {seen[0]} with weights {seen[1]}"
    unlike = {
        name: [i for i, (x, y) in enumerate(zip(seen[2], ring[2], strict=True)) if x != y]
        for name, ring in (("before", before), ("after", after))
    }
    if not unlike["before"] or not unlike["after"]:
        like = "before" if not unlike["before"] else "after"
        return f"{said}, and routed every key as the ring {like} the call does"
    both = [i for i in unlike["before"] if i in unlike["after"]]
    if both:
        i = both[0]
        return (
            f"{said}, but routed {keys[i]!r} to {seen[2][i]}, where the ring before routes "
            f"it to {before[2][i]} and the ring after to {after[2][i]}"
        )
    i, j = unlike["before"][0], unlike["after"][0]
    return (
        f"{said}, and routed {keys[i]!r} to {seen[2][i]} as only the ring after does, but "
        f"{keys[j]!r} to {seen[2][j]} as only the ring before does"
    )


@pytest.mark.slow
def test_a_snapshot_taken_at_any_line_of_set_weight_shows_the_ring_before_or_after():
    """set_weight publishes the new ring in one step: a snapshot taken before any line of
    its code runs (where another thread may take its turn) shows the whole ring before the
    change or the whole ring after"""
    keys = KEYS[:40]
    done = [f"set_weight({node!r}, {weight})" for node, weight in WEIGHTS.items()]
    ring = new_ring(4, WEIGHTS)
    for node, weight in (("b", 3), ("a", 1), ("c", 0), ("d", 2), ("b", 1)):
        call = f"set_weight({node!r}, {weight})"
        before = looks(ring.snapshot(), keys)
        seen = traced(ring, lambda node=node, weight=weight: ring.set_weight(node, weight), keys)
        after = looks(ring.snapshot(), keys)
        for line, shown in seen:
            if shown in (before, after):
                continue
            file = sys.modules[type(ring).__module__].__file__
            source = linecache.getline(file, line).strip()
            raise AssertionError(
                f"V=4, {', '.join(done)}, then {call}: a snapshot taken while {call} ran, "
                f"just before line {line} of {Path(file).name} (`{source}`), "
                f"{mixed(shown, before, after, keys)}; a snapshot should show the whole ring "
                f"before the call (version {before[0]}, weights {before[1]}, as a snapshot "
                f"taken just before it shows) or the whole ring after it (version {after[0]}, "
                f"weights {after[1]}, as a snapshot taken just after it shows)"
            )
        done.append(call)
