"""Spec tests for round_robin: the contract in katas/round_robin/README.md.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each test imports the learner's module afresh (through `dispatcher()`), so no
test depends on state another test left behind.
"""

import pytest


def dispatcher(workers: list[str]):
    from round_robin import RoundRobinWorkers

    return RoundRobinWorkers(workers)


def assigned(rr, calls: int) -> list:
    return [rr.assign() for _ in range(calls)]


def show(values: list) -> str:
    return ", ".join(str(value) for value in values)


def test_rotation_continues_between_calls():
    """assign() rotates through the workers and wraps after the last one"""
    rr = dispatcher(["A", "B", "C"])
    got = assigned(rr, 7)
    expected = ["A", "B", "C", "A", "B", "C", "A"]
    assert got == expected, (
        f"workers A, B, C, all available: 7 assign() calls should give "
        f"{show(expected)}; got {show(got)}"
    )


def test_every_worker_starts_available():
    """every worker is available from the start"""
    rr = dispatcher(["X", "Y"])
    got = assigned(rr, 2)
    assert got == ["X", "Y"], (
        f"workers X, Y, never marked: 2 assign() calls should give X, Y; got {show(got)}"
    )


def test_unavailable_worker_is_skipped():
    """an unavailable worker is skipped (walkthrough: A, C, A)"""
    rr = dispatcher(["A", "B", "C"])
    rr.set_available("B", False)
    got = assigned(rr, 3)
    assert got == ["A", "C", "A"], (
        f"workers A, B, C with B unavailable: 3 assign() calls should give A, C, A; got {show(got)}"
    )


def test_recovered_worker_is_next_from_the_cursor():
    """a worker made available again is assigned when the cursor reaches it"""
    rr = dispatcher(["A", "B", "C"])
    rr.set_available("B", False)
    assigned(rr, 3)
    rr.set_available("B", True)
    got = rr.assign()
    assert got == "B", (
        "workers A, B, C with B unavailable gave A, C, A; B is then made available "
        f"again: the next assign() should give B; got {got}"
    )


def test_wraps_past_an_unavailable_first_worker():
    """the search wraps past the last worker and skips an unavailable first one"""
    rr = dispatcher(["A", "B", "C"])
    assigned(rr, 3)
    rr.set_available("A", False)
    got = rr.assign()
    assert got == "B", (
        "workers A, B, C gave A, B, C; A is then made unavailable: the next "
        f"assign() should wrap around to B; got {got}"
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
        f"again): 4 assign() calls should give A, A, A, A; got {show(got)}"
    )


def test_nobody_available_gives_none():
    """assign() returns None when no worker is available"""
    rr = dispatcher(["A", "B", "C"])
    for worker in ("A", "B", "C"):
        rr.set_available(worker, False)
    got = rr.assign()
    assert got is None, f"workers A, B, C all unavailable: assign() should return None; got {got}"


def test_cursor_stays_when_nobody_is_available():
    """when nobody is available the cursor stays where it was"""
    rr = dispatcher(["A", "B", "C"])
    first = rr.assign()
    for worker in ("A", "B", "C"):
        rr.set_available(worker, False)
    none = rr.assign()
    for worker in ("A", "B", "C"):
        rr.set_available(worker, True)
    got = rr.assign()
    assert [first, none, got] == ["A", None, "B"], (
        "workers A, B, C: assign() gives A; all are then made unavailable and "
        "assign() gives None; all are made available again: the calls should give "
        f"A, None, B; got {show([first, none, got])}"
    )


def test_empty_worker_list_gives_none():
    """an empty worker list is allowed and assign() returns None"""
    rr = dispatcher([])
    got = assigned(rr, 2)
    assert got == [None, None], (
        f"no workers: 2 assign() calls should give None, None; got {show(got)}"
    )


def test_duplicate_ids_are_refused():
    """duplicate worker ids raise ValueError"""
    try:
        dispatcher(["A", "B", "A"])
    except ValueError:
        return
    pytest.fail("RoundRobinWorkers(['A', 'B', 'A']) should raise ValueError; it did not")


def test_unknown_worker_is_refused():
    """set_available() on an unknown worker raises KeyError"""
    rr = dispatcher(["A", "B"])
    try:
        rr.set_available("Z", False)
    except KeyError:
        return
    pytest.fail("set_available('Z', False) on workers A, B should raise KeyError; it did not")
