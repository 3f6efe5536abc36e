"""Spec tests for dynamic_round_robin: the contract in katas/dynamic_round_robin/README.md.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each dispatcher comes from the learner's module imported afresh, and from a
copy of the list it is given (through `dispatcher()`): no test depends on
state another test or another dispatcher left behind, and a scenario is
always described from lists the learner's code never held. State shared
between dispatchers fails test_dispatchers_are_independent alone, and a
caller's list changed fails the tests about the caller's list alone. Each
test holds one sentence of the contract and fails for that reason only:
where a sentence says that something changes nothing, the test compares two
of the learner's own dispatchers, one with that something and one without,
so that a bug in the rotation itself fails the rotation tests, not this one.
A worker added with add_worker() can only be assigned if it starts
available, so every test that assigns an added worker also fails while new
workers do not. test_sequences.py holds all the sentences at once on
generated calls; test_speed.py the costs.
"""

from tests.harness.toolkit import rotation, spec
from tests.harness.toolkit.spec import Raised, Said, attempt, fresh, refuses, show


def dispatcher(workers: list[str]):
    """A dispatcher of a copy of `workers`, from the learner's module imported afresh."""
    return fresh_class()(list(workers))


def fresh_class():
    """DynamicRoundRobin from the learner's module imported anew: a class of its own."""
    return fresh("dynamic_round_robin").DynamicRoundRobin


def assigned(rr, times: int) -> list:
    return spec.calls(rr.assign, times)


def play(rr, steps: list[tuple], assigns: int, name=repr) -> list:
    """Make `steps` ((method, *arguments) each) on `rr`, then `assigns` assign() calls:
    what the assign() calls gave, or what raised (spec.play)."""
    return spec.play(rr, steps, "assign", assigns, name)


# -- the rotation --


def test_rotation_follows_the_list_and_wraps():
    """assign() hands out the workers in the order of the list and wraps after the last"""
    rr = dispatcher(["A", "B", "C"])
    got = assigned(rr, 7)
    expected = ["A", "B", "C", "A", "B", "C", "A"]
    assert got == expected, (
        f"workers A, B, C, all available: 7 assign() calls should give {show(expected)}; "
        f"got {show(got)}"
    )


def test_first_call_gives_the_first_worker_of_the_list():
    """at the start the cursor names the first worker of the list, whatever its order"""
    for workers in (["C", "A", "B"], ["b", "a"], ["B", "A", "C"], ["zz", "a1", "A"]):
        got = dispatcher(workers).assign()  # of a copy: `workers` stays as written here
        assert got == workers[0], (
            f"workers {show(workers)} (in that order): the first assign() should give "
            f"{workers[0]!r}; got {got!r}"
        )


def test_every_worker_starts_available():
    """every worker of the list is available from the start, without being marked so"""
    rotation.starts_available(dispatcher)


def test_unavailable_workers_are_skipped():
    """assign() skips unavailable workers, and the cursor names the worker after the one
    it returns"""
    rr = dispatcher(["A", "B", "C", "D"])
    rr.set_available("B", False)
    rr.set_available("C", False)
    got = assigned(rr, 4)
    expected = ["A", "D", "A", "D"]
    assert got == expected, (
        "workers A, B, C, D with B and C unavailable: 4 assign() calls should give "
        f"{show(expected)}; got {show(got)}"
    )


def test_a_worker_made_available_again_gets_its_turn():
    """a worker made available again is assigned when the cursor reaches it"""
    rr = dispatcher(["A", "B", "C"])
    rr.set_available("B", False)
    before = assigned(rr, 3)
    rr.set_available("B", True)
    got = rr.assign()
    assert got == "B", (
        f"workers A, B, C with B unavailable: 3 assign() calls gave {show(before)} (the "
        "contract says 'A', 'C', 'A'); B is then made available again: the next assign() "
        f"should give 'B'; got {got!r}"
    )


