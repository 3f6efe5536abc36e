"""Spec tests for cache_router: a change publishes its new ring in one step.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The tests look at the cluster while a change runs: from inside the hash64
the change calls, or before each line of the learner's package that the
change runs (sys.settrace, the trace function restored after), which is
where a reader thread could take its turn. A cluster that shows a mix there
would show it to a reader thread too, now and then. Both lookups are
watched: owners(), and get(), which must find on the nodes every owner the
ring it reads names, and a lookup from another thread returns while the change
is under way: it takes no lock. Then it is turned round: the change is made while
a lookup runs (owners, a get that hits, a get that misses and loads), before
each line of it in turn, or inside the hash64 or the load it calls. A restart
(mark_down, then mark_up) is watched both ways too, and its mark_up alone made
inside a get begun with the node down; a change made from a load must leave
the value where the cluster before it or after it would; and a lookup made in
the middle of another leaves both their own answers.
"""

import linecache
import sys
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from tests.cache_router.model import KEYS, Loads, answer, cluster_of, model_of, owners_of, sha64
from tests.harness.toolkit.waiting import Waited, locks_that_never_wait

NODES = {"a": 2, "b": 1, "c": 1}
DONE = ["add_node('a', 2)", "add_node('b')", "add_node('c')"]
# (call, what it does): each changes the ring.
CHANGES = [
    ("set_weight('a', 5)", lambda cluster: cluster.set_weight("a", 5)),
    ("add_node('d', 3)", lambda cluster: cluster.add_node("d", 3)),
    ("set_weight('b', 0)", lambda cluster: cluster.set_weight("b", 0)),
    ("set_weight('d', 1)", lambda cluster: cluster.set_weight("d", 1)),
    ("remove_node('c')", lambda cluster: cluster.remove_node("c")),
    ("set_weight('b', 2)", lambda cluster: cluster.set_weight("b", 2)),
    ("set_weight('a', 1)", lambda cluster: cluster.set_weight("a", 1)),
]


# What a lookup that waited for a lock the change held did, in words.
WAITED = "it did not return: it waited for a lock the call held, where a lookup takes no lock"


@pytest.fixture(autouse=True)
def locks_say_when_they_wait():
    """The learner's locks raise Waited where they would wait for ever: every call here
    runs on one thread, so a lookup made inside a change that holds a lock (or a change
    inside a lookup that holds one) would wait until the test runs out of time."""
    import cache

    with locks_that_never_wait(Path(cache.__file__).resolve().parent):
        yield


def changed(change: Callable, cluster, seen: list) -> None:
    """Make the change; a lookup made inside it that waited for a lock the change held
    adds None to `seen`, and the change stops there."""
    try:
        change(cluster)
    except Waited:
        seen.append(None)


def routes(cluster, keys: list[str]) -> list[str]:
    return [owners_of(cluster, key) for key in keys]


def gets(cluster, keys: list[str]) -> list[str]:
    return [answer(lambda key=key: cluster.get(key)) for key in keys]


def mixed(seen: list[str], before: list[str], after: list[str], keys: list[str]) -> str:
    """'' if the owners seen are all those of the ring before or all those of the ring
    after; else what a lookup that is neither gave, in words."""
    if seen in (before, after):
        return ""
    both = [
        i for i, (x, y, z) in enumerate(zip(seen, before, after, strict=True)) if x not in (y, z)
    ]
    if both:
        i = both[0]
        return (
            f"owners({keys[i]!r}) gave {seen[i]}, where the ring before gives {before[i]} and "
            f"the ring after {after[i]}"
        )
    i = next(i for i, (x, y) in enumerate(zip(seen, before, strict=True)) if x != y)
    j = next(j for j, (x, y) in enumerate(zip(seen, after, strict=True)) if x != y)
    return (
        f"owners({keys[i]!r}) gave {seen[i]} as only the ring after does, but owners("
        f"{keys[j]!r}) gave {seen[j]} as only the ring before does"
    )


