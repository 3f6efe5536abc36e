"""Spec tests for rider_pool: the contract in katas/rider_pool/README.md.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each pool comes from the learner's module imported afresh (through `pool()`),
with a seeded rng, so no test depends on state another left behind and every
verdict is the same from run to run. Each test holds one sentence of the
contract and fails for that reason only: where a sentence says that
something changes nothing, the test compares two of the learner's own pools
with equally seeded rngs, one with that something and one without. What a
pick gives is never compared with a fixed rider: only that it is one of the
riders in the pool, and, over a few hundred picks, that each of them comes
up. test_randomness.py holds uniformity and the rng, test_sequences.py all
the sentences at once on generated calls, test_speed.py the costs.

Four tests count on CPython (3.10 to 3.13, the builds with the GIL, each
measured): the three memory tests count blocks with sys.getallocatedblocks(),
where the correct pools known here hold at most 16 blocks more (1 or 2 from 3.11
on) and the wrong ones 2,500 and more, against a limit of 2,000; and the test of
a pool made where a dropped one was counts on a new object taking the memory, and
the id(), of one just freed, which 20 pools did within the first 21 made (of
3,000 allowed). On another implementation they are not known to hold.
"""

from __future__ import annotations

import ast
import gc
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.harness.toolkit.spec import Raised, calls, fresh, play, show

# Picks enough for each of up to 6 riders to come up: one of 6 is missed by 400
# picks with probability (5/6)**400, below 1e-31.
PICKS = 400


def pool(seed: int = 1):
    """A pool of the learner's module, imported afresh, with random.Random(seed)."""
    return fresh("rider_pool").RiderPool(random.Random(seed))


def picked(target, steps: list[tuple], times: int = PICKS) -> list:
    """Make `steps` ((method, *arguments) each) on `target`, then pick `times` times:
    the riders picked, each once and sorted, or what raised (spec.play)."""
    got = play(target, steps, "pick", times)
    if got and isinstance(got[-1], Raised):
        return [got[-1]]
    return sorted(set(got), key=repr)


def added(target, riders) -> None:
    for rider in riders:
        target.add(rider)


def test_a_new_pool_is_empty():
    """a new pool has no rider: len 0, nobody in it, pick() None"""
    riders = pool()
    got = [len(riders), "a" in riders, "" in riders, riders.pick()]
    assert got == [0, False, False, None], (
        "a new pool: len(pool), 'a' in pool, '' in pool and pick() should give 0, False, "
        f"False, None; got {show(got)}"
    )


def test_a_pool_made_where_a_dropped_one_was_is_empty():
    """a new pool is empty, whatever pools came and went before it: pools given a rider
    and dropped, each followed by a new pool, until 20 new pools have had an id() a
    dropped one had (CPython often puts a new object in the memory one just freed)"""
    new = fresh("rider_pool").RiderPool
    seen, reused = set(), 0
    for made in range(3000):
        dropped = new(random.Random(1))
        dropped.add("ghost")
        seen.add(id(dropped))
        del dropped
        target = new(random.Random(2))
        reused += id(target) in seen
        got = [len(target), "ghost" in target, target.pick()]
        assert got == [0, False, None], (
            "a pool given rider 'ghost' and dropped (del), then a new pool: len(pool), "
            f"'ghost' in pool and pick() should give 0, False, None; got {show(got)} "
            f"(on the {made + 1}th try)"
        )
        if reused >= 20:
            break


def test_add_says_whether_the_rider_is_new():
    """add() returns True for a rider not yet in the pool, False for one already in"""
    riders = pool()
    got = [riders.add(rider) for rider in ("a", "b", "a", "c", "b", "b")]
    expected = [True, True, False, True, False, False]
    assert got == expected, (
        "a new pool: add('a'), add('b'), add('a'), add('c'), add('b'), add('b') should give "
        f"{show(expected)}; got {show(got)}"
    )


# What both twins do after the refused calls: new riders take the places of those who
# left, a rider leaves, and the picks show where each one sits.
AFTER = [("add", "n0"), ("add", "n1"), ("remove", "r29"), ("add", "n2")]


