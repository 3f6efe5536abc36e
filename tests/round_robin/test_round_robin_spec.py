"""Spec tests for round_robin: the contract in katas/round_robin/README.md.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each test imports the learner's module afresh (through `dispatcher()`), so no
test depends on state another test left behind. Each holds one sentence of
the contract and fails for that reason only: where a sentence says that
something changes nothing, the test compares two of the learner's own
dispatchers, one with that something and one without, so that a bug in the
rotation itself fails the rotation tests, not this one. test_sequences.py
holds all the sentences at once on generated calls.
"""

import contextlib

import pytest

from tests.harness.toolkit import rotation
from tests.harness.toolkit.spec import calls, refuses, show


def dispatcher(workers: list[str]):
    from round_robin import RoundRobinWorkers

    return RoundRobinWorkers(workers)


def assigned(rr, times: int) -> list:
    return calls(rr.assign, times)


def test_rotation_continues_between_calls():
    """assign() rotates through the workers and wraps after the last one"""
    rr = dispatcher(["A", "B", "C"])
    got = assigned(rr, 7)
    expected = ["A", "B", "C", "A", "B", "C", "A"]
    assert got == expected, (
        f"workers A, B, C, all available: 7 assign() calls should give "
        f"{show(expected)}; got {show(got)}"
    )


def test_first_call_gives_the_first_worker_of_the_list():
    """the workers keep the order of the list: the first assign() gives the first one"""
    for workers in (["C", "A", "B"], ["b", "a"], ["B", "A", "C"], ["zz", "a1", "A"]):
        got = dispatcher(workers).assign()
        assert got == workers[0], (
            f"workers {show(workers)} (in that order): the first assign() should give "
            f"{workers[0]!r}; got {got!r}"
        )


def test_every_worker_starts_available():
    """every worker is available from the start, without ever being marked available"""
    rotation.starts_available(dispatcher)


def first_calls(before: list[str], expected: list[str]) -> str:
    """What the first calls gave, as it was: the test holds only the call after them."""
    said = f"{len(before)} assign() calls gave {show(before)}"
    if before == expected:
        return said
    return f"{said} (the contract says {show(expected)}; this test holds only the next call)"


def test_recovered_worker_is_next_from_the_cursor():
    """a worker made available again is assigned when the cursor reaches it"""
    rr = dispatcher(["A", "B", "C"])
    rr.set_available("B", False)
    before = assigned(rr, 3)
    rr.set_available("B", True)
    got = rr.assign()
    assert got == "B", (
        f"workers A, B, C with B unavailable: {first_calls(before, ['A', 'C', 'A'])}; B is "
        f"then made available again: the next assign() should give 'B'; got {got!r}"
    )


def test_wraps_past_an_unavailable_first_worker():
    """the search wraps past the last worker and skips an unavailable first one"""
    rr = dispatcher(["A", "B", "C"])
    before = assigned(rr, 3)
    rr.set_available("A", False)
    got = rr.assign()
    assert got == "B", (
        f"workers A, B, C: {first_calls(before, ['A', 'B', 'C'])}; A is then made "
        f"unavailable: the next assign() should wrap around to 'B'; got {got!r}"
    )


def test_the_one_available_worker_is_found_from_any_cursor():
    """the one available worker is found however many unavailable ones lie before it"""
    ids = ["A", "B", "C", "D", "E", "F"]
    for start in range(len(ids)):
        for target in ids:
            rr = dispatcher(ids)
            assigned(rr, start)  # the cursor now points at ids[start]
            for worker in ids:
                if worker != target:
                    rr.set_available(worker, False)
            got = rr.assign()
            assert got == target, (
                f"workers A to F, {start} assign() calls made (the cursor at "
                f"{ids[start]!r}), then every worker but {target!r} made unavailable: "
                f"assign() should give {target!r}; got {got!r}"
            )


def test_one_available_worker_is_always_chosen():
    """with one available and one unavailable worker, every call returns the available one"""
    rr = dispatcher(["A", "B"])
    rr.set_available("A", False)
    rr.set_available("B", False)
    rr.set_available("A", True)
    got = assigned(rr, 4)
    assert got == ["A"] * 4, (
        "workers A, B with only A available (made unavailable, then available "
        f"again): 4 assign() calls should give 'A', 'A', 'A', 'A'; got {show(got)}"
    )


def test_set_available_sets_rather_than_toggles():
    """setting an availability a worker already has changes nothing"""
    rotation.sets_rather_than_toggles(dispatcher)


def test_nobody_available_gives_none():
    """assign() returns None when no worker is available"""
    rotation.nobody_available_gives_none(dispatcher)


def test_cursor_stays_when_nobody_is_available():
    """when nobody is available the cursor stays where it was"""
    rotation.cursor_stays_when_nobody_is_available(dispatcher)


def test_empty_worker_list_gives_none():
    """an empty worker list is allowed and assign() returns None"""
    rotation.empty_rotation_gives_none(dispatcher)


def test_duplicate_ids_are_refused_wherever_they_are():
    """a list holding the same id twice, anywhere in it, raises ValueError"""
    for workers in (["A", "A"], ["A", "B", "A"], ["B", "A", "C", "A"], ["A", "B", "C", "B"]):
        refuses(ValueError, f"RoundRobinWorkers({workers!r})", lambda w=workers: dispatcher(w))