class Gets:
    """What get() may give during a change: each key was got just before it, so a key
    whose owners the change leaves alone must be a hit with that value; any key must give
    a value of its own ('key@n'), never raise."""

    def __init__(self, cluster, keys: list[str]) -> None:
        self.keys = keys
        self.values = gets(cluster, keys)
        self.before = routes(cluster, keys)
        self.after: list[str] = []

    def wrong(self, seen: list[str]) -> str:
        """'' if the gets seen are all right; else the first that is not, in words."""
        for key, got, value, before, after in zip(
            self.keys, seen, self.values, self.before, self.after, strict=True
        ):
            if before == after and got != value:
                return (
                    f"get({key!r}) gave {got}, where its owners are {before} on the ring before "
                    f"and the ring after, and they hold {value}"
                )
            if not got.startswith(f"'{key}@"):
                return f"get({key!r}) gave {got}, where it should give a value loaded for it"
        return ""


class Peeking:
    """A hash64 that, once given a cluster, looks keys up on it each time it is called,
    with `look` (owners or get of each key)."""

    def __init__(self, keys: list[str], look: Callable) -> None:
        self.keys, self.look = keys, look
        self.cluster = None
        self.seen: list[list[str]] = []
        self.inside = False

    def __call__(self, text: str) -> int:
        if self.cluster is not None and not self.inside:
            self.inside = True  # the lookups below call this hash64 too
            try:
                self.seen.append(self.look(self.cluster, self.keys))
            finally:
                self.inside = False
        return sha64(text)


class EveryLine:
    """A trace function (sys.settrace) that, before each line of the learner's package
    runs, looks keys up on `cluster` with `look` and notes what it gave, with the file and
    the line."""

    def __init__(self, cluster, keys: list[str], look: Callable, folder: Path) -> None:
        self.cluster, self.keys, self.look, self.folder = cluster, keys, look, str(folder)
        self.seen: list[tuple[str, int, list[str] | None]] = []
        self.at: tuple[str, int] = ("", 0)

    def __call__(self, frame, event: str, arg: object):
        if event == "call" and frame.f_code.co_filename.startswith(self.folder):
            return self.line
        return None

    def line(self, frame, event: str, arg: object):
        # Nothing the trace function calls is traced itself: the lookups below make no
        # line events of their own.
        if event == "line":
            self.at = (frame.f_code.co_filename, frame.f_lineno)
            seen = self.look(self.cluster, self.keys)
            self.seen.append((*self.at, seen))
        return self.line


def watched(cluster, change: Callable, keys: list[str], look: Callable) -> list[tuple]:
    """Make the change on `cluster`, looking keys up with `look` before each line of the
    learner's package it runs: (file, line, what the lookups gave) for each, None for
    lookups that waited for a lock the change held (the last: the change stops there)."""
    import cache

    folder = Path(cache.__file__).resolve().parent
    watching = EveryLine(cluster, keys, look, folder)
    previous = sys.gettrace()
    sys.settrace(watching)
    try:
        change(cluster)
    except Waited:
        watching.seen.append((*watching.at, None))
    finally:
        sys.settrace(previous)
    return [
        (where(file, folder), line, linecache.getline(file, line), seen)
        for file, line, seen in watching.seen
    ]


def where(file: str, folder: Path) -> str:
    """A file of the learner's package as the learner names it: cache/cluster.py."""
    return Path(file).relative_to(folder.parent).as_posix()


@pytest.mark.slow
def test_owners_asked_by_the_hash64_of_a_change_see_a_whole_ring():
    """a change publishes its ring in one step: owners() asked from inside the hash64 the
    change calls gives what the ring before the change gives, or what the ring after does"""
    keys = KEYS[:100]
    peeking = Peeking(keys, routes)
    cluster = cluster_of(NODES, 4, 2, peeking)
    done = list(DONE)
    for call, change in CHANGES:
        before = routes(cluster, keys)
        peeking.cluster, peeking.seen = cluster, []
        changed(change, cluster, peeking.seen)
        peeking.cluster = None
        after = routes(cluster, keys)
        for number, seen in enumerate(peeking.seen, start=1):
            problem = WAITED if seen is None else mixed(seen, before, after, keys)
            assert not problem, (
                f"V=4, replicas=2, {', '.join(done)}, then {call}, with a hash64 that looks "
                f"up {len(keys)} keys each time it is called: at its call number {number} "
                f"during {call}, the owners should all be those of the ring before the call "
                f"or all those of the ring after it; but {problem}"
            )
        done.append(call)


