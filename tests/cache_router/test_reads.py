"""Spec tests for cache_router: get(key), hits and misses, outages and restarts.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The backing store of these tests (model.Loads) says in each value which load
made it: "user:1@3" is the third load, so a value served from the wrong node,
or loaded twice, shows in what get() returns.
"""

import gc
import threading
import time
from pathlib import Path
from unittest import mock

import pytest

from tests.cache_router.model import (
    KEYS,
    Loads,
    answer,
    cluster_of,
    misowned,
    model_of,
    owners_of,
    sha64,
    shown,
)
from tests.harness.toolkit.token_ring import table_hash
from tests.harness.toolkit.waiting import Waited, locks_that_never_wait

NODES = ["a", "b", "c"]


def gets(cluster, keys: list[str]) -> list[str]:
    """get(key) for each key, in order: each answer as the learner's code gave it."""
    found = []
    for key in keys:
        try:
            found.append(shown(cluster.get(key)))
        except Exception as error:
            found.append(f"raised {type(error).__name__}")
    return found


def stats_of(cluster) -> str:
    try:
        return repr(cluster.stats())
    except Exception as error:
        return f"raised {type(error).__name__}"


def first_owned_by(node: str, nodes, keys: list[str], **options) -> list[str]:
    """The keys whose first owner is `node`, as the model says."""
    expected = model_of(nodes, **options)
    return [key for key in keys if expected.owners(key)[:1] == [node]]


def test_a_miss_loads_once_and_the_next_get_hits():
    """get loads a key once, caches it, and the next get of it is a hit with that value"""
    load = Loads()
    cluster = cluster_of(NODES, 8, 2, load=load)
    got = (gets(cluster, ["user:1", "user:1", "user:2", "user:1"]), load.keys, stats_of(cluster))
    expected = (
        ["'user:1@1'", "'user:1@1'", "'user:2@2'", "'user:1@1'"],
        ["user:1", "user:2"],
        repr({"hits": 2, "misses": 2}),
    )
    assert got == expected, (
        "V=8, replicas=2, nodes a, b, c, a load that returns 'key@n' for its n-th call: get "
        "of user:1, user:1, user:2, user:1 should give 'user:1@1', 'user:1@1', 'user:2@2', "
        "'user:1@1', load user:1 and user:2 once each and count 2 hits, 2 misses; got "
        f"{', '.join(got[0])}, loads {got[1]}, stats() {got[2]}"
    )


@pytest.mark.slow  # 65,537 gets: 0.11 s of CPU for the reference, 0.36 s under a load of 7
def test_stats_counts_the_reads_since_the_cluster_was_made():
    """stats() counts every get since the cluster was made, whoever asked for stats()
    before, and past 65,536 of them"""
    cluster = cluster_of(NODES, 8, 2)
    gets(cluster, ["user:1", "user:1", "user:2"])
    first = stats_of(cluster)
    gets(cluster, ["user:1", "user:3"])
    got = (first, stats_of(cluster))
    expected = (repr({"hits": 1, "misses": 2}), repr({"hits": 2, "misses": 3}))
    assert got == expected, (
        "nodes a, b, c, get of user:1, user:1, user:2, stats(), then get of user:1, user:3 "
        f"and stats() again: they should give {expected[0]}, then {expected[1]}; got "
        f"{got[0]}, then {got[1]}"
    )
    cluster = cluster_of(["a"], 1, 1, lambda text: 0)
    get = cluster.get
    for _ in range(65537):
        get("user:1")
    got = stats_of(cluster)
    expected = repr({"hits": 65536, "misses": 1})
    assert got == expected, (
        "V=1, replicas=1, node a alone: get('user:1') 65,537 times (a miss, then hits), "
        f"then stats() should give {expected}; got {got}"
    )


def in_a_thread(call) -> str:
    """Make the call in a thread of its own, and wait until it is done: "" or what it
    raised, in words."""
    raised: list[str] = []

    def run() -> None:
        try:
            call()
        except Exception as error:
            raised.append(f"; it raised {type(error).__name__} there")

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return "".join(raised)


def test_what_one_thread_does_every_thread_sees():
    """what one thread does, every thread sees: gets made in another thread count in
    stats() at once, a value a get cached there is a hit here, and a change made there shows
    in owners() here"""
    cluster = cluster_of(NODES, 8, 2)
    keys = KEYS[:40]
    for key in keys:  # lookups here first: this thread has seen the ring before the change
        owners_of(cluster, key)
    raised = in_a_thread(lambda: gets(cluster, ["user:1", "user:1"]))
    got = [stats_of(cluster), *gets(cluster, ["user:1"]), stats_of(cluster)]
    expected = [repr({"hits": 1, "misses": 1}), "'user:1@1'", repr({"hits": 2, "misses": 1})]
    assert (got, raised) == (expected, ""), (
        "V=8, replicas=2, nodes a, b, c: another thread gets user:1 twice (a miss, then a "
        "hit) and ends; then, here, stats(), get('user:1') and stats() should give "
        f"{', '.join(expected)} (a hit: the value that thread cached); got {', '.join(got)}"
        f"{raised}"
    )
    raised = in_a_thread(lambda: cluster.add_node("d"))
    wrong = misowned(cluster, model_of([*NODES, "d"], 8, 2), keys)
    assert not wrong and not raised, (
        "V=8, replicas=2, nodes a, b, c: owners() of 40 keys here, then another thread calls "
        "add_node('d') and ends: owners() here should at once be those of a, b, c and d; "
        f"but {wrong or 'they were'}{raised}"
    )


def test_a_cached_none_is_a_hit():
    """a value of None, False, '', 0, -1, (), Ellipsis, NotImplemented or a new object() is
    cached like any other: the next get of it is a hit, with no load"""
    made = object()
    values = {
        "none-1": None,
        "false-1": False,
        "empty-1": "",
        "zero-1": 0,
        "minus-1": -1,
        "tuple-1": (),
        "ellipsis-1": ...,
        "unimplemented-1": NotImplemented,
        "object-1": made,
    }
    loaded: list[str] = []

    def load(key: str) -> object:
        loaded.append(key)
        return values[key]

    def said(value: object) -> str:
        # The object() in words: its repr holds an address, other on every run.
        if value is made:
            return "that object()"
        return "another object()" if type(value) is object else shown(value)

    cluster = cluster_of(NODES, 8, 2, load=load)
    twice = [key for key in values for _ in range(2)]
    given = []
    for key in twice:
        try:
            given.append(said(cluster.get(key)))
        except Exception as error:
            given.append(f"raised {type(error).__name__}")
    got = (given, loaded, stats_of(cluster))
    n = len(values)
    expected = ([said(values[key]) for key in twice], list(values), repr({"hits": n, "misses": n}))
    assert got == expected, (
        "V=8, nodes a, b, c, a load that gives None for 'none-1', False for 'false-1', '' for "
        "'empty-1', 0 for 'zero-1', -1 for 'minus-1', () for 'tuple-1', Ellipsis (...) for "
        "'ellipsis-1', NotImplemented for "
        "'unimplemented-1' and one object() for 'object-1': each got twice should give its "
        f"value twice, load once and count {n} "
        f"hits, {n} misses; got {', '.join(got[0])}, loads {got[1]}, stats() {got[2]}"
    )