def refused_calls_show(refused, what: str) -> str | None:
    """Twin pools with random.Random(5), each given r0 to r29 and then r0 to r(k-1)
    removed, for k from 0 to 29 (the states a pool that tidies up lazily has work pending
    in); the calls `refused(k)` gives on the second only; then 20 picks, len, AFTER and 40
    picks on both. Where the second's first differ, said in words; None where they never do.
    """
    for k in range(30):
        once, again = pool(5), pool(5)
        for target in (once, again):
            added(target, [f"r{n}" for n in range(30)])
            for n in range(k):
                target.remove(f"r{n}")
        steps = refused(k)
        got = [*play(again, steps, "pick", 20), len(again), *play(again, AFTER, "pick", 40)]
        expected = [*play(once, [], "pick", 20), len(once), *play(once, AFTER, "pick", 40)]
        if got != expected:
            removed = {0: "", 1: ", then r0 removed"}.get(k, f", then r0 to r{k - 1} removed")
            return (
                f"two pools with random.Random(5), each given r0 to r29{removed}; then "
                f"{', '.join(f'{method}({rider!r})' for method, rider in steps)} on the "
                f"second ({what}); then 20 picks, len, and add('n0'), add('n1'), "
                f"remove('r29'), add('n2') and 40 picks on both: the first gives "
                f"{show(expected)}; the second should give the same; got {show(got)}"
            )
    return None


@pytest.mark.slow
def test_adding_a_rider_already_in_changes_nothing():
    """adding a rider already in the pool changes nothing: len, in and the picks stay, in
    a new pool as at each point of a run of removals, and so do the calls after it"""
    once, again = pool(5), pool(5)
    added(once, ["a", "b", "c"])
    added(again, ["a", "b", "a", "c", "b", "c", "c"])
    got = [len(again), *calls(again.pick, 40)]
    expected = [len(once), *calls(once.pick, 40)]
    assert got == expected, (
        "two pools with random.Random(5): one given add('a'), add('b'), add('c'), the other "
        "the same with add('a'), add('b'), add('c') and add('c') again between; len and "
        f"40 picks of the first give {show(expected)}; the second should give the same; "
        f"got {show(got)}"
    )
    changed = refused_calls_show(lambda k: [("add", "r29"), ("add", f"r{k}")], "riders already in")
    assert changed is None, changed


def test_remove_says_whether_the_rider_was_there():
    """remove() returns True for a rider in the pool, False for one not in it"""
    riders = pool()
    got = [riders.remove("a"), riders.add("a"), riders.add("b")]
    got += [riders.remove("a"), riders.remove("a"), riders.remove("c"), riders.remove("b")]
    expected = [False, True, True, True, False, False, True]
    assert got == expected, (
        "a new pool: remove('a'), add('a'), add('b'), remove('a'), remove('a'), "
        f"remove('c'), remove('b') should give {show(expected)}; got {show(got)}"
    )


@pytest.mark.slow
def test_removing_a_rider_not_in_the_pool_changes_nothing():
    """removing a rider not in the pool changes nothing: len, in and the picks stay, in a
    new pool as at each point of a run of removals, and so do the calls after it"""
    untouched, tried = pool(5), pool(5)
    added(untouched, ["a", "b", "c"])
    added(tried, ["a", "b", "c"])
    for rider in ("z", "A", "", "c "):
        tried.remove(rider)
    got = [len(tried), *calls(tried.pick, 40)]
    expected = [len(untouched), *calls(untouched.pick, 40)]
    assert got == expected, (
        "two pools with random.Random(5), each given add('a'), add('b'), add('c'); then "
        "remove('z'), remove('A'), remove('') and remove('c ') on the second: len and 40 "
        f"picks of the first give {show(expected)}; the second should give the same; "
        f"got {show(got)}"
    )
    changed = refused_calls_show(
        lambda k: [("remove", "ghost"), ("remove", f"r{k - 1}" if k else "r30")],
        "riders not in",
    )
    assert changed is None, changed