# A restart, as its two calls, each with the call that undoes it: neither changes any
# key's owners (down nodes count).
RESTART = [
    ("mark_down('b')", lambda cluster: cluster.mark_down("b"), lambda c: c.mark_up("b")),
    ("mark_up('b')", lambda cluster: cluster.mark_up("b"), lambda c: c.mark_down("b")),
]


@pytest.mark.slow
def test_owners_asked_during_a_restart_are_the_owners_before_it():
    """a restart changes no owner, and publishes in one step: owners() asked from inside
    the hash64 that mark_down or mark_up calls, or before any line of them, gives every
    key the owners it had before"""
    keys = KEYS[:30]
    peeking = Peeking(keys, routes)
    cluster = cluster_of(NODES, 4, 2, peeking)
    before = routes(cluster, keys)
    for call, change, undo in RESTART:
        peeking.cluster, peeking.seen = cluster, []
        changed(change, cluster, peeking.seen)
        peeking.cluster = None
        seen = [("from inside its hash64", look) for look in peeking.seen]
        undo(cluster)  # and the call again, watched line by line
        seen += [
            (f"just before line {line} of {where_} (`{source.strip()}`)", look)
            for where_, line, source, look in watched(cluster, change, keys, routes)
        ]
        seen.append(("after it", routes(cluster, keys)))
        for at, look in seen:
            problem = WAITED if look is None else mixed(look, before, before, keys)
            assert not problem, (
                f"V=4, replicas=2, {', '.join(DONE)}, then {call}: owners() asked {at} "
                "should give every key the owners it had before, since a node down still "
                f"owns its keys; but {problem}"
            )


# s a reader thread may take to answer while a change waits for it: a lookup takes
# microseconds, and one that waits for the change's lock waits for ever.
READER = 5.0


@pytest.mark.slow
def test_a_lookup_from_another_thread_never_waits():
    """owners() and get() called from another thread while a change runs (from inside the
    hash64 it calls), or while a get's load runs (of another key or of that one), return at
    once: a lookup takes no lock, not even one the change or the get holds on its own
    thread, and waits for no other thread's load"""
    key = KEYS[0]
    main = threading.get_ident()
    state: dict = {"armed": False, "got": None}

    def hash64(text: str) -> int:
        if state["armed"] and threading.get_ident() == main:
            state["armed"] = False
            state["got"] = asked_from_a_thread(state["cluster"], key)
        return sha64(text)

    cluster = cluster_of(NODES, 4, 2, hash64)
    state["cluster"] = cluster
    done = list(DONE)
    for call, change in CHANGES:
        state["armed"], state["got"] = True, None
        change(cluster)
        called, state["armed"] = not state["armed"], False
        assert not called or state["got"] == "returned", (
            f"V=4, replicas=2, {', '.join(done)}, then {call}, with a hash64 that, at its "
            f"first call during {call}, has another thread call owners({key!r}) and "
            f"get({key!r}): both should return at once; but {state['got']}"
        )
        done.append(call)
    # A get's load runs: another thread's lookup of another key, then of that very key (a
    # miss too, with the value not loaded yet: it loads it, and waits for no one).
    for other in (KEYS[1], "outer"):
        loading: dict = {"asked": False, "got": None}

        def load(key: str, other: str = other, loading: dict = loading) -> object:
            if key == "outer" and not loading["asked"]:
                loading["asked"] = True
                loading["got"] = asked_from_a_thread(loading["cluster"], other)
            return f"{key}@1"

        loading["cluster"] = cluster_of(NODES, 4, 2, load=load)
        loading["cluster"].get("outer")
        assert loading["got"] == "returned", (
            f"V=4, replicas=2, {', '.join(DONE)}, then get('outer'), with a load that, at its "
            f"first call, for 'outer', has another thread call owners({other!r}) and "
            f"get({other!r}) (a miss, never got before, so that thread loads it too): both "
            f"should return at once; but {loading['got']}"
        )