def raising_once(loads: list[str], error: BaseException):
    """A load that raises `error` the first time it is called, and then gives
    f"{key}@{n}" for its n-th call; each key it is asked for goes into `loads`."""

    def load(key: str) -> object:
        loads.append(key)
        if len(loads) == 1:
            raise error
        return f"{key}@{len(loads)}"

    return load


def failing_once(loads: list[str]):
    """A load that raises TimeoutError the first time (a database that does not answer)."""
    return raising_once(loads, TimeoutError("the database did not answer"))


def raised_by(cluster, key: str, error: BaseException) -> str:
    """What get(key) did, said against the very error the load raised."""
    try:
        return f"gave {shown(cluster.get(key))}"
    except BaseException as raised:  # the learner's get may raise anything
        return "raised that error" if raised is error else f"raised {type(raised).__name__}"


# Errors the cluster's own lookups and loops raise or catch: load's are load's alone.
LOOKALIKES = (KeyError, LookupError, StopIteration)


def test_a_get_whose_load_raises_raises_that_error_and_caches_nothing():
    """a get whose load raises raises that error and caches nothing: the next get of the
    key loads it again, and the one after that hits, whatever load raises (KeyError,
    LookupError and StopIteration too); an exception load returns is a value like any"""
    loads: list[str] = []
    cluster = cluster_of(NODES, 8, 2, load=failing_once(loads))
    got = (gets(cluster, ["user:1"] * 3), loads)
    expected = (["raised TimeoutError", "'user:1@2'", "'user:1@2'"], ["user:1", "user:1"])
    assert got == expected, (
        "V=8, replicas=2, nodes a, b, c, a load that raises TimeoutError the first time and "
        "then gives 'key@n' for its n-th call: get('user:1') three times should raise "
        "TimeoutError (nothing cached), then give 'user:1@2' (loaded again) and 'user:1@2' "
        f"(a hit), loading user:1 twice; got {', '.join(got[0])}, loads {got[1]}"
    )
    for kind in LOOKALIKES:
        loads = []
        error = kind("no such profile")
        cluster = cluster_of(NODES, 8, 2, load=raising_once(loads, error))
        first = (raised_by(cluster, "user:1", error), len(loads))
        got = (*first, gets(cluster, ["user:1"] * 2), len(loads))
        expected = ("raised that error", 1, ["'user:1@2'", "'user:1@2'"], 2)
        assert got == expected, (
            f"V=8, replicas=2, nodes a, b, c, a load that raises {kind.__name__} the first "
            "time and then gives 'key@n' for its n-th call: get('user:1') should raise that "
            "very error, load called once, then give 'user:1@2' (loaded again) and "
            f"'user:1@2' (a hit), load called twice in all; it {got[0]}, with {got[1]} "
            f"load call(s), then gave {', '.join(got[2])}, with {got[3]} load call(s) in all"
        )
    value = ValueError("a profile that is an exception")
    returned: list[str] = []
    cluster = cluster_of(NODES, 8, 2, load=lambda key: returned.append(key) or value)
    answers = []
    for _ in range(2):
        try:
            answers.append("gave it" if cluster.get("user:1") is value else "gave another value")
        except BaseException as error:  # the learner's get may raise anything
            answers.append(f"raised {type(error).__name__}")
    got = (answers, returned)
    expected = (["gave it", "gave it"], ["user:1"])
    assert got == expected, (
        "V=8, replicas=2, nodes a, b, c, a load that returns (not raises) the exception "
        "ValueError('a profile that is an exception'): get('user:1') twice should give that "
        "very object both times, loaded once and then a hit, as any value is; got "
        f"{', '.join(got[0])}, with loads {got[1]}"
    )


class Cancelled(BaseException):
    """What a load raises when its task is cancelled: a BaseException and no Exception, as
    asyncio.CancelledError and KeyboardInterrupt are."""


def cancelled(key: str) -> object:
    raise Cancelled(f"the load of {key!r} was cancelled")


def test_a_get_whose_load_raises_counts_nothing():
    """a get whose load raises counts neither a hit nor a miss, whether an owner is up or
    none is, and whatever load raises: a BaseException that is no Exception (as
    asyncio.CancelledError), KeyError, LookupError and StopIteration too"""
    loads: list[str] = []
    cluster = cluster_of(NODES, 8, 2, load=failing_once(loads))
    gets(cluster, ["user:1"])
    first = stats_of(cluster)
    for node in NODES:
        cluster.mark_down(node)
    cluster.get("user:2")  # a miss, loaded, cached nowhere
    loads.clear()  # the next load raises again
    gets(cluster, ["user:2"])
    got = (first, stats_of(cluster))
    expected = (repr({"hits": 0, "misses": 0}), repr({"hits": 0, "misses": 1}))
    assert got == expected, (
        "V=8, replicas=2, nodes a, b, c: get('user:1') with a load that raises "
        "TimeoutError, stats(); then a, b, c marked down, get('user:2') (loaded), and "
        "get('user:2') again with a load that raises, stats(): a get whose load raises "
        f"counts nothing, so stats() should give {expected[0]}, then {expected[1]}; got "
        f"{got[0]}, then {got[1]}"
    )
    cluster = cluster_of(NODES, 8, 2, load=cancelled)
    try:
        raised = f"gave {shown(cluster.get('user:1'))}"
    except Cancelled:
        raised = "raised Cancelled"
    except Exception as error:
        raised = f"raised {type(error).__name__}"
    got = (raised, stats_of(cluster))
    expected = ("raised Cancelled", repr({"hits": 0, "misses": 0}))
    assert got == expected, (
        "V=8, replicas=2, nodes a, b, c, a load that raises Cancelled, a BaseException that "
        "is no Exception (as asyncio.CancelledError): get('user:1') should raise Cancelled "
        f"and count nothing, stats() {expected[1]}; it {got[0]}, and stats() gave {got[1]}"
    )
    for kind in LOOKALIKES:
        loads = []
        error = kind("no such profile")
        cluster = cluster_of(NODES, 8, 2, load=raising_once(loads, error))
        got = (raised_by(cluster, "user:1", error), stats_of(cluster))
        expected = ("raised that error", repr({"hits": 0, "misses": 0}))
        assert got == expected, (
            f"V=8, replicas=2, nodes a, b, c, a load that raises {kind.__name__} the first "
            "time: get('user:1') should raise that very error and count nothing, stats() "
            f"{expected[1]}; it {got[0]}, and stats() gave {got[1]}"
        )