def test_a_removed_rider_is_no_longer_in_the_pool():
    """after remove(), the rider is not in the pool and len is one less, wherever it sat"""
    for size in range(1, 5):
        riders = [f"r{n}" for n in range(size)]
        for gone in riders:
            target = pool()
            added(target, riders)
            target.remove(gone)
            got = (gone in target, len(target))
            assert got == (False, size - 1), (
                f"riders {show(riders)} added in that order, then remove({gone!r}): "
                f"{gone!r} in pool and len(pool) should give False, {size - 1}; "
                f"got {show(got)}"
            )


def test_removing_the_only_rider_empties_the_pool():
    """a pool whose one rider is removed is empty, and takes that rider back"""
    target = pool()
    target.add("a")
    target.remove("a")
    got = ["a" in target, len(target), target.pick(), target.add("a"), "a" in target]
    expected = [False, 0, None, True, True]
    assert got == expected, (
        "add('a'), remove('a'); then 'a' in pool, len(pool), pick(), add('a'), 'a' in pool "
        f"should give {show(expected)}; got {show(got)}"
    )


def test_removals_in_any_order_leave_exactly_the_others():
    """after removals in any order (a rider moved by one removal removed by the next),
    the pool holds exactly the riders left: len, in and the picks agree"""
    start = ["a", "b", "c", "d", "e"]
    scenarios = [
        [("remove", "a"), ("add", "f"), ("add", "g"), ("remove", "e")],
        [("remove", "b"), ("remove", "e"), ("remove", "d")],
        [("remove", "a"), ("remove", "e"), ("add", "a"), ("remove", "d"), ("remove", "a")],
        [("remove", "c"), ("add", "f"), ("remove", "e"), ("remove", "f"), ("add", "e")],
    ]
    asked = ["a", "b", "c", "d", "e", "f", "g"]
    for steps in scenarios:
        left = dict.fromkeys(start)
        for method, rider in steps:
            if method == "add":
                left[rider] = None
            else:
                left.pop(rider, None)
        target = pool()
        added(target, start)
        got = picked(target, steps)
        if not (got and isinstance(got[0], Raised)):
            strangers = [rider for rider in got if rider not in left]
            got = [len(target), *(rider in target for rider in asked), strangers]
        expected = [len(left), *(rider in left for rider in asked), []]
        written = ", ".join(f"{method}({rider!r})" for method, rider in steps)
        assert got == expected, (
            f"riders 'a' to 'e' added, then {written}: len(pool), 'a' to 'g' in pool, and "
            f"the riders {PICKS} picks give that are not in the pool, should be "
            f"{show(expected)}; got {show(got)}"
        )


def test_pick_leaves_the_rider_in_the_pool():
    """pick() leaves the rider it gives in the pool"""
    target = pool()
    added(target, ["a", "b", "c"])
    given = calls(target.pick, 10)
    got = [len(target), "a" in target, "b" in target, "c" in target]
    assert got == [3, True, True, True], (
        f"riders a, b, c, then 10 picks (they gave {show(given)}): len(pool) and 'a', 'b', "
        f"'c' in pool should give 3, True, True, True; got {show(got)}"
    )


def test_pick_on_an_empty_pool_gives_none():
    """pick() returns None when the pool is empty, new or emptied"""
    target = pool()
    got = [target.pick()]
    added(target, ["a", "b"])
    target.remove("a")
    target.remove("b")
    got.append(target.pick())
    assert got == [None, None], (
        "a new pool, pick(); then add('a'), add('b'), remove('a'), remove('b'), pick(): "
        f"the two picks should give None, None; got {show(got)}"
    )


def test_every_rider_can_be_picked():
    """every rider in the pool, wherever it sits, comes up in a few hundred picks"""
    for size in range(1, 7):
        riders = [f"r{n}" for n in range(size)]
        got = picked(pool(size), [("add", rider) for rider in riders])
        assert got == riders, (
            f"riders {show(riders)}: {PICKS} picks should give each of them at least once; "
            f"they gave {show(got)}"
        )


def test_a_removed_rider_is_never_picked():
    """pick() never gives a rider that was removed"""
    target = pool()
    steps = [("add", f"r{n}") for n in range(8)]
    steps += [("remove", "r0"), ("add", "r8"), ("add", "r9"), ("remove", "r7"), ("remove", "r3")]
    gone = ("r0", "r7", "r3")
    got = [rider for rider in picked(target, steps) if isinstance(rider, Raised) or rider in gone]
    written = ", ".join(f"{method}({rider!r})" for method, rider in steps[8:])
    assert not got, (
        f"riders r0 to r7 added, then {written}: {PICKS} picks should never give a "
        f"removed rider; they gave {show(got)}"
    )