def asked_from_a_thread(cluster, key: str) -> str:
    """owners(key) and get(key) called from a thread of their own: "returned", or what
    kept them from it, in words."""
    ended: list[str] = []

    def ask() -> None:
        try:
            cluster.owners(key)
            cluster.get(key)
        except Waited:
            ended.append(WAITED)
        except Exception as error:
            ended.append(f"it raised {type(error).__name__}")
        else:
            ended.append("returned")

    reader = threading.Thread(target=ask, daemon=True)
    reader.start()
    reader.join(READER)
    return ended[0] if ended else f"it had not returned after {READER:g} s: it waited"


@pytest.mark.slow
def test_owners_asked_at_any_line_of_a_change_see_a_whole_ring():
    """a change publishes its ring in one step: owners() asked before any line of its code
    runs (where another thread may take its turn) gives what the ring before the change
    gives, or what the ring after does, with replicas below the number of nodes with tokens
    or at or above it"""
    # With 4 replicas, every node with tokens (2 to 4 of them) is an owner of every key:
    # 10 keys show what the count of those nodes is at each line.
    for replicas, keys in ((2, KEYS[:30]), (4, KEYS[:10])):
        cluster = cluster_of(NODES, 4, replicas)
        done = list(DONE)
        for call, change in CHANGES:
            before = routes(cluster, keys)
            lines = watched(cluster, change, keys, routes)
            after = routes(cluster, keys)
            for where, line, source, seen in lines:
                problem = WAITED if seen is None else mixed(seen, before, after, keys)
                assert not problem, (
                    f"V=4, replicas={replicas}, {', '.join(done)}, then {call}: owners() asked "
                    f"while {call} ran, just before line {line} of {where} "
                    f"(`{source.strip()}`), should give the owners of the ring before the call "
                    f"or those of the ring after it, for every key; but {problem}"
                )
            done.append(call)


@pytest.mark.slow
def test_a_get_made_by_the_hash64_of_a_change_sees_a_whole_ring():
    """get() asked from inside the hash64 a change calls reads the ring before the change or
    the ring after, whole: it raises nothing, and a key whose owners the change leaves alone
    is a hit with the value it had"""
    keys = KEYS[:40]
    peeking = Peeking(keys, gets)
    cluster = cluster_of(NODES, 4, 2, peeking)
    done = list(DONE)
    for call, change in CHANGES:
        expected = Gets(cluster, keys)
        peeking.cluster, peeking.seen = cluster, []
        changed(change, cluster, peeking.seen)
        peeking.cluster = None
        expected.after = routes(cluster, keys)
        for number, seen in enumerate(peeking.seen, start=1):
            problem = WAITED if seen is None else expected.wrong(seen)
            assert not problem, (
                f"V=4, replicas=2, {', '.join(done)}, each of {len(keys)} keys got once, then "
                f"{call}, with a hash64 that gets the keys each time it is called: at its "
                f"call number {number} during {call}, every get should read the ring before "
                f"the call or the ring after it, whole; but {problem}"
            )
        done.append(call)


@pytest.mark.slow
def test_a_get_made_at_any_line_of_a_change_sees_a_whole_ring():
    """get() asked before any line of a change runs (where another thread may take its
    turn) reads the ring before the change or the ring after, whole: it raises nothing, and
    a key whose owners the change leaves alone is a hit with the value it had"""
    keys = KEYS[:30]
    cluster = cluster_of(NODES, 4, 2)
    done = list(DONE)
    for call, change in CHANGES:
        expected = Gets(cluster, keys)
        lines = watched(cluster, change, keys, gets)
        expected.after = routes(cluster, keys)
        for where, line, source, seen in lines:
            problem = WAITED if seen is None else expected.wrong(seen)
            assert not problem, (
                f"V=4, replicas=2, {', '.join(done)}, each of {len(keys)} keys got once, then "
                f"{call}: get() asked while {call} ran, just before line {line} of {where} "
                f"(`{source.strip()}`), should read the ring before the call or the ring "
                f"after it, whole; but {problem}"
            )
        done.append(call)