def test_keys_are_compared_exactly():
    """keys alike but not equal ('user:1' and 'User:1', 'é' written two ways, a trailing
    space) are different keys, each with its own value"""
    keys = ["user:1", "User:1", "user:1 ", "\u00e9", "e\u0301", "k", "k\x00"]
    cluster = cluster_of(["a"], 4, 1)
    got = gets(cluster, keys + keys)
    expected = [shown(f"{key}@{n}") for n, key in enumerate(keys, start=1)] * 2
    assert got == expected, (
        f"V=4, replicas=1, node a alone: get of each of {', '.join(map(shown, keys))}, then "
        f"of each again, should load each key once and give it back its own value "
        f"({', '.join(expected[: len(keys)])}, then the same again); got {', '.join(got)}"
    )


def written(key: str) -> str:
    """A long key as the Python that makes it: 'x' * 250 + 'one'."""
    run = len(key) - len(key.lstrip(key[:1]))
    if run < 20:
        return repr(key)
    return f"{key[0]!r} * {run}" + (f" + {key[run:]!r}" if key[run:] else "")


def test_keys_that_share_a_long_prefix_are_different_keys():
    """keys that share a prefix of 250 or 1,000 characters and differ after it are different
    keys: each is loaded, whole, and gets its own value"""
    keys = [char * length + end for char, length in (("x", 250), ("y", 1000)) for end in ("1", "2")]
    load = Loads()
    cluster = cluster_of(NODES, 8, 2, load=load)
    values = []
    for key in keys + keys:
        try:
            value = cluster.get(key)
        except Exception as error:
            values.append(f"raised {type(error).__name__}")
            continue
        values.append(written(value) if isinstance(value, str) else shown(value))
    got = (values, [written(key) for key in load.keys])
    names = [written(key) for key in keys]
    expected = ([written(f"{key}@{n}") for n, key in enumerate(keys, start=1)] * 2, names)
    assert got == expected, (
        f"V=8, replicas=2, nodes a, b, c, a load that returns key + '@n' for its n-th call: get "
        f"of each of {', '.join(names)}, then of each again, should load each whole key once "
        f"and give it back its own value ({', '.join(expected[0][:4])}, then the same again); "
        f"got {', '.join(got[0])}, with loads of {', '.join(got[1])}"
    )


def test_a_hit_gives_the_very_object_load_gave():
    """a hit gives the very object load gave, not a copy, whatever the object: one that
    cannot be copied or pickled (a threading.Lock, an object of a local class), one equal to
    everything (as unittest.mock.ANY is), one whose == and != raise, one whose repr and truth
    value raise"""

    class Profile:  # local: pickle cannot find it by name
        pass

    class Anything:  # as unittest.mock.ANY: equal to every object, unequal to none
        def __eq__(self, other: object) -> bool:
            return True

        def __ne__(self, other: object) -> bool:
            return False

    class Incomparable:  # a value that cannot be compared: == and != raise
        def __eq__(self, other: object) -> bool:
            raise TypeError("Incomparable cannot be compared")

        __ne__ = __eq__

    class Opaque:  # as a lazy ORM row or a numpy array: repr() and bool() raise
        def __repr__(self) -> str:
            raise RuntimeError("Opaque cannot be shown")

        def __bool__(self) -> bool:
            raise ValueError("the truth value of an Opaque is ambiguous")

    values = {
        "user:dict": {"name": "Ada"},
        "user:lock": threading.Lock(),
        "user:local": Profile(),
        "user:any": Anything(),
        "user:incomparable": Incomparable(),
        "user:opaque": Opaque(),
    }
    kinds = {
        "user:dict": "a dict",
        "user:lock": "a threading.Lock",
        "user:local": "a Profile",
        "user:any": "an Anything (== gives True and != False, whatever the other object)",
        "user:incomparable": "an Incomparable (== and != raise TypeError)",
        "user:opaque": "an Opaque (repr() raises RuntimeError, bool() ValueError)",
    }
    loaded: list[str] = []

    def load(key: str) -> object:
        loaded.append(key)
        return values[key]

    cluster = cluster_of(NODES, 8, 2, load=load)
    given = []
    for key in [key for key in values for _ in range(2)]:
        try:
            value = cluster.get(key)
        except Exception as error:
            given.append(f"{key}: raised {type(error).__name__}")
            continue
        if value is not values[key]:
            given.append(f"{key}: another object, {type(value).__name__}")
    got = (given, loaded, stats_of(cluster))
    count = len(values)
    expected = ([], list(values), repr({"hits": count, "misses": count}))
    assert got == expected, (
        "V=8, replicas=2, nodes a, b, c, a load that gives "
        + ", ".join(f"{kinds[key]} for {key!r}" for key in values)
        + " (the classes defined inside the test): get of each key twice should give the "
        "very object load gave (`is`) both times, load each key once and count "
        f"{count} hits, {count} misses; got {'; '.join(got[0]) or 'that object each time'}, "
        f"loads {got[1]}, stats() {got[2]}"
    )


def test_the_cluster_keeps_its_load_its_hash64_and_the_values_it_caches():
    """the cluster keeps its load, its hash64 and the values it caches: bound methods of
    objects no one else holds still work after gc.collect(), and a value no one else holds
    is a hit at its second get, the very object cached"""
    loaded: list[str] = []

    class Row:  # a value no one but the cluster holds: it says which load made it
        def __init__(self, number: int) -> None:
            self.number = number

    class Database:  # made for the cluster alone: only its bound method is kept
        def fetch(self, key: str) -> Row:
            loaded.append(key)
            return Row(len(loaded))

    class Hasher:
        def position(self, text: str) -> int:
            return sha64(text)

    def said(value: object) -> str:
        return f"the row of load {value.number}" if isinstance(value, Row) else shown(value)

    def step(call: str, make: object) -> str:
        try:
            return f"{call}: {said(make())}"
        except Exception as error:
            return f"{call}: raised {type(error).__name__}"

    from cache import CacheCluster

    cluster = CacheCluster(Database().fetch, 8, 2, Hasher().position)
    gc.collect()  # once: a full collection costs some 0.05 s beside the test modules
    got = [step("add_node('a')", lambda: cluster.add_node("a"))]
    got += [step("add_node('b')", lambda: cluster.add_node("b"))]
    got += [step("owners('user:1')", lambda: cluster.owners("user:1"))]
    # The row the first get gave is dropped with the step's frame: a Row is in no cycle,
    # so nothing but the cluster can keep it from there on.
    got += [step("get('user:1')", lambda: cluster.get("user:1")) for _ in range(2)]
    got += [step("stats()", cluster.stats)]
    owners = model_of(["a", "b"], 8, 2).owners("user:1")
    expected = [
        "add_node('a'): None",
        "add_node('b'): None",
        f"owners('user:1'): {owners!r}",
        "get('user:1'): the row of load 1",
        "get('user:1'): the row of load 1",
        f"stats(): {shown({'hits': 1, 'misses': 1})}",
    ]
    assert got == expected, (
        "V=8, replicas=2, CacheCluster(Database().fetch, 8, 2, Hasher().position): the load "
        "and the hash64 bound methods of objects no one else holds (Hasher.position gives "
        "the SHA-256 position), each load a new Row no one else holds; gc.collect(), "
        "add_node('a'), add_node('b'), owners('user:1'), get('user:1') twice and stats(): "
        "the cluster keeps what it was given and what it caches, "
        f"so they should give {'; '.join(expected)}; got {'; '.join(got)}"
    )