def test_the_one_available_worker_is_found_from_any_cursor():
    """the search wraps round and finds the one available worker wherever the cursor is"""
    ids = ["A", "B", "C", "D", "E"]
    for start in range(len(ids)):
        for target in ids:
            rr = dispatcher(ids)
            before = assigned(rr, start)  # the cursor now names ids[start]
            for worker in ids:
                if worker != target:
                    rr.set_available(worker, False)
            got = rr.assign()
            assert got == target, (
                f"workers A to E, {start} assign() calls made (they gave {show(before)}; the "
                f"cursor then names {ids[start]!r}), then every worker but {target!r} made "
                f"unavailable: assign() should give {target!r}; got {got!r}"
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


def test_empty_rotation_gives_none():
    """an empty worker list is allowed, and assign() on it returns None"""
    rotation.empty_rotation_gives_none(dispatcher)


# -- add_worker --


def test_a_new_worker_joins_at_the_end():
    """add_worker() appends the worker to the end of the rotation"""
    rr = dispatcher(["A", "B", "C"])
    rr.add_worker("D")
    rr.add_worker("0")
    got = assigned(rr, 6)
    expected = ["A", "B", "C", "D", "0", "A"]
    assert got == expected, (
        "workers A, B, C, then add_worker('D') and add_worker('0'): 6 assign() calls should "
        f"give {show(expected)}; got {show(got)}"
    )


def test_a_new_worker_starts_available():
    """a worker added with add_worker() is available without being marked so"""
    rr = dispatcher(["A", "B"])
    rr.set_available("A", False)
    rr.set_available("B", False)
    rr.add_worker("C")
    got = assigned(rr, 2)
    assert got == ["C", "C"], (
        "workers A, B, both made unavailable, then add_worker('C'): 2 assign() calls should "
        f"give 'C', 'C'; got {show(got)}"
    )


def test_adding_does_not_move_the_cursor():
    """add_worker() leaves the cursor on the worker it named"""
    rr = dispatcher(["A", "B", "C"])
    before = rr.assign()
    rr.add_worker("D")
    got = rr.assign()
    assert got == "B", (
        f"workers A, B, C: one assign() gave {before!r} (the contract says 'A'; the cursor "
        f"then names B), then add_worker('D'): the next assign() should give 'B'; got {got!r}"
    )


def test_adding_after_a_wrap_leaves_the_cursor_on_the_first_worker():
    """once the last worker is assigned the cursor names the first, and a worker added
    then waits for its turn"""
    rr = dispatcher(["A", "B", "C"])
    before = assigned(rr, 3)
    rr.add_worker("D")
    got = rr.assign()
    assert got == "A", (
        f"workers A, B, C: 3 assign() calls gave {show(before)} (the contract says 'A', 'B', "
        "'C'; the cursor then names A, the worker after C), then add_worker('D'): the next "
        f"assign() should give 'A', not the new worker; got {got!r}"
    )


def test_adding_to_an_empty_rotation_names_the_new_worker():
    """on an empty rotation, the cursor names the first worker added"""
    for workers in ([], ["A"]):
        rr = dispatcher(workers)
        steps = []
        for worker in workers:
            rr.remove_worker(worker)
            steps.append(f"remove_worker({worker!r})")
        for worker in ("P", "Q"):
            rr.add_worker(worker)
            steps.append(f"add_worker({worker!r})")
        got = assigned(rr, 3)
        assert got == ["P", "Q", "P"], (
            f"workers {show(workers) or 'none'}, then {', '.join(steps)}: 3 assign() calls "
            f"should give 'P', 'Q', 'P'; got {show(got)}"
        )


def test_add_refuses_a_worker_of_the_list():
    """add_worker() of an id already in the rotation raises ValueError"""
    for worker in ("A", "B", "C"):
        rr = dispatcher(["A", "B", "C"])
        refuses(
            ValueError,
            f"on workers A, B, C, add_worker({worker!r})",
            lambda rr=rr, worker=worker: rr.add_worker(worker),
        )


def test_add_refuses_a_worker_it_added():
    """add_worker() of an id added before, and still there, raises ValueError"""
    rr = dispatcher(["A"])
    rr.add_worker("N")
    refuses(
        ValueError,
        "on workers A, after add_worker('N'), add_worker('N') again",
        lambda: rr.add_worker("N"),
    )


def test_a_refused_add_changes_nothing():
    """after a refused add_worker() the dispatcher goes on as if it had not been called"""
    refused, untouched = dispatcher(["A", "B", "C"]), dispatcher(["A", "B", "C"])
    got, expected = [refused.assign()], [untouched.assign()]
    for worker in ("B", "A", "C"):
        attempt(lambda worker=worker: refused.add_worker(worker))
    got += play(refused, [], 4)
    expected += play(untouched, [], 4)
    assert got == expected, (
        f"workers A, B, C give {show(expected)} over 5 assign() calls; with add_worker('B'), "
        "add_worker('A') and add_worker('C') refused after the first call, they should give "
        f"the same; got {show(got)}"
    )


# -- remove_worker --


def test_a_removed_worker_leaves_the_rotation():
    """remove_worker() takes the worker out of the rotation, wherever it is"""
    rr = dispatcher(["A", "B", "C", "D", "E"])
    rr.remove_worker("D")
    rr.remove_worker("B")
    got = assigned(rr, 4)
    expected = ["A", "C", "E", "A"]
    assert got == expected, (
        "workers A, B, C, D, E, then remove_worker('D') and remove_worker('B'): 4 assign() "
        f"calls should give {show(expected)}; got {show(got)}"
    )


def test_removing_a_worker_before_the_cursor_keeps_the_cursor():
    """removing a worker before the cursor leaves the cursor on the worker it named"""
    rr = dispatcher(["A", "B", "C", "D"])
    before = assigned(rr, 2)
    rr.remove_worker("A")
    got = assigned(rr, 3)
    expected = ["C", "D", "B"]
    assert got == expected, (
        f"workers A, B, C, D: 2 assign() calls gave {show(before)} (the contract says 'A', "
        "'B'; the cursor then names C), then remove_worker('A'): 3 assign() calls should "
        f"give {show(expected)}, starting with C; got {show(got)}"
    )


def test_removing_a_worker_after_the_cursor_keeps_the_cursor():
    """removing a worker after the cursor leaves the cursor on the worker it named"""
    rr = dispatcher(["A", "B", "C", "D"])
    before = rr.assign()
    rr.remove_worker("C")
    got = assigned(rr, 3)
    expected = ["B", "D", "A"]
    assert got == expected, (
        f"workers A, B, C, D: one assign() gave {before!r} (the contract says 'A'; the cursor "
        f"then names B), then remove_worker('C'): 3 assign() calls should give {show(expected)}; "
        f"got {show(got)}"
    )


def test_removing_the_worker_the_cursor_names_moves_it_to_the_next():
    """removing the worker the cursor names moves the cursor to the worker after it"""
    rr = dispatcher(["A", "B", "C", "D"])
    before = rr.assign()
    rr.remove_worker("B")
    got = assigned(rr, 3)
    expected = ["C", "D", "A"]
    assert got == expected, (
        f"workers A, B, C, D: one assign() gave {before!r} (the contract says 'A'; the cursor "
        f"then names B), then remove_worker('B'): 3 assign() calls should give {show(expected)}, "
        f"starting with C, the worker after B; got {show(got)}"
    )


def test_removing_the_last_worker_while_the_cursor_names_it_wraps():
    """removing the last worker of the rotation while the cursor names it moves the cursor
    to the first worker"""
    rr = dispatcher(["A", "B", "C"])
    before = assigned(rr, 2)
    rr.remove_worker("C")
    got = assigned(rr, 3)
    expected = ["A", "B", "A"]
    assert got == expected, (
        f"workers A, B, C: 2 assign() calls gave {show(before)} (the contract says 'A', 'B'; "
        "the cursor then names C, the last worker), then remove_worker('C'): 3 assign() calls "
        f"should give {show(expected)}, wrapping to the first; got {show(got)}"
    )


def test_remove_refuses_an_unknown_worker():
    """remove_worker() of an id that was never a worker raises KeyError"""
    for worker in ("Z", "a", "", "A "):
        rr = dispatcher(["A", "B"])
        refuses(
            KeyError,
            f"on workers A, B, remove_worker({worker!r})",
            lambda rr=rr, worker=worker: rr.remove_worker(worker),
        )


def test_removing_a_worker_twice_raises_key_error():
    """a removed worker is unknown: removing it again raises KeyError"""
    rr = dispatcher(["A", "B"])
    rr.remove_worker("A")
    refuses(
        KeyError,
        "on workers A, B, after remove_worker('A'), remove_worker('A') again",
        lambda: rr.remove_worker("A"),
    )


def test_set_available_refuses_a_removed_worker():
    """a removed worker is unknown: set_available() on it raises KeyError"""
    for available in (True, False):
        rr = dispatcher(["A", "B"])
        rr.remove_worker("A")
        refuses(
            KeyError,
            f"on workers A, B, after remove_worker('A'), set_available('A', {available})",
            lambda rr=rr, available=available: rr.set_available("A", available),
        )


def test_a_refused_remove_changes_nothing():
    """after a refused remove_worker() the dispatcher goes on as if it had not been called,
    and the refused id can still be added"""
    refused, untouched = dispatcher(["A", "B", "C"]), dispatcher(["A", "B", "C"])
    got, expected = [refused.assign()], [untouched.assign()]
    for worker in ("Z", "a", ""):
        attempt(lambda worker=worker: refused.remove_worker(worker))
    got += play(refused, [("add_worker", "Z")], 4)
    expected += play(untouched, [("add_worker", "Z")], 4)
    assert got == expected, (
        f"workers A, B, C: one assign(), add_worker('Z') and 4 assign() calls give "
        f"{show(expected)}; with remove_worker('Z'), remove_worker('a') and remove_worker('') "
        f"refused after the first call, they should give the same; got {show(got)}"
    )


def test_a_removed_worker_can_be_added_again():
    """a removed worker can be added again, and joins at the end of the rotation"""
    rr = dispatcher(["A", "B", "C"])
    rr.remove_worker("A")
    rr.add_worker("A")
    got = assigned(rr, 4)
    expected = ["B", "C", "A", "B"]
    assert got == expected, (
        "workers A, B, C, then remove_worker('A') and add_worker('A'): 4 assign() calls "
        f"should give {show(expected)}; got {show(got)}"
    )


def test_a_worker_added_again_is_available():
    """a worker removed while unavailable and added again is available"""
    rr = dispatcher(["A", "B"])
    rr.set_available("A", False)
    rr.set_available("B", False)
    rr.remove_worker("A")
    rr.add_worker("A")
    got = assigned(rr, 2)
    assert got == ["A", "A"], (
        "workers A, B, both made unavailable, then remove_worker('A') and add_worker('A'): "
        f"2 assign() calls should give 'A', 'A'; got {show(got)}"
    )


# -- set_available --


def test_set_available_refuses_an_unknown_worker():
    """set_available() of an id that was never a worker raises KeyError"""
    for available in (False, True):
        rr = dispatcher(["A", "B"])
        refuses(
            KeyError,
            f"on workers A, B, set_available('Z', {available})",
            lambda rr=rr, available=available: rr.set_available("Z", available),
        )


def test_a_refused_set_available_changes_nothing():
    """after a refused set_available() the dispatcher goes on as if it had not been called,
    and the refused ids can still be added"""
    refused, untouched = dispatcher(["A", "B", "C"]), dispatcher(["A", "B", "C"])
    got, expected = [refused.assign()], [untouched.assign()]
    for worker, available in (("Z", True), ("a", False), ("", True)):
        attempt(lambda worker=worker, available=available: refused.set_available(worker, available))
    adds = [("add_worker", "Z"), ("add_worker", "a"), ("add_worker", "")]
    got += play(refused, adds, 4)
    expected += play(untouched, adds, 4)
    assert got == expected, (
        "workers A, B, C: one assign(), then add_worker('Z'), add_worker('a'), add_worker('') "
        f"and 4 assign() calls give {show(expected)}; with set_available('Z', True), "
        "set_available('a', False) and set_available('', True) refused after the first call, "
        f"they should give the same; got {show(got)}"
    )


# -- ids, the caller's list, independence --


def test_duplicate_ids_are_refused_wherever_they_are():
    """a list holding the same id twice, anywhere in it, raises ValueError"""
    for workers in (["A", "A"], ["A", "B", "A"], ["B", "A", "C", "A"], ["A", "B", "C", "B"]):
        refuses(ValueError, f"DynamicRoundRobin({workers!r})", lambda w=workers: dispatcher(w))


def test_ids_are_compared_exactly():
    """ids that differ only in case, whitespace, Unicode form or past their 40th
    character, and the empty id, are different workers, in the list and in every call"""
    awkward = ["a", "A", "a ", " a", "", "a\n", "\uff21", "é", "e\u0301"]
    awkward += ["x" * 40 + "1", "x" * 40 + "2"]
    plain = [f"w{n}" for n in range(len(awkward))]

    def numbered(ids: list[str]) -> list[str]:
        """What the calls give with `ids` as workers number 0 to 10, ids written as numbers."""
        number = {worker: f"number {n}" for n, worker in enumerate(ids)}

        def name(value: object) -> str:
            return number[value] if isinstance(value, str) and value in number else repr(value)

        steps = [
            ("set_available", ids[1], False),
            *(("add_worker", worker) for worker in ids[5:]),
            ("set_available", ids[5], False),
            ("remove_worker", ids[2]),
            ("set_available", ids[7], False),
            ("set_available", ids[10], False),
            ("remove_worker", ids[0]),
            ("add_worker", ids[0]),
        ]
        happened = play(dispatcher(ids[:5]), steps, 7, name)
        return [value.text if isinstance(value, Raised) else name(value) for value in happened]

    got, expected = numbered(awkward), numbered(plain)
    assert got == expected, (
        "workers number 0 to 4; 1 made unavailable; 5 to 10 added; 5 made unavailable; "
        "2 removed; 7 and 10 made unavailable; 0 removed and added again; then 7 assign() calls: "
        f"with the ids {show(plain)} as numbers 0 to 10 they give {', '.join(expected)}; with "
        f"the ids {show(awkward)} they should give the same; got {', '.join(got)}"
    )


def copy_of(text: str) -> str:
    """A string equal to `text` but built at run time: another object than `text`."""
    return "".join(list(text))  # two characters or more: a new string


# The calls of test_ids_are_compared_by_value, on workers number 0, 1 and 2: (method,
# number of the worker, other arguments); the third is refused (number 0 is there).
BY_VALUE = [
    ("set_available", 1, False),
    ("add_worker", 3),
    ("add_worker", 0),
    ("remove_worker", 0),
    ("set_available", 3, False),
    ("set_available", 1, True),
    ("remove_worker", 2),
    ("add_worker", 0),
]


def test_ids_are_compared_by_value():
    """an id equal to a worker's but built at run time (another string object) names that
    worker in every call, the constructor's duplicate check included"""
    ids = ["worker-1", "worker-2", "worker-3", "worker-4"]

    def run(given) -> list:
        """What each call gives (None, or what it raised), every id passed as `given` makes it."""
        happened: list = []
        cls = fresh_class()
        try:
            cls([given(ids[0]), given(ids[1]), given(ids[0])])
            happened.append(Said("DynamicRoundRobin(['worker-1', 'worker-2', 'worker-1']) worked"))
        except Exception as error:
            happened.append(
                Raised("DynamicRoundRobin(['worker-1', 'worker-2', 'worker-1'])", error)
            )
        try:
            rr = cls([given(worker) for worker in ids[:3]])
        except Exception as error:
            return [
                *happened,
                Raised("DynamicRoundRobin(['worker-1', 'worker-2', 'worker-3'])", error),
            ]
        for method, number, *arguments in BY_VALUE:
            call = f"{method}({', '.join(repr(a) for a in (ids[number], *arguments))})"
            try:
                getattr(rr, method)(given(ids[number]), *arguments)
                happened.append(None)
            except Exception as error:
                happened.append(Raised(call, error))
        happened += play(rr, [], 4)
        return happened

    expected = run(lambda worker: worker)
    got = run(copy_of)
    calls = ", ".join(
        f"{m}({', '.join(repr(a) for a in (ids[n], *rest))})" for m, n, *rest in BY_VALUE
    )
    assert got == expected, (
        "DynamicRoundRobin(['worker-1', 'worker-2', 'worker-1']); then workers 'worker-1', "
        f"'worker-2', 'worker-3', the calls {calls}, and 4 assign() calls: with every id passed as "
        f"the very string object of the test's list they give {show(expected)}; with every "
        "id an equal string built at run time (''.join(list('worker-1')), another object "
        f"each time), they should give the same; got {show(got)}"
    )


def test_the_callers_list_is_copied():
    """changing the list after handing it over changes nothing"""
    workers = ["A", "B"]
    changed = fresh_class()(workers)  # the caller's own list, not a copy
    workers.append("C")
    workers.reverse()
    got = assigned(changed, 3)
    expected = ["A", "B", "A"]
    assert got == expected, (
        "DynamicRoundRobin(workers) with workers = ['A', 'B'], followed by workers.append('C') "
        f"and workers.reverse(): 3 assign() calls should give {show(expected)}; got {show(got)}"
    )


def test_the_callers_list_is_left_alone():
    """nothing the dispatcher does (creating it, refusing to, adding and removing workers)
    changes the list the caller handed over"""
    cls = fresh_class()
    # Lists out of order, so that sorting them changes them; each scenario is written
    # from the list as it was made, before the learner's code saw it.
    workers = ["C", "A", "D", "B"]
    rr = cls(workers)
    # Whatever these calls do or raise, other tests judge; this one reads the list after them.
    attempt(lambda: rr.add_worker("E"))
    attempt(lambda: rr.remove_worker("A"))
    assert workers == ["C", "A", "D", "B"], (
        "DynamicRoundRobin(workers) with workers = ['C', 'A', 'D', 'B'], then add_worker('E') "
        "and remove_worker('A'): the caller's list should still be ['C', 'A', 'D', 'B']; it is "
        f"{workers!r}"
    )
    refused = ["C", "A", "C", "B"]
    attempt(lambda: cls(refused))
    assert refused == ["C", "A", "C", "B"], (
        "DynamicRoundRobin(workers) with workers = ['C', 'A', 'C', 'B'] (refused: C is there "
        "twice): the caller's list should still be ['C', 'A', 'C', 'B']; it is "
        f"{refused!r}"
    )


def written(workers: list[str], steps: list[tuple]) -> str:
    """A dispatcher's scenario in words: its list, then its calls."""
    calls = ", ".join(f"{m}({', '.join(repr(a) for a in arguments)})" for m, *arguments in steps)
    return f"{f'workers {show(workers)}' if workers else 'no workers'}, then {calls}"


# Pairs of dispatchers made at once, and the calls each gets: from different lists,
# from equal lists (state cached per list shows), from empty lists (state kept for an
# empty list shows).
INDEPENDENT = [
    (
        (
            ["A", "B", "C"],
            [("remove_worker", "A"), ("add_worker", "X"), ("set_available", "B", False)],
        ),
        (["B", "A"], [("set_available", "B", False), ("add_worker", "C"), ("remove_worker", "A")]),
    ),
    (
        (
            ["A", "B", "C"],
            [("set_available", "A", False), ("remove_worker", "B"), ("add_worker", "X")],
        ),
        (
            ["A", "B", "C"],
            [("add_worker", "Y"), ("set_available", "C", False), ("remove_worker", "A")],
        ),
    ),
    (
        ([], [("add_worker", "P"), ("add_worker", "Q"), ("set_available", "P", False)]),
        ([], [("add_worker", "Q"), ("add_worker", "R"), ("remove_worker", "Q")]),
    ),
]


def test_dispatchers_are_independent():
    """two dispatchers at once, of different lists, equal lists or empty lists: calls on one
    never change what the other does"""
    for pair in INDEPENDENT:
        workers = [list(w) for w, _ in pair]  # copies: each scenario is written from these
        steps = [s for _, s in pair]
        # Each alone, from the module imported afresh: nothing another dispatcher did reaches it.
        alone = [play(fresh_class()(list(w)), s, 3) for w, s in zip(workers, steps, strict=True)]
        cls = fresh_class()
        both = [cls(list(w)) for w in workers]
        together: list[list] = [[], []]
        turns = [[(k, [steps[k][i]], 0) for k in (0, 1)] for i in range(3)]
        turns += [[(k, [], 1) for k in (0, 1)]] * 3
        for turn in turns:
            for k, step, assigns in turn:
                if not (together[k] and isinstance(together[k][-1], Raised)):
                    together[k] += play(both[k], step, assigns)
        assert together == alone, (
            f"first = {written(workers[0], steps[0])}; second = "
            f"{written(workers[1], steps[1])}: each on its own, 3 assign() calls then give "
            f"{show(alone[0])} and {show(alone[1])}; created together, with every call taking "
            f"turns, they should give the same; got {show(together[0])} and {show(together[1])}"
        )


def test_the_worked_example():
    """the README's example: A, B; A removed; C (the cursor still names C); E added; D, E, B"""
    rr = dispatcher(["A", "B", "C", "D"])
    got = assigned(rr, 2)
    rr.remove_worker("A")
    got.append(rr.assign())
    rr.add_worker("E")
    got += assigned(rr, 3)
    expected = ["A", "B", "C", "D", "E", "B"]
    assert got == expected, (
        "workers A, B, C, D: 2 assign() calls, remove_worker('A'), one assign(), "
        f"add_worker('E'), 3 assign() calls should give {show(expected)}; got {show(got)}"
    )