class Inside:
    """Makes a change at one point of a get: before the n-th line of the learner's package
    that the get runs, or inside its n-th call of the hash64 or of the load, these points
    numbered together in the order they come. With `opcodes`, before each instruction of
    those lines too: where a thread may take its turn in the middle of a line. `points`
    counts those the get went through, and `where` says at which the change was made."""

    def __init__(self, folder: Path, at: int, change: Callable, opcodes: bool = False) -> None:
        self.folder, self.at, self.change = str(folder), at, change
        self.opcodes = opcodes
        self.cluster = None
        self.armed = False
        self.points = 0
        self.where = ""

    def point(self, where: Callable[[], str]) -> None:
        if not self.armed:
            return
        self.points += 1
        if self.points == self.at:
            self.armed = False  # the change's own lines and hashes are no points
            self.where = where()
            self.change(self.cluster)

    def hash64(self, text: str) -> int:
        self.point(lambda: f"inside its call hash64({text!r})")
        return sha64(text)

    def load(self, loads: Loads) -> Callable[[str], object]:
        def load(key: str) -> object:
            self.point(lambda: f"inside its call load({key!r})")
            return loads(key)

        return load

    def __call__(self, frame, event: str, arg: object):
        if event == "call" and frame.f_code.co_filename.startswith(self.folder):
            frame.f_trace_opcodes = self.opcodes
            return self.line
        return None

    def line(self, frame, event: str, arg: object):
        if event in ("line", "opcode"):
            file, number = frame.f_code.co_filename, frame.f_lineno
            before = "before line" if event == "line" else "in the middle of line"
            self.point(
                lambda: (
                    f"{before} {number} of {where(file, Path(self.folder))} "
                    f"(`{linecache.getline(file, number).strip()}`)"
                )
            )
        return self.line


# The lookups a change is made inside of: a get of a key got once (a hit unless the
# change moves it), a get of a key never got (a miss: it calls load), and owners().
LOOKUPS = ("get, a hit", "get, a miss", "owners")


def got_inside(made: list[tuple[str, Callable]], change: Callable, key: str, at: int, look: str):
    """A cluster of NODES (V=4, replicas=2) through the changes `made`; then the lookup
    `look` (LOOKUPS) of `key` with `change` made at its point number `at` (Inside). Gives
    the Inside, whose `where` is '' if the lookup went through fewer points than `at`; what
    the lookup did in words ("gave 'k@1'", "raised KeyError: ..."); and what the cluster
    gave just before it and just after it: for a hit, get(key); else owners(key)."""
    import cache

    folder = Path(cache.__file__).resolve().parent
    inside = Inside(folder, at, change)
    cluster = cluster_of(NODES, 4, 2, inside.hash64, inside.load(Loads()))
    for _, call in made:
        call(cluster)
    # Asked untraced: a design that builds its ring on the first lookup has built it.
    asked = (lambda: cluster.get(key)) if look == "get, a hit" else (lambda: cluster.owners(key))
    had = answer(asked)
    lookup = cluster.owners if look == "owners" else cluster.get
    got = made_inside(inside, cluster, lambda: lookup(key))
    return inside, got, had, answer(lambda: cluster.owners(key))


def made_inside(inside: Inside, cluster, lookup: Callable[[], object]) -> str:
    """Run `lookup` on `cluster` with the change of `inside` made at its point: what the
    lookup did, in words ("gave 'k@1'", "raised KeyError: ...", "waited")."""
    inside.cluster, inside.armed = cluster, True
    previous = sys.gettrace()
    sys.settrace(inside)
    try:
        return f"gave {lookup()!r}"
    except Waited:
        return "waited"
    except Exception as error:
        return f"raised {type(error).__name__}: {error}"
    finally:
        sys.settrace(previous)
        inside.armed = False


def whole(look: str, key: str, got: str, had: str, after: str, moved: bool) -> str:
    """'' if what the lookup `look` of `key` did is an answer of the cluster before the
    change or after it: owners those it gave just before (`had`) or just after (`after`);
    a get a value loaded for the key, and for a hit whose owners the change leaves alone
    (not `moved`) the value it had. Else what is wrong, in words."""
    if got == "waited":
        return (
            "the call did not return: it waited for a lock the lookup held, where a lookup "
            "takes no lock"
        )
    if look == "owners":
        if got in (f"gave {had}", f"gave {after}"):
            return ""
        return (
            f"it {got}, where the cluster gave {had} just before the call and gives {after} "
            "after it"
        )
    if not got.startswith(f"gave '{key}@"):
        return f"it {got}, where it should give a value loaded for {key!r}"
    if look == "get, a hit" and not moved and got != f"gave {had}":
        return (
            f"it {got}, where the key's owners are the same before the call and after it, "
            f"and they hold {had}"
        )
    return ""