def test_a_down_node_does_not_answer():
    """a node marked down serves nothing it holds, drained when it was marked down or not,
    whatever is done to the other nodes, however many changes: its keys are loaded anew"""
    cluster = cluster_of(["a"], 4, 1)
    got = gets(cluster, ["user:1"])
    cluster.mark_down("a")
    got += gets(cluster, ["user:1"])
    assert got == ["'user:1@1'", "'user:1@2'"], (
        "V=4, replicas=1, node a: get('user:1'), mark_down('a'), get('user:1') should load "
        f"twice and give 'user:1@1', 'user:1@2'; got {', '.join(got)}"
    )
    cluster = cluster_of(["a"], 4, 1)
    got = gets(cluster, ["user:1"])
    cluster.set_weight("a", 0)
    cluster.mark_down("a")
    cluster.set_weight("a", 1)
    got += gets(cluster, ["user:1"])
    assert got == ["'user:1@1'", "'user:1@2'"], (
        "V=4, replicas=1, node a: get('user:1'), set_weight('a', 0), mark_down('a') (a "
        "member, drained, marked down), set_weight('a', 1), get('user:1'): a is still down, "
        f"so the gets should load twice and give 'user:1@1', 'user:1@2'; got {', '.join(got)}"
    )
    # Calls that leave a's health alone, each on another node: a stays down through all.
    key = first_owned_by("a", NODES, KEYS[:60], virtuals=4, replicas=1)[0]
    calls = [("mark_up", "b"), ("remove_node", "c"), ("set_weight", "b", 0)]
    said = []
    for side in (model_of(NODES, 4, 1), cluster_of(NODES, 4, 1)):
        steps = [f"get({key!r}) gave {gets(side, [key])[0]}"]
        side.mark_down("a")
        steps.append(f"mark_down('a'), get gave {gets(side, [key])[0]}")
        for name, *args in calls:
            getattr(side, name)(*args)
            call = f"{name}({', '.join(map(repr, args))})"
            steps.append(f"{call}, get gave {gets(side, [key])[0]}")
        said.append((steps, stats_of(side)))
    (expected, expected_stats), (got, got_stats) = said
    assert (got, got_stats) == (expected, expected_stats), (
        f"V=4, replicas=1, nodes a, b, c, {key!r} owned by a alone: a is marked down, then "
        "b (up) is marked up, c removed and b drained, each followed by a get of the key: a "
        "stays down, so each get should be a miss with a fresh load: "
        f"{'; '.join(expected)}, stats() {expected_stats}; got: {'; '.join(got)}, stats() "
        f"{got_stats}"
    )
    # Node x joins and leaves 100 times while a is down, the key got after each change.
    said = []
    for side in (model_of(NODES, 4, 1), cluster_of(NODES, 4, 1)):
        gets(side, [key])
        side.mark_down("a")
        for changes in range(1, 201):
            (side.add_node if changes % 2 else side.remove_node)("x")
            said.append(gets(side, [key])[0])
    expected, got = said[:200], said[200:]
    wrong = next((n for n, (x, y) in enumerate(zip(got, expected, strict=True)) if x != y), 0)
    assert got == expected, (
        f"V=4, replicas=1, nodes a, b, c, {key!r} owned by a alone: get({key!r}), "
        f"mark_down('a'), then {wrong + 1} changes, add_node('x') and remove_node('x') in "
        f"turn, each followed by a get of the key: a stays down, so the last get should "
        f"give {expected[wrong]}; got {got[wrong]}"
    )


def test_a_miss_is_cached_on_the_first_owner_only():
    """a miss caches the value on the first owner up and nowhere else: with that owner
    down, the next get misses"""
    keys = first_owned_by("a", NODES, KEYS[:60], virtuals=8)
    cluster = cluster_of(NODES, 8, 2)
    gets(cluster, keys)
    cluster.mark_down("a")
    gets(cluster, keys)
    got = stats_of(cluster)
    expected = {"hits": 0, "misses": 2 * len(keys)}
    assert got == repr(expected), (
        f"V=8, replicas=2, nodes a, b, c: the {len(keys)} keys of KEYS[:60] whose first owner "
        "is a got once, a marked down, the keys got again: their values were cached on a "
        f"alone, so stats() should be {expected!r}; got {got}"
    )


def test_a_down_owner_falls_back_to_the_next_owner_up():
    """with its first owner down, a key is loaded and cached on its next owner up, the second
    of three too, and hits there from then on"""
    for nodes, down in ((["a", "b", "c"], "a"), (["n1", "n2", "n3", "n4", "n5", "n6"], "n2")):
        keys = first_owned_by(down, nodes, KEYS[:400], virtuals=16)
        cluster = cluster_of(nodes, 16, 2)
        gets(cluster, keys)
        cluster.mark_down(down)
        gets(cluster, keys)
        before = stats_of(cluster)
        again = gets(cluster, keys)
        got = stats_of(cluster)
        expected = {"hits": len(keys), "misses": 2 * len(keys)}
        assert got == repr(expected), (
            f"V=16, replicas=2, nodes {', '.join(nodes)}: the {len(keys)} keys whose first "
            f"owner is {down} got once, {down} marked down, the keys got twice: the first of "
            "those gets misses and caches each on its second owner, the second hits there, so "
            f"stats() should go from {{'hits': 0, 'misses': {2 * len(keys)}}} to {expected!r}; "
            f"it went from {before} to {got} (values got the last time: {', '.join(again[:3])}"
            " ...)"
        )
    # With three owners, the next owner up is the second, not the last: with the last
    # down afterwards, the keys still hit on the second.
    model = model_of(FOUR, 8, 3)
    keys = [key for key in KEYS[:600] if model.owners(key) == ["a", "b", "d"]]
    cluster = cluster_of(FOUR, 8, 3)
    cluster.mark_down("a")
    first = gets(cluster, keys)  # missed, cached on b
    cluster.mark_down("d")
    again = gets(cluster, keys)
    got = stats_of(cluster)
    expected = {"hits": len(keys), "misses": len(keys)}
    assert got == repr(expected) and again == first, (
        f"V=8, replicas=3, nodes a, b, c, d, a marked down: the {len(keys)} keys of key-0 .. "
        "key-599 whose owners are a, b, d got (each missed and cached on b, its next owner "
        "up), then d marked down and the keys got again: b holds them, so each should be a "
        f"hit with the value it had, and stats() {expected!r}; got {got} (values "
        f"{', '.join(first[:2])} ..., then {', '.join(again[:2])} ...)"
    )