def test_ids_are_compared_exactly():
    """ids that differ only in case, whitespace, Unicode form or past their 40th
    character, and the empty id, are different workers"""
    awkward = ["a", "A", "a ", " a", "", "a\n", "a\r\n", "\uff21", "é", "e\u0301", "w"]
    awkward += ["x" * 40 + "1", "x" * 40 + "2"]
    plain = [f"w{n}" for n in range(len(awkward))]
    # A, a<space>, a<newline>, full-width A, e + accent, the second long id
    down = (1, 2, 5, 7, 9, 12)
    got, expected = [], []
    for ids, results in ((awkward, got), (plain, expected)):
        rr = dispatcher(ids)
        for index in down:
            rr.set_available(ids[index], False)
        number = {worker: n for n, worker in enumerate(ids)}
        results += [number.get(worker, worker) for worker in assigned(rr, 8)]
    assert got == expected, (
        f"workers {show(plain)} with numbers {', '.join(map(str, down))} unavailable give "
        f"workers number {show(expected)} over 8 assign() calls; workers {show(awkward)} "
        f"with the same numbers unavailable should give the same numbers; got {show(got)}"
    )


def test_unknown_worker_is_refused():
    """set_available() on an unknown worker raises KeyError, whatever the availability"""
    for available in (False, True):
        rr = dispatcher(["A", "B"])
        scenario = f"on workers A, B, set_available('Z', {available})"
        refuses(
            KeyError, scenario, lambda rr=rr, available=available: rr.set_available("Z", available)
        )


def test_a_refused_call_changes_nothing():
    """after a refused set_available() the dispatcher goes on as if it had not been called"""
    refused, untouched = dispatcher(["A", "B", "C"]), dispatcher(["A", "B", "C"])
    got, expected = [refused.assign()], [untouched.assign()]
    for worker, available in (("Z", True), ("a", False), ("", True)):
        with contextlib.suppress(KeyError):
            refused.set_available(worker, available)
    got += assigned(refused, 3)
    expected += assigned(untouched, 3)
    assert got == expected, (
        f"workers A, B, C give {show(expected)} over 4 assign() calls; with "
        "set_available('Z', True), set_available('a', False) and set_available('', True) "
        f"refused after the first call they should give the same; got {show(got)}"
    )


def test_the_callers_list_is_copied():
    """changing the list after handing it over changes nothing"""
    workers = ["A", "B"]
    changed = dispatcher(workers)
    workers.append("C")
    workers.reverse()
    got, expected = assigned(changed, 3), assigned(dispatcher(["A", "B"]), 3)
    assert got == expected, (
        f"RoundRobinWorkers(['A', 'B']) gives {show(expected)} over 3 assign() calls; "
        "RoundRobinWorkers(workers) with workers = ['A', 'B'], followed by "
        f"workers.append('C') and workers.reverse(), should give the same; got {show(got)}"
    )


def test_dispatchers_are_independent():
    """two dispatchers at once: calls on one never change what the other does"""
    alone = {}
    for name, workers in (("first", ["A", "B", "C"]), ("second", ["B", "A"])):
        rr = dispatcher(workers)
        rr.set_available(workers[0], False)
        alone[name] = assigned(rr, 3)
    first, second = dispatcher(["A", "B", "C"]), dispatcher(["B", "A"])
    first.set_available("A", False)
    second.set_available("B", False)
    together = {"first": [], "second": []}
    for name, rr in (("first", first), ("second", second)) * 3:
        together[name].append(rr.assign())
    assert together == alone, (
        "first = workers A, B, C with A unavailable, second = workers B, A with B "
        f"unavailable: on their own, 3 assign() calls give {show(alone['first'])} and "
        f"{show(alone['second'])}; with the calls taking turns they should give the same; "
        f"got {show(together['first'])} and {show(together['second'])}"
    )


def test_the_walkthrough():
    """the README's walkthrough: B unavailable gives A, C, A; B back gives B"""
    rr = dispatcher(["A", "B", "C"])
    rr.set_available("B", False)
    got = assigned(rr, 3)
    rr.set_available("B", True)
    got.append(rr.assign())
    assert got == ["A", "C", "A", "B"], (
        "workers A, B, C; B made unavailable, 3 assign() calls, B made available again, "
        f"one more assign(): the calls should give 'A', 'C', 'A', 'B'; got {show(got)}"
    )


BIG = [f"w{n}" for n in range(5000)]


@pytest.mark.slow
def test_assign_takes_linear_time():
    """each assign() takes O(n) time at worst

    5,000 workers, all unavailable but the last, and 10 assign() calls, each
    looking at every worker. Measured on a 2-core machine: 10 ms for the
    reference, 0.2 s for a dispatcher whose set_available() looks the id up in
    the list (O(n), which the contract allows); rebuilding the list of
    available workers at each step of the search takes 12 s, six times the
    limit.
    """
    rr = dispatcher(BIG)
    for worker in BIG[:-1]:
        rr.set_available(worker, False)
    got = assigned(rr, 10)
    last = BIG[-1]
    assert got == [last] * 10, (
        f"5,000 workers, only the last, {last}, available: 10 assign() calls should give "
        f"{last!r} each time; {got.count(last)} did"
    )