@pytest.mark.slow
def test_a_change_made_at_any_point_of_a_lookup_leaves_it_a_whole_cluster():
    """a change made while owners or get runs (another thread's turn before any line of it,
    or inside the hash64 or the load it calls) leaves the lookup the cluster before the
    change or after it, whole: it raises nothing, owners gives the owners of one of them,
    get a value loaded for the key, the one it had if the change leaves its owners alone"""
    made: list[tuple[str, Callable]] = []
    expected = model_of(NODES, 4, 2)
    keys = KEYS[:30]
    for call, change in CHANGES:
        before = {key: expected.owners(key) for key in keys}
        change(expected)
        after = {key: expected.owners(key) for key in keys}
        moved = [key for key in keys if after[key] != before[key]]
        kept = [key for key in keys if key not in moved]
        # A key whose first owner changes: the node a miss caches on is removed, drained
        # or re-weighted.
        rehomed = [key for key in moved if after[key][:1] != before[key][:1]] or moved
        lookups = [
            *(("get, a hit", key) for key in [*moved[:1], *kept[:1]]),
            *(("get, a miss", key) for key in rehomed[:1]),
            *(("owners", key) for key in moved[:1]),
        ]
        for look, key in lookups:
            at = 1
            while True:
                inside, got, had, now = got_inside(made, change, key, at, look)
                if not inside.where:
                    break
                problem = whole(look, key, got, had, now, key in moved)
                lookup = f"owners({key!r})" if look == "owners" else f"get({key!r})"
                first = f"get({key!r}), then " if look == "get, a hit" else ""
                again = " again" if look == "get, a hit" else ""
                assert not problem, (
                    f"V=4, replicas=2, {', '.join([*DONE, *(name for name, _ in made)])}, "
                    f"{first}{lookup}{again} with {call} made {inside.where}: the "
                    f"{lookup.split('(')[0]} should see the cluster before the call or after "
                    f"it, whole; but {problem}"
                )
                at += 1
        made.append((call, change))


# What a change made inside a get that waited for a lock the get held did, in words.
GET_WAITED = "the call did not return: it waited for a lock the get held"


def restart(cluster) -> None:
    cluster.mark_down("a")
    cluster.mark_up("a")


@pytest.mark.slow
def test_a_get_overlapping_a_restart_sees_the_node_down_or_up_and_empty():
    """a get overlapping a restart (mark_down, then mark_up) sees the node down, or up and
    empty: made at any line of mark_up, or begun with the node down and mark_up made at any
    point of it, it never gets what the node held before its outage; and a restart made at
    any point of a get leaves it a hit or a miss, never an error"""
    story = "V=4, replicas=1, node a alone: get('k') (loaded, 'k@1', cached on a)"
    cluster = cluster_of(["a"], 4, 1)
    cluster.get("k")
    cluster.mark_down("a")
    for where_, line, source, seen in watched(cluster, lambda c: c.mark_up("a"), ["k"], gets):
        got = WAITED if seen is None else f"gave {seen[0]}"
        assert seen is not None and seen[0] != "'k@1'" and seen[0].startswith("'k@"), (
            f"{story}, mark_down('a'), then mark_up('a') with get('k') made just before line "
            f"{line} of {where_} (`{source.strip()}`): a is down there, or up and empty, so "
            "that get should miss and load the key anew; but "
            + (got if seen is None else f"it {got}")
            + (", what a held before its outage" if seen == ["'k@1'"] else "")
        )
    # a down before the get begins, then mark_up('a') made at a point of it: the get sees a
    # down, or up and empty, and misses either way.
    for where_, got in got_with_a_change_inside(down, lambda cluster: cluster.mark_up("a")):
        assert got == "gave 'k@2'", (
            f"{story}, mark_down('a'), then get('k') again with mark_up('a') made {where_}: "
            "that get should see a down (a miss, loaded anew, 'k@2') or up and empty (a miss "
            "too, 'k@2'); but "
            + (GET_WAITED if got == "waited" else f"it {got}")
            + (", what a held before its outage" if got == "gave 'k@1'" else "")
        )
    for where_, got in got_with_a_change_inside(got_once, restart, opcodes=True):
        assert got in ("gave 'k@1'", "gave 'k@2'"), (
            f"{story}, then get('k') again with a restart, mark_down('a') and mark_up('a'), "
            f"made {where_}: that get should see a before the restart (a hit, 'k@1') "
            "or after it (up and empty: a miss, loaded anew, 'k@2'); but "
            + (GET_WAITED if got == "waited" else f"it {got}")
        )