def test_a_node_back_up_is_empty():
    """mark_up of a down node brings it back with nothing cached, drained when it was
    marked up or not"""
    cluster = cluster_of(["a"], 4, 2)
    got = gets(cluster, ["user:1"])
    cluster.mark_down("a")
    cluster.mark_up("a")
    got += gets(cluster, ["user:1", "user:1"])
    assert got == ["'user:1@1'", "'user:1@2'", "'user:1@2'"], (
        "V=4, node a alone: get('user:1'), mark_down('a'), mark_up('a'), get('user:1') twice "
        "should give 'user:1@1', then 'user:1@2' (a came back empty) and 'user:1@2'; got "
        f"{', '.join(got)}"
    )
    cluster = cluster_of(["a"], 4, 2)
    got = gets(cluster, ["user:1"])
    cluster.mark_down("a")
    cluster.set_weight("a", 0)
    cluster.mark_up("a")
    cluster.set_weight("a", 1)
    got += gets(cluster, ["user:1", "user:1"])
    assert got == ["'user:1@1'", "'user:1@2'", "'user:1@2'"], (
        "V=4, node a alone: get('user:1'), mark_down('a'), set_weight('a', 0), mark_up('a') "
        "(a member, drained, marked up), set_weight('a', 1), get('user:1') twice should give "
        "'user:1@1', then 'user:1@2' (a came back empty) and 'user:1@2' (a hit on a, up); got "
        f"{', '.join(got)}"
    )


def restarted(cluster, node: str, times: int = 1) -> None:
    """mark_down(node) and mark_up(node), `times` times over: that many restarts."""
    for _ in range(times):
        cluster.mark_down(node)
        cluster.mark_up(node)


# What leaves b holding a key it no longer owns, and what makes it the key's owner again.
NO_LONGER_OWNED = [
    (
        "set_weight('b', 0)",
        lambda cluster: cluster.set_weight("b", 0),
        "set_weight('b', 1)",
        lambda cluster: cluster.set_weight("b", 1),
    ),
    (
        "add_node('c')",
        lambda cluster: cluster.add_node("c"),
        "remove_node('c')",
        lambda cluster: cluster.remove_node("c"),
    ),
]


@pytest.mark.slow  # 65,792 restarts: a design may rebuild its ring at each one
def test_a_restart_empties_the_nodes_whole_cache_whatever_came_before_it():
    """a restart empties the node's whole cache, whatever came before it: the keys it holds
    but owns no longer (drained, or a node joined in front) are gone too, and so is what it
    held before the 256th or the 65,536th restart in a row"""
    # A key whose owner is b among nodes a and b, and c once c joins (V=4, replicas=1).
    joined = model_of(["a", "b", "c"], 4, 1)
    on_b = first_owned_by("b", ["a", "b"], KEYS, virtuals=4, replicas=1)
    key = next(key for key in on_b if joined.owners(key) == ["c"])
    for change, make, undo, undone in NO_LONGER_OWNED:
        cluster = cluster_of(["a", "b"], 4, 1)
        got = gets(cluster, [key])
        make(cluster)
        restarted(cluster, "b")
        undone(cluster)
        got += gets(cluster, [key])
        expected = [f"'{key}@1'", f"'{key}@2'"]
        assert got == expected, (
            f"V=4, replicas=1, nodes a, b: get({key!r}) (a miss, cached on b, its owner), "
            f"{change} (b holds the key, no longer its owner), mark_down('b') and "
            f"mark_up('b') (b restarts), {undo} (b its owner again), get({key!r}): b came "
            f"back empty, so the gets should give {', '.join(expected)}; got {', '.join(got)}"
        )
    cluster = cluster_of(["a"], 4, 1)
    got = gets(cluster, ["user:1"])
    for times in (256, 65536):
        restarted(cluster, "a", times)
        got += gets(cluster, ["user:1"])
    expected = ["'user:1@1'", "'user:1@2'", "'user:1@3'"]
    assert got == expected, (
        "V=4, replicas=1, node a: get('user:1'), a marked down and up 256 times, "
        "get('user:1'), a marked down and up 65,536 times more, get('user:1'): each get "
        f"follows a restart, so each should miss: {', '.join(expected)}; got {', '.join(got)}"
    )


# V=1, replicas=3: z#0, b#0, a#0 at 100, 200, 300 and the key at 50, so its owners are
# z, b, a in that order, whatever order their ids sort in.
ZBA = {"z#0": 100, "b#0": 200, "a#0": 300, "key": 50}


def test_the_first_owner_up_that_holds_the_key_answers():
    """an owner up that does not hold the key is passed over for a later owner that does,
    the first of them in owner order when several later owners hold it"""
    keys = first_owned_by("a", NODES, KEYS[:60], virtuals=8)
    cluster = cluster_of(NODES, 8, 2)
    first = gets(cluster, keys)  # cached on a
    cluster.mark_down("a")
    second = gets(cluster, keys)  # missed, cached on the second owner
    cluster.mark_up("a")  # back, empty
    third = gets(cluster, keys)
    differ = [n for n, (x, y) in enumerate(zip(third, second, strict=True)) if x != y]
    assert not differ, (
        f"V=8, replicas=2, nodes a, b, c: the {len(keys)} keys whose first owner is a got, a "
        "marked down, the keys got again (loaded anew, cached on their second owner), a "
        "marked up (empty): getting them again should give what their second owner holds; "
        f"{len(differ)} do not, e.g. get({keys[differ[0]]!r}) gave {third[differ[0]]}, where "
        f"the second owner holds {second[differ[0]]} (and a held {first[differ[0]]} before "
        "its outage)"
        if differ
        else ""
    )
    cluster = cluster_of(["z", "b", "a"], 1, 3, table_hash(ZBA))
    cluster.mark_down("z")
    cluster.mark_down("b")
    cached = gets(cluster, ["key"])  # a miss, cached on a
    cluster.set_weight("a", 0)  # a drained, keeping its cache
    cluster.mark_up("b")
    cached += gets(cluster, ["key"])  # a miss, cached on b
    cluster.set_weight("a", 1)
    cluster.mark_up("z")  # back, empty
    got = gets(cluster, ["key"])[0]
    assert got == cached[1], (
        "V=1, replicas=3, tokens z#0, b#0, a#0 at 100, 200, 300, the key at 50 (owners z, "
        "b, a): z and b marked down, get('key') (cached on a), set_weight('a', 0), b marked "
        "up, get('key') (cached on b), set_weight('a', 1), z marked up (empty), get('key'): "
        f"b and a both hold the key, and b, the first of them in owner order, should answer "
        f"with {cached[1]}; got {got} (a holds {cached[0]})"
    )