def test_a_rider_can_come_back():
    """a rider removed can be added again, and is then in the pool as before"""
    target = pool()
    added(target, ["a", "b"])
    got = []
    for _ in range(5):
        got += [target.remove("a"), target.add("a")]
    strangers = [rider for rider in picked(target, []) if rider not in ("a", "b")]
    got += [len(target), "a" in target, strangers]
    expected = [True, True] * 5 + [2, True, []]
    assert got == expected, (
        "riders a and b, then remove('a'), add('a') five times; then len(pool), 'a' in "
        f"pool and the riders other than a and b that {PICKS} picks give should be "
        f"{show(expected)}; got {show(got)}"
    )


def test_riders_added_after_most_left_are_picked_with_those_left():
    """after most riders left, riders added come up with those left, and every rider in
    the pool is in it: in pools of 20, 100 and 1,000, three quarters removed from the
    front, from the back or every other one, then five new riders"""
    for size in (20, 100, 1000):
        for order, gone in (
            ("from the front", range(size * 3 // 4)),
            ("from the back", range(size - 1, size // 4 - 1, -1)),
            ("every other one, then more", [*range(0, size, 2), *range(1, size // 2, 2)]),
        ):
            target = pool(7)
            added(target, [f"r{n}" for n in range(size)])
            for n in gone:
                target.remove(f"r{n}")
            added(target, [f"new{n}" for n in range(5)])
            left = sorted({f"r{n}" for n in range(size)} - {f"r{n}" for n in gone})
            riders = sorted([*left, *(f"new{n}" for n in range(5))], key=repr)
            got = [len(target), [r for r in riders if r not in target]]
            got.append(picked(target, [], times=40 * len(riders) + 400))
            expected = [len(riders), [], riders]
            assert got == expected, (
                f"r0 to r{size - 1} added, {len(gone)} of them removed {order}, then new0 to "
                "new4 added: len, the riders left that `in` misses, and the riders picked "
                f"should be {show(expected)}; got {show(got)}"
            )


def test_len_counts_the_riders_in_the_pool():
    """len(pool) is the number of riders in the pool, after every add and remove"""
    target = pool()
    steps = [("add", "a"), ("add", "b"), ("add", "a"), ("remove", "c"), ("add", "c")]
    steps += [("remove", "a"), ("remove", "a"), ("add", "d"), ("remove", "d"), ("add", "a")]
    got, expected = [], [1, 2, 2, 2, 3, 2, 2, 3, 2, 3]
    for method, rider in steps:
        getattr(target, method)(rider)
        got.append(len(target))
    written = ", ".join(f"{method}({rider!r})" for method, rider in steps)
    assert got == expected, (
        f"a new pool, then {written}: len(pool) after each should give {show(expected)}; "
        f"got {show(got)}"
    )


def test_in_says_whether_the_rider_is_in_the_pool():
    """rider_id in pool is True for the riders in the pool, False for all others"""
    target = pool()
    added(target, ["a", "b", "c"])
    target.remove("b")
    asked = ["a", "b", "c", "d", "", "ab"]
    got = [rider in target for rider in asked]
    expected = [True, False, True, False, False, False]
    assert got == expected, (
        f"add('a'), add('b'), add('c'), remove('b'); then {show(asked)} in pool should "
        f"give {show(expected)}; got {show(got)}"
    )


# Ids that differ only in case, whitespace, Unicode form (é composed and not, a
# full-width A), a line end, or that are empty or a prefix of another.
AWKWARD = ["a", "A", "a ", " a", "", "a\n", "é", "e\u0301", "\uff21", "r1", "r10"]
# Long ids that differ only at their end; ids a normalising key would merge.
AWKWARD += ["x" * 300 + "a", "x" * 300 + "b", "7", "007", "ann", "ann#2", "rider:ann"]
AWKWARD += ["y" * 70_000 + "a", "y" * 70_000 + "b"]  # past any column width
# Ids of 300,001 characters that differ only in the middle: a pool that keys long ids by
# their first and last characters, or by the first 100,000, takes one for the other.
AWKWARD += ["z" * 150_000 + "a" + "z" * 150_000, "z" * 150_000 + "b" + "z" * 150_000]
AWKWARD += ["ann\u200b", "É", "ß", "ss"]
# é escaped as a store would escape it (backslashes, an XML reference, a URL): a pool
# that keeps ids in an escaped form takes each for é.
AWKWARD += ["\\xe9", "&#233;", "\\u00e9", "%C3%A9"]
# Pairs of ids with the same CRC-32, then pairs with the same FNV-1a (32 bits): a pool
# that keys its riders by a 32-bit checksum takes the second of a pair for the first.
AWKWARD += ["plumless", "buckeroo", "codding", "gnu", "costarring", "liquid"]
AWKWARD += ["declinate", "macallums"]
# Letters outside Latin-1 (a pool that keeps ids in a legacy charset makes each a '?'),
# an emoji, and ids read from a CSV export: a leading byte-order mark, a no-break space.
AWKWARD += ["李", "王", "?", "\U0001f600", "\ufeffann", "\u00a0a"]
AWKWARD += ["\\u674e", "a\r\n"]  # 李 as Python escapes it; a Windows line end
# Spaces run together, a tab, a full-width digit: a pool that tidies ids merges each pair.
AWKWARD += ["a b", "a  b", "a\tb", "\uff17"]


def test_ids_are_compared_exactly():
    """ids that differ only in case, whitespace or Unicode form, the empty id, long ids
    that differ only at their end or in their middle, ids of the same 32-bit checksum,
    é and its escaped forms, and letters outside Latin-1 are different riders"""
    target = pool()
    got = [target.add(rider) for rider in AWKWARD] + [len(target)]
    for rider in AWKWARD[1::2]:
        target.remove(rider)
    got += [rider in target for rider in AWKWARD] + [len(target)]
    left = AWKWARD[::2]
    got.append([rider for rider in picked(target, []) if rider not in left])
    expected = [True] * len(AWKWARD) + [len(AWKWARD)]
    expected += [rider in left for rider in AWKWARD] + [len(left), []]
    assert got == expected, (
        f"the riders {show(AWKWARD)} added, then every other one removed from the second "
        "on: the adds, len, each id in pool, len and the riders picked that are not in the "
        f"pool should be {show(expected)}; got {show(got)}"
    )


def test_pools_are_independent():
    """two pools at once: calls on one never change the other"""
    new = fresh("rider_pool").RiderPool  # one class for both: state kept in it would show
    first, second = new(random.Random(1)), new(random.Random(1))
    added(first, ["a", "b", "c"])
    first.remove("a")
    got = [len(second), "b" in second, second.pick(), second.add("b"), second.remove("c")]
    expected = [0, False, None, True, False]
    assert got == expected, (
        "two pools; add('a'), add('b'), add('c'), remove('a') on the first: then len, "
        "'b' in pool, pick(), add('b') and remove('c') on the second should give "
        f"{show(expected)}; got {show(got)}"
    )


def test_thirty_pools_at_once_are_independent():
    """pools are independent, however many: 30 pools at once, each given the riders '0'
    to '99' and losing every third, each hold exactly their own

    The ids are short numbers, so that a pool keyed into a table shared by all
    pools as its own number followed by the rider ('1' and '23', '12' and '3')
    would mix up pools 1 and 12.
    """
    new = fresh("rider_pool").RiderPool
    pools = [new(random.Random(k)) for k in range(30)]
    riders = [str(n) for n in range(100)]
    kept = [rider for n, rider in enumerate(riders) if n % 3]
    adds = [sum(target.add(rider) for rider in riders) for target in pools]
    removals = [sum(target.remove(rider) for rider in riders[::3]) for target in pools]
    got = [
        (adds[k], removals[k], len(target), sum(rider in target for rider in kept))
        for k, target in enumerate(pools)
    ]
    expected = [(100, 34, 66, 66)] * 30
    wrong = [k for k in range(30) if got[k] != expected[k]]
    assert got == expected, (
        "30 pools made at once, RiderPool(random.Random(k)) for k = 0 to 29; each given "
        "the riders '0' to '99' (all 100 adds True), then '0', '3', '6', ... '99' removed "
        "from each (34 removals True): each should hold 66 riders; pools "
        + ", ".join(
            f"{k} (adds True, removals True, len and riders in: {show(got[k])})" for k in wrong[:3]
        )
        + " did not"
    )


def literals_of(module) -> list[str]:
    """Every string written in the source of `module`, shortest first (docstrings too)."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    found = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    return sorted(found, key=lambda text: (len(text), text))


def utf8(text: str) -> bool:
    """Whether UTF-8 can write `text` (it cannot write a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def kept_besides(target, riders: set[str]) -> set[str]:
    """The strings `target` keeps in its attributes (and in the lists, tuples, sets and
    dicts they hold) that are not among `riders`."""
    found: set[str] = set()
    seen: set[int] = set()
    values = [getattr(target, "__dict__", {})]
    values += [getattr(target, name, None) for name in getattr(type(target), "__slots__", ())]
    while values:
        value = values.pop()
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, (list, tuple, set, frozenset, dict)) and id(value) not in seen:
            seen.add(id(value))
            values += [*value.keys(), *value.values()] if isinstance(value, dict) else value
    return found - riders


def test_strings_the_pools_own_code_uses_are_riders_like_any_other():
    """ids are compared exactly, whatever they are: each string written in rider_pool.py,
    or kept by a pool besides its riders (a marker for a freed slot, a default name, a
    docstring), is a rider like any other, alone in a pool and among others

    A pool that marks freed slots with a string of its own ('__removed__', or
    '\\x00' * 2 made at run time) takes a rider of that id for a hole: never
    picked, or picked forever. The strings a pool keeps are looked for in its
    attributes after riders a to j were added and a, c, e removed.
    """
    module = fresh("rider_pool")
    probe = module.RiderPool(random.Random(1))
    added(probe, "abcdefghij")
    for rider in "ace":
        probe.remove(rider)
    kept = sorted(kept_besides(probe, set("abcdefghij")), key=lambda text: (len(text), text))
    # Strings UTF-8 cannot write (a lone surrogate in a docstring) are left out: what a
    # pool does with such an id is not part of the contract.
    texts = [text for text in {*literals_of(module)[:200], *kept[:100], "x"} if utf8(text)]
    texts.sort(key=lambda text: (len(text), text))
    alone = []
    for text in texts:
        target = module.RiderPool(random.Random(1))
        steps = [target.add(text), len(target), text in target, target.pick()]
        steps += [target.remove(text), target.pick(), len(target)]
        if steps != [True, 1, True, text, True, None, 0]:
            alone.append((text, steps))
    together = module.RiderPool(random.Random(2))
    added(together, texts)
    seen = picked(together, [], times=40 * len(texts) + 400)
    missing = [text for text in texts if text not in seen]
    assert not alone and not missing, (
        f"{len(texts)} ids, each a string written in rider_pool.py or kept by a pool "
        f"({show(texts[:4])}, ...): "
        + (
            f"alone in a pool, add, len, `in`, pick, remove, pick and len on "
            f"{show(alone[0][0])} should give [True, 1, True, {show(alone[0][0])}, True, "
            f"None, 0]; got {show(alone[0][1])}"
            if alone
            else f"all in one pool, every one should be picked; {show(missing[:3])} never was"
        )
    )


@pytest.mark.slow
def test_a_pool_made_after_a_large_one_emptied_shares_nothing_with_it():
    """pools are independent, after any history: a pool that held 100,000 riders and lost
    them all shares nothing with a pool made after it"""
    new = fresh("rider_pool").RiderPool
    old = new(random.Random(1))
    riders = [f"r{n}" for n in range(100_000)]
    added(old, riders)
    for rider in riders:
        old.remove(rider)
    young = new(random.Random(2))
    added(young, ["a", "b"])
    old.add("c")
    got = [len(young), "c" in young, picked(young, []), len(old), "a" in old, picked(old, [])]
    expected = [2, False, ["a", "b"], 1, False, ["c"]]
    assert got == expected, (
        "a pool given riders r0 to r99999, then all removed; a new pool made with riders "
        "a and b, then c added to the first: len, 'c' in, the riders picked of the new "
        "pool and len, 'a' in, the riders picked of the first should be "
        f"{show(expected)}; got {show(got)}"
    )


def blocks_kept(run: Callable[[], object]) -> int:
    """How many more memory blocks (sys.getallocatedblocks()) are allocated once `run()`
    has returned than before it, with a garbage collection either side: what `run`'s
    calls left kept, its own locals gone."""
    gc.collect()
    before = sys.getallocatedblocks()
    run()
    gc.collect()
    return sys.getallocatedblocks() - before


def test_a_pool_does_not_grow_with_the_riders_who_left():
    """the pool's memory grows with the riders in it, not with all who ever came: while
    one rider stays, 5,000 come and go together and 10,000 more one by one, each added
    twice, and the pool holds no more than before

    Memory is counted as Python counts it, in blocks (sys.getallocatedblocks()):
    each id, key or marker a pool keeps is a block or more, so a pool that keeps
    a tombstone for each rider who left, or a count of the adds it refused,
    holds 10,000 blocks more; the correct pools known here hold at most 4. The
    rider who stays keeps the pool from emptying: a pool that forgets the
    riders who left only once it is empty still grows all day.
    """
    target = pool()
    target.add("x")  # structures a pool makes on first use are not riders who left
    target.add("x")
    target.pick()
    target.remove("x")
    target.add("stays")

    def come_and_go() -> None:
        crowd = [f"crowd-{n}" for n in range(5_000)]
        added(target, crowd)
        for _ in range(1_000):
            target.pick()
        for rider in crowd:
            target.remove(rider)
        for n in range(10_000):
            target.add(f"rider-{n}")
            target.add(f"rider-{n}")
            target.pick()
            target.remove(f"rider-{n}")

    held = blocks_kept(come_and_go)
    assert held < 2_000, (
        "RiderPool(random.Random(1)) with rider 'stays'; crowd-0 to crowd-4999 added, "
        "1,000 picks, all removed; then rider-0 to rider-9999 each added twice, picked "
        "and removed: the pool should not grow with them (fewer than 2,000 memory blocks "
        "more than before, as sys.getallocatedblocks() counts them); got "
        f"{held:,} blocks more: a pool that keeps something for each rider who left "
        "grows all day"
    )


def test_a_pool_does_not_grow_with_the_ids_it_is_asked_about():
    """the pool's memory grows with the riders in it: 10,000 ids that were never in the
    pool, each looked up with `in` and removed (refused), leave it no larger

    Counted in blocks, as above: a pool whose index makes an entry for each id
    it looks up (a defaultdict read with [], say) or counts the removals it
    refused holds 10,000 blocks more; the correct pools known here, none.
    """
    target = pool()
    target.add("stays")

    def ask(absent: str) -> tuple[bool, bool]:
        return absent in target, target.remove(absent)

    ask("x")  # structures a pool makes on first use are not ids asked about
    held = blocks_kept(lambda: [ask(f"nobody-{n}") for n in range(10_000)])
    assert held < 2_000, (
        "RiderPool(random.Random(1)) with rider 'stays'; then for each of nobody-0 to "
        "nobody-9999, `id in pool` and remove(id), both with an id never in the pool: "
        "the pool should not grow (fewer than 2,000 memory blocks more than before, as "
        f"sys.getallocatedblocks() counts them); got {held:,} blocks more: a pool that "
        "keeps something for each id it is asked about grows with every lookup"
    )


def test_a_dropped_pool_gives_back_its_memory():
    """the pool's memory grows with the riders in it: 20 pools of 1,000 riders, each
    dropped when the next is made, leave nothing behind

    Counted in blocks, as above: a module that keeps every pool it made (a list
    of them for a dashboard, say) holds the 20,000 riders of the dropped ones;
    the correct pools known here hold none.
    """
    new = fresh("rider_pool").RiderPool
    added(new(random.Random(0)), ["x"])  # what the module makes on first use

    def fill_and_drop() -> None:
        for k in range(20):
            added(new(random.Random(k)), [f"p{k}-{n}" for n in range(1_000)])

    held = blocks_kept(fill_and_drop)
    assert held < 2_000, (
        "20 pools, RiderPool(random.Random(k)) for k = 0 to 19, each given riders "
        "p<k>-0 to p<k>-999 and dropped: nothing of them should stay (fewer than 2,000 "
        f"memory blocks more than before, as sys.getallocatedblocks() counts them); got "
        f"{held:,} blocks more: something keeps the pools, and their riders, alive"
    )


def test_pools_that_each_lose_most_of_their_riders_share_nothing():
    """pools are independent, however they shrink: two pools of 4,000 riders each, 3,000
    removed from one, then from the other, then from both in turn, still hold exactly
    their own riders"""
    new = fresh("rider_pool").RiderPool
    first, second = new(random.Random(1)), new(random.Random(2))
    # Each pool with its riders, in a list: a pool need not be hashable.
    ours = [
        (target, [f"{name}{n}" for n in range(4000)])
        for target, name in ((first, "a"), (second, "b"))
    ]
    for target, riders in ours:
        added(target, riders)
    for target, riders in ours:  # one after the other
        for rider in riders[:3000]:
            target.remove(rider)
    for n in range(3000, 3500):  # in turn
        for target, riders in ours:
            target.remove(riders[n])
    got, expected = [], []
    for target, riders in ours:
        picks = {target.pick() for _ in range(20_000)}
        got += [len(target), sum(r in target for r in riders), sorted(picks - set(riders[3500:]))]
        expected += [500, 500, []]
    assert got == expected, (
        "two pools, riders a0 to a3999 in the first and b0 to b3999 in the second; a0 to "
        "a2999 removed, then b0 to b2999, then a3000, b3000, ... a3499, b3499 in turn: "
        "len, how many of its riders are in, and the riders 20,000 picks gave that are not "
        f"its own should be, for each pool, {show(expected)}; got {show(got)}"
    )


def test_a_pick_from_one_pool_does_not_steer_a_removal_from_another():
    """pools are independent: after one pool picks a rider, removing a rider of the same
    id from another pool removes that rider, wherever it sits there"""
    new = fresh("rider_pool").RiderPool
    first, second = new(random.Random(3)), new(random.Random(4))
    added(first, ["x", "a", "b"])
    for _ in range(1000):  # a pick that never gives x is another test's to refuse
        if first.pick() == "x":
            break
    added(second, ["a", "x", "b"])
    got = [second.remove("x"), len(second), "x" in second, picked(second, [])]
    expected = [True, 2, False, ["a", "b"]]
    assert got == expected, (
        "two pools: riders x, a, b in the first, and pick() until it gives 'x'; riders a, "
        "x, b in the second, then remove('x') on it: that removal, len, 'x' in and the "
        f"riders picked of the second pool should be {show(expected)}; got {show(got)}"
    )


def test_the_worked_example():
    """the README's example: add, remove, len, in and a pick among the riders left"""
    riders = pool(7)
    steps = [
        ("add('ann')", lambda: riders.add("ann"), True),
        ("add('bob')", lambda: riders.add("bob"), True),
        ("add('ann')", lambda: riders.add("ann"), False),
        ("add('cid')", lambda: riders.add("cid"), True),
        ("remove('ann')", lambda: riders.remove("ann"), True),
        ("remove('ann')", lambda: riders.remove("ann"), False),
        ("len(pool)", lambda: len(riders), 2),
        ("'ann' in pool", lambda: "ann" in riders, False),
        ("pick() in ('bob', 'cid')", lambda: riders.pick() in ("bob", "cid"), True),
        ("remove('bob')", lambda: riders.remove("bob"), True),
        ("remove('cid')", lambda: riders.remove("cid"), True),
        ("pick()", riders.pick, None),
        ("len(pool)", lambda: len(riders), 0),
        ("add('bob')", lambda: riders.add("bob"), True),
    ]
    for done, (written, call, expected) in enumerate(steps):
        got = call()
        before = ", ".join(step[0] for step in steps[:done]) or "nothing"
        assert got == expected and type(got) is type(expected), (
            f"RiderPool(random.Random(7)), then {before}: {written} should give "
            f"{expected!r}; got {got!r}"
        )