def got_once(cluster) -> None:
    cluster.get("k")


def down(cluster) -> None:
    cluster.get("k")
    cluster.mark_down("a")


def got_with_a_change_inside(
    prepare: Callable, change: Callable, opcodes: bool = False
) -> list[tuple[str, str]]:
    """Node a alone (V=4, replicas=1), made ready by `prepare`, then get('k') with `change`
    made at each of its points in turn (Inside, with `opcodes` if given), one cluster for
    each: where the change was made and what that get did, in words, for each point."""
    import cache

    folder = Path(cache.__file__).resolve().parent
    seen = []
    at = 1
    while True:
        inside = Inside(folder, at, change, opcodes)
        cluster = cluster_of(["a"], 4, 1, inside.hash64, inside.load(Loads()))
        prepare(cluster)
        got = made_inside(inside, cluster, lambda cluster=cluster: cluster.get("k"))
        if not inside.where:
            return seen
        seen.append((inside.where, got))
        at += 1


@pytest.mark.slow
def test_a_get_made_in_the_middle_of_another_get_of_the_key_leaves_it_the_key_s_value():
    """a get of a key made at any point of another get of it, in the middle of a line too,
    or inside its load, leaves that other get the key's value, loaded by one get or the
    other: gets share the nodes' caches, and a value cached by one is found whole by the
    other or not at all"""
    for where_, got in got_with_a_change_inside(nothing, got_once, opcodes=True):
        assert got in ("gave 'k@1'", "gave 'k@2'"), (
            "V=4, replicas=1, node a alone, nothing cached: get('k') with another get('k') "
            f"made {where_} (that one loads the key and caches it on a): the first get should "
            "give the key's value, 'k@1' (found on a) or 'k@2' (loaded itself); but "
            + (GET_WAITED if got == "waited" else f"it {got}")
        )


def nothing(cluster) -> None:
    pass


class Changing:
    """A load (model.Loads) that, the first time it is called once armed, makes `change` on
    the cluster it is given before it gives its value."""

    def __init__(self, change: Callable) -> None:
        self.change, self.loads = change, Loads()
        self.cluster = None

    def __call__(self, key: str) -> object:
        if self.cluster is not None:
            cluster, self.cluster = self.cluster, None
            self.change(cluster)
        return self.loads(key)


# A change a load makes, the call made once the get is over (None: none), the nodes
# (replicas=1), the key's owner before the change and after it, and what the second get
# must do, and why.
MADE_IN_LOADS = [
    (
        "mark_down('a')",
        lambda cluster: cluster.mark_down("a"),
        "mark_up('a')",
        lambda cluster: cluster.mark_up("a"),
        {"a": 1, "b": 1},
        ("a", "a"),
        "the get sees a up, before the change (the value cached on a, which mark_up then "
        "empties), or down, after it (the value cached nowhere)",
    ),
    (
        "remove_node('a') and add_node('a', 1)",
        lambda cluster: (cluster.remove_node("a"), cluster.add_node("a", 1)),
        "set_weight('a', 3)",
        lambda cluster: cluster.set_weight("a", 3),
        {"a": 3, "b": 1},
        ("a", "b"),
        "the get sees the cluster before the change (the value cached on the a that left) "
        "or after it (cached on b, the key's owner then): the new a, which owns the key once "
        "its weight is 3, holds nothing",
    ),
    (
        "set_weight('a', 2)",
        lambda cluster: cluster.set_weight("a", 2),
        None,
        None,
        {"a": 1, "b": 1},
        ("a", "a"),
        "a owns the key before the change and after it, and keeps what is cached on it "
        "through a change of its weight, so the value is cached on a and the second get hits",
    ),
    (
        "remove_node('b')",
        lambda cluster: cluster.remove_node("b"),
        None,
        None,
        {"a": 1, "b": 1, "c": 1},
        ("a", "a"),
        "a owns the key before the change and after it, and keeps what is cached on it when "
        "another node leaves, so the value is cached on a and the second get hits",
    ),
]