def led_by(leaders: set[str], nodes, keys: list[str], **options) -> list[str]:
    """The keys whose first len(leaders) owners are `leaders`, in either order, as the
    model says."""
    expected = model_of(nodes, **options)
    return [key for key in keys if set(expected.owners(key)[: len(leaders)]) == leaders]


FOUR = ["a", "b", "c", "d"]


def test_a_miss_is_cached_on_the_first_owner_up_past_several_down():
    """with replicas=3 and a key's first two owners down, a miss is cached on its third
    owner, the first one up, and the next get hits there"""
    keys = led_by({"a", "b"}, FOUR, KEYS[:300], virtuals=8, replicas=3)
    cluster = cluster_of(FOUR, 8, 3)
    cluster.mark_down("a")
    cluster.mark_down("b")
    first = gets(cluster, keys)
    second = gets(cluster, keys)
    got = stats_of(cluster)
    expected = {"hits": len(keys), "misses": len(keys)}
    assert got == repr(expected) and second == first, (
        f"V=8, replicas=3, nodes a, b, c, d, then a and b marked down: the {len(keys)} keys "
        "of key-0 .. key-299 whose first two owners are a and b got twice: the first get "
        "misses and caches each on its third owner, the first one up, and the second hits "
        f"there, so stats() should be {expected!r} and each key give the same value twice; "
        f"got {got} (values {', '.join(first[:2])} ..., then {', '.join(second[:2])} ...)"
    )


def test_the_first_owner_up_that_holds_the_key_answers_the_third_too():
    """every owner up is asked in order, to the last: a key cached on its third owner while
    the first two were down is a hit there once they are back up, empty, or one of them is
    and the other still down"""
    keys = led_by({"a", "b"}, FOUR, KEYS[:300], virtuals=8, replicas=3)
    cluster = cluster_of(FOUR, 8, 3)
    cluster.mark_down("a")
    cluster.mark_down("b")
    first = gets(cluster, keys)  # missed, cached on the third owner
    cluster.mark_up("a")  # back, empty
    cluster.mark_up("b")
    again = gets(cluster, keys)
    got = stats_of(cluster)
    expected = {"hits": len(keys), "misses": len(keys)}
    assert got == repr(expected) and again == first, (
        f"V=8, replicas=3, nodes a, b, c, d: a and b marked down, the {len(keys)} keys of "
        "key-0 .. key-299 whose first two owners are a and b got (each loaded and cached on "
        "its third owner), a and b marked up (empty), the keys got again: their third owner "
        "holds them, so each should be a hit with the value it had, and stats() "
        f"{expected!r}; got {got} (values {', '.join(first[:2])} ..., then "
        f"{', '.join(again[:2])} ...)"
    )
    # Every owner up is asked, past a down one: a back up, empty, b still down, c holds it.
    cluster = cluster_of(FOUR, 8, 3)
    cluster.mark_down("a")
    cluster.mark_down("b")
    first = gets(cluster, keys)  # missed, cached on the third owner
    cluster.mark_up("a")  # back, empty; b still down
    again = gets(cluster, keys)
    got = stats_of(cluster)
    assert got == repr(expected) and again == first, (
        f"V=8, replicas=3, nodes a, b, c, d: a and b marked down, the {len(keys)} keys of "
        "key-0 .. key-299 whose first two owners are a and b got (each loaded and cached on "
        "its third owner), a marked up (empty) with b still down, the keys got again: their "
        "third owner, up, holds them, so each should be a hit with the value it had, and "
        f"stats() {expected!r}; got {got} (values {', '.join(first[:2])} ..., then "
        f"{', '.join(again[:2])} ...)"
    )


def test_a_hit_caches_nothing():
    """a hit copies the value to no other node: a key served by its second owner is on that
    owner alone, so with it down the next get misses"""
    keys = first_owned_by("a", NODES, KEYS[:60], virtuals=8)
    cluster = cluster_of(NODES, 8, 2)
    cluster.mark_down("a")
    gets(cluster, keys)  # missed, cached on the second owner
    cluster.mark_up("a")  # back, empty
    served = gets(cluster, keys)  # hits on the second owner
    cluster.mark_down("b")
    cluster.mark_down("c")
    last = gets(cluster, keys)
    got = stats_of(cluster)
    n = len(keys)
    expected = {"hits": n, "misses": 2 * n}
    assert got == repr(expected) and not set(last) & set(served), (
        f"V=8, replicas=2, nodes a, b, c: a marked down, the {n} keys of key-0 .. key-59 whose "
        "first owner is a got (loaded, cached on their second owner), a marked up (empty), the "
        "keys got again (hits on their second owner), b and c marked down, the keys got once "
        "more: nothing was ever cached on a, so that last get should load each key again "
        f"and stats() be {expected!r}; got {got} (values served by the second owner "
        f"{', '.join(served[:2])} ..., then {', '.join(last[:2])} ...)"
    )


def test_a_node_that_is_no_longer_an_owner_does_not_answer():
    """a node that holds a key but has stopped being one of its owners does not serve it:
    the key's owner misses and loads it again"""
    for change in ("a drained and weighted again", "c joined"):
        cluster, expected = cluster_of(["a", "b"], 8, 1), model_of(["a", "b"], 8, 1)
        if change == "c joined":
            gets(cluster, KEYS[:100])  # each cached on its owner, a or b
            cluster.add_node("c", 3)
            expected.add_node("c", 3)
            keys = [key for key in KEYS[:100] if expected.owners(key) == ["c"]]
            steps = (
                "key-0 .. key-99 got (each cached on its owner), add_node('c', 3), the "
                f"{len(keys)} of those keys that c owns now got again"
            )
        else:
            keys = first_owned_by("a", ["a", "b"], KEYS[:100], virtuals=8, replicas=1)
            cluster.set_weight("a", 0)
            gets(cluster, keys)  # cached on b, their owner while a is drained
            cluster.set_weight("a", 1)
            steps = (
                f"the {len(keys)} keys of key-0 .. key-99 that a owns: set_weight('a', 0), the "
                "keys got (cached on b, their owner then), set_weight('a', 1), the keys got again"
            )
        before = cluster.stats()["misses"]
        last = gets(cluster, keys)
        misses = cluster.stats()["misses"] - before
        assert misses == len(keys), (
            f"V=8, replicas=1, nodes a, b; {steps}: the node that holds them is no owner of "
            "theirs now, and their owner holds nothing, so each of those gets should miss and "
            f"load the key again ({len(keys)} misses); they missed {misses} times (values "
            f"{', '.join(last[:3])} ...)"
        )


# One change of one node each, made after a's keys were cached on a and on their next owner.
CHANGES = {
    "remove_node('a')": lambda cluster: cluster.remove_node("a"),
    "add_node('e')": lambda cluster: cluster.add_node("e"),
    "set_weight('a', 0)": lambda cluster: cluster.set_weight("a", 0),
    "set_weight('b', 3)": lambda cluster: cluster.set_weight("b", 3),
}


def test_a_change_of_one_node_leaves_what_the_other_nodes_hold():
    """remove_node, add_node or set_weight of one node leaves every other node's cache as
    it was: the first owner up that holds a key still answers for it, a hit"""
    four, keys = ["a", "b", "c", "d"], KEYS[:200]
    for change, call in CHANGES.items():
        cluster, expected = cluster_of(four, 8, 2), model_of(four, 8, 2)
        seen = []
        for side in (cluster, expected):
            gets(side, keys)  # each cached on its first owner
            side.set_weight("a", 0)
            gets(side, keys)  # a's keys loaded again, cached on their next owner
            side.set_weight("a", 1)
            gets(side, keys)  # hits: a's keys on a, and on their next owner too
            call(side)
            seen.append((gets(side, keys), stats_of(side)))
        (got, got_stats), (want, want_stats) = seen
        differ = [n for n, (x, y) in enumerate(zip(got, want, strict=True)) if x != y]
        assert not differ, (
            f"V=8, replicas=2, nodes a, b, c, d; key-0 .. key-199 got (each cached on its "
            "first owner), set_weight('a', 0), the keys got again (a's keys cached on their "
            f"next owner), set_weight('a', 1), the keys got again (hits), then {change} and "
            "the keys got once more: every node but the one changed keeps what it holds, so "
            "the first owner up that holds a key should answer it; "
            f"{len(differ)} keys differ, e.g. get({keys[differ[0]]!r}) gave "
            f"{got[differ[0]]}, where {want[differ[0]]} was cached; stats() should be "
            f"{want_stats}, got {got_stats}"
            if differ
            else ""
        )


def test_with_every_owner_down_the_value_is_loaded_and_not_cached():
    """with no owner up, get loads the value every time and caches it nowhere, on no other
    node either"""
    cluster = cluster_of(NODES, 8, 2)
    keys = KEYS[:30]
    owners = {key: cluster.owners(key) for key in keys}
    cluster.mark_down("a")
    cluster.mark_down("b")
    stranded = [key for key in keys if set(owners[key]) == {"a", "b"}]
    got = gets(cluster, stranded * 2)
    cluster.remove_node("a")
    cluster.remove_node("b")
    got += gets(cluster, stranded)
    n = len(stranded)
    expected = [f"'{key}@{i + 1}'" for i, key in enumerate(stranded * 3)]
    assert got == expected and stats_of(cluster) == repr({"hits": 0, "misses": 3 * n}), (
        f"V=8, replicas=2, nodes a, b, c, a and b marked down: the {n} keys owned by a and b "
        "got twice, a and b removed (c owns the keys now), the keys got again: with no owner "
        f"up nothing is cached, so every get should load ({', '.join(expected[:3])} ...) and "
        f"stats() count {3 * n} misses; got {', '.join(got[:3])} ... and {stats_of(cluster)}"
    )


def test_mark_up_of_a_node_that_is_up_keeps_its_cache():
    """mark_up of a node that is up changes nothing: it keeps what it holds"""
    cluster = cluster_of(["a", "b"], 4, 2)
    got = gets(cluster, ["user:1"])
    cluster.mark_up("a")
    cluster.mark_up("b")
    got += gets(cluster, ["user:1"])
    assert got == ["'user:1@1'", "'user:1@1'"], (
        "V=4, nodes a, b, both up: get('user:1'), mark_up('a'), mark_up('b'), get('user:1') "
        f"should give 'user:1@1' twice, a hit; got {', '.join(got)}"
    )


DAY = 24 * 60 * 60


def test_a_node_keeps_what_it_holds_however_much_time_passes():
    """a value cached on a node, None or another, is still a hit a day later: nothing but
    leaving or a restart takes it off"""
    cluster = cluster_of(["a"], 4, 1)
    keys = ["none-1", "user:1"]
    got = gets(cluster, keys)
    # The clocks a day on, still running: time.monotonic, time.time and their _ns twins.
    later = {
        "monotonic": lambda real=time.monotonic: real() + DAY,
        "time": lambda real=time.time: real() + DAY,
        "monotonic_ns": lambda real=time.monotonic_ns: real() + DAY * 10**9,
        "time_ns": lambda real=time.time_ns: real() + DAY * 10**9,
    }
    clocks = [mock.patch.object(time, name, clock) for name, clock in later.items()]
    try:
        for clock in clocks:
            clock.start()
        got += gets(cluster, keys)
    finally:
        for clock in clocks:
            clock.stop()
    expected = ["None", "'user:1@2'"] * 2
    assert got == expected and stats_of(cluster) == repr({"hits": 2, "misses": 2}), (
        "V=4, replicas=1, node a: get('none-1') (load gives None) and get('user:1'), then "
        "the clocks (time.monotonic, time.time) a day on and both got again: a node keeps "
        "what it holds until it leaves or restarts, so the second gets should be hits, "
        f"{', '.join(expected)} and stats() {{'hits': 2, 'misses': 2}}; got "
        f"{', '.join(got)} and stats() {stats_of(cluster)}"
    )


CACHED = 70000