def got_around(cluster, key: str, make: Callable | None, call: Callable | None) -> tuple:
    """get(key), then `call` (None: nothing), then get(key) again, with `make` made before
    the first get (None: the get's load makes the change): the two values and stats(), in
    words."""
    if make is not None:
        make(cluster)
    try:
        values = [answer(lambda: cluster.get(key))]
    except Waited:
        values = ["waited"]
    if call is not None:
        call(cluster)
    values.append(answer(lambda: cluster.get(key)))
    return values, answer(cluster.stats)


@pytest.mark.slow
def test_a_value_loaded_while_its_load_changes_the_cluster_is_cached_as_before_or_after():
    """a get whose load changes the cluster caches the value where the cluster before the
    change or after it would, on the first owner up of one of them: a node that restarts,
    or joins, after the get began does not hold it, and an owner the change leaves in
    place (its weight raised, another node removed) does"""
    for change, make, then, call, nodes, (before, after), why in MADE_IN_LOADS:
        owned, owned_after = model_of(nodes, 8, 1), model_of({**nodes, "a": 1}, 8, 1)
        key = next(
            key
            for key in KEYS
            if owned.owners(key) == [before] and owned_after.owners(key) == [after]
        )
        # The model's get with the change made after it (as its load returns), or before.
        orders = []
        for first in (False, True):
            expected = model_of(nodes, 8, 1)
            done = (
                call
                if first
                else lambda cluster, make=make, call=call: [make(cluster), call and call(cluster)]
            )
            orders.append(got_around(expected, key, make if first else None, done))
        orders = [order for n, order in enumerate(orders) if order not in orders[:n]]
        load = Changing(make)
        cluster = cluster_of(nodes, 8, 1, load=load)
        load.cluster = cluster
        got = got_around(cluster, key, None, call)
        weights = ", ".join(f"{node} (weight {weight})" for node, weight in nodes.items())
        assert got in orders, (
            f"V=8, replicas=1, nodes {weights}: get({key!r}) with a load that makes {change}, "
            f"then {f'{then} and ' if then else ''}get({key!r}) again: {why}, so the two gets "
            "should give "
            + " or ".join(f"{', '.join(values)} with stats() {stats}" for values, stats in orders)
            + f"; got {', '.join(got[0])} with stats() {got[1]}"
        )


def asked(cluster, seen: list, keys: list[str]) -> None:
    seen.append(routes(cluster, keys))


@pytest.mark.slow
def test_owners_asked_at_any_point_of_another_owners_call_leave_both_right():
    """owners() asked before any line of another owners() call (where another thread may
    take its turn), or inside the hash64 it calls, gives its own key's owners, and the call
    it came in the middle of gives its own: lookups share nothing they change"""
    import cache

    folder = Path(cache.__file__).resolve().parent
    nodes = ["a", "b", "c", "d"]
    expected = model_of(nodes, 4, 3)
    keys = KEYS[:8]
    for outer in keys[:2]:
        inner = [key for key in keys if key != outer]
        want, want_inner = repr(expected.owners(outer)), [repr(expected.owners(k)) for k in inner]
        at = 1
        while True:
            seen: list[list[str]] = []
            inside = Inside(folder, at, partial(asked, seen=seen, keys=inner))
            cluster = cluster_of(nodes, 4, 3, inside.hash64)
            got = made_inside(inside, cluster, partial(cluster.owners, outer))
            if not inside.where:
                break
            wrong = [
                f"owners({key!r}) gave {said}, not {right}"
                for key, said, right in zip(inner, seen[0], want_inner, strict=True)
                if said != right
            ]
            assert got == f"gave {want}" and not wrong, (
                f"V=4, replicas=3, nodes a, b, c, d: owners({outer!r}) with owners() of "
                f"{', '.join(map(repr, inner))} asked {inside.where}: each call should give "
                f"its own key's owners, owners({outer!r}) {want}; but owners({outer!r}) {got}"
                + (f", and {'; '.join(wrong)}" if wrong else "")
            )
            at += 1