@pytest.mark.slow  # 70,001 gets: 0.24 s of CPU (0.7 s) for the reference under a load of 8
def test_a_node_keeps_what_it_holds_however_many_keys_it_holds():
    """a node keeps every value cached on it, however many: with 70,000 keys cached on one
    node, the first of them is still a hit"""
    cluster = cluster_of(["a"], 1, 1, lambda text: 0, load=str)
    get = cluster.get
    for n in range(CACHED):
        get(f"user:{n:05d}")
    got = (answer(lambda: get("user:00000")), stats_of(cluster))
    expected = ("'user:00000'", repr({"hits": 1, "misses": CACHED}))
    assert got == expected, (
        "V=1, replicas=1, node a alone (every key on it), load=str: get of user:00000 .. "
        "user:69999, 70,000 keys, then get('user:00000') again: a node keeps what it holds "
        "until it leaves or restarts, so that get should hit, 'user:00000' with stats() "
        f"{expected[1]}; got {got[0]} with stats() {got[1]}"
    )


def test_mark_down_twice_is_one_outage():
    """mark_down of a node already down changes nothing, and one mark_up brings it back"""
    cluster = cluster_of(["a"], 4, 1)
    cluster.mark_down("a")
    cluster.mark_down("a")
    cluster.mark_up("a")
    got = gets(cluster, ["user:1", "user:1"])
    assert got == ["'user:1@1'", "'user:1@1'"], (
        "V=4, node a: mark_down('a') twice, mark_up('a'), get('user:1') twice: a is up "
        f"again, so the second get should hit, 'user:1@1' twice; got {', '.join(got)}"
    )


def test_an_empty_cluster_loads_every_time():
    """with no node, or no node with tokens, every get loads and is a miss"""
    for nodes, drained in (([], None), (["a"], "a")):
        cluster = cluster_of(nodes, 4, 2)
        if drained:
            cluster.set_weight(drained, 0)
        got = gets(cluster, ["k", "k"])
        assert got == ["'k@1'", "'k@2'"] and stats_of(cluster) == repr({"hits": 0, "misses": 2}), (
            f"a cluster {'with node a drained to weight 0' if drained else 'with no node'}: "
            "get('k') twice should load twice ('k@1', 'k@2') and count 2 misses; got "
            f"{', '.join(got)} and stats() {stats_of(cluster)}"
        )


def test_stats_is_a_new_dict_each_call():
    """stats() gives a new dict each call: later gets do not change one already given, and
    changing one changes no count, even with no get between it and the next stats(), or
    none yet made on that cluster or any other"""
    cluster = cluster_of(NODES, 8, 2)
    gets(cluster, ["user:1", "user:1"])
    first = cluster.stats()
    gets(cluster, ["user:2"])
    cluster.stats()
    assert first == {"hits": 1, "misses": 1}, (
        "nodes a, b, c, get('user:1') twice, stats() kept, then get('user:2') and stats() "
        f"again: the dict kept should still say {{'hits': 1, 'misses': 1}}; it now says "
        f"{first!r}"
    )
    first["hits"] = 99
    first.clear()
    got = stats_of(cluster)
    assert got == repr({"hits": 1, "misses": 2}), (
        "nodes a, b, c, get('user:1') twice and get('user:2'), then a dict stats() gave "
        f"changed and cleared: a new stats() should be {{'hits': 1, 'misses': 2}}; got {got}"
    )
    given = cluster.stats()
    given["misses"] -= 1
    got = stats_of(cluster)
    assert got == repr({"hits": 1, "misses": 2}), (
        "nodes a, b, c, get('user:1') twice and get('user:2'), then stats() with its "
        "'misses' lowered by one, and stats() again with no get between: it should be "
        f"{{'hits': 1, 'misses': 2}}; got {got}"
    )
    unread = cluster_of(NODES, 8, 2)
    given = unread.stats()
    given["hits"], given["misses"] = 7, 99
    got = (stats_of(unread), stats_of(cluster_of(NODES, 8, 2)))
    assert got == (repr({"hits": 0, "misses": 0}),) * 2, (
        "a new cluster of nodes a, b, c with no get made, its stats() changed to "
        "{'hits': 7, 'misses': 99}: a new stats() of that cluster, and the stats() of "
        "another new cluster, should each be {'hits': 0, 'misses': 0}; got "
        f"{got[0]} and {got[1]}"
    )


class GettingOthers:
    """A load (model.Loads) that, asked for `outer`, first gets each of `inner` through the
    cluster it is given, and notes what each of those gets gave."""

    def __init__(self, outer: str, inner: list[str]) -> None:
        self.outer, self.inner = outer, inner
        self.loads = Loads()
        self.cluster = None
        self.inside: list[str] = []

    def __call__(self, key: str) -> object:
        if key == self.outer and self.cluster is not None:
            self.inside += [
                answer(lambda other=other: self.cluster.get(other)) for other in self.inner
            ]
        return self.loads(key)


def test_a_get_made_inside_a_load_is_a_get_like_any_other():
    """a get made inside another get's load is a get like any other: it is counted, it
    caches on its own key's first owner up, and the outer get then caches its value on
    the outer key's first owner up"""
    import cache

    expected = model_of(NODES, 8, 2)
    outer = KEYS[0]
    # Keys whose owners are not the outer key's: a get that caches the outer value on
    # them has taken the inner get's owners for its own.
    apart = [key for key in KEYS[1:] if expected.owners(key)[0] not in expected.owners(outer)]
    hit, miss = apart[:2]
    seen = []
    with locks_that_never_wait(Path(cache.__file__).resolve().parent):
        for side in (cluster_of, model_of):
            load = GettingOthers(outer, [miss, hit])
            cluster = side(NODES, 8, 2, load=load)
            load.cluster = cluster
            try:
                got = gets(cluster, [hit, outer, outer, miss, hit])
            except Waited:
                got = ["waited"]
            seen.append((got, load.inside, stats_of(cluster), load.loads.keys.count(outer)))
    (got, inside, stats, loads), (want, want_inside, want_stats, _) = seen
    steps = (
        f"V=8, replicas=2, nodes a, b, c, get({hit!r}), then get({outer!r}) with a load that, "
        f"asked for {outer!r}, first calls get({miss!r}) (a miss) and get({hit!r}) (a hit); "
        f"then get of {outer!r}, {miss!r} and {hit!r} again"
    )
    assert got != ["waited"], (
        f"{steps}: the gets made inside the load should return like any other; but one of "
        "them waited for a lock the outer get held, where a lookup takes no lock"
    )
    assert (got, inside, stats) == (want, want_inside, want_stats), (
        f"{steps}: the gets inside the load should give {', '.join(want_inside)}, and the "
        f"five gets {', '.join(want)}, each value cached on its own key's first owner, with "
        f"stats() {want_stats}; got {', '.join(inside)} inside the load (asked for "
        f"{outer!r} {loads} times), then "
        f"{', '.join(got)}, and stats() {stats}"
    )
