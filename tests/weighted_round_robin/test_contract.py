"""Spec tests for weighted_round_robin: the contract in katas/weighted_round_robin/README.md.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each test imports the learner's module afresh (through `balancer()`), so no
test depends on state another test left behind; a test that compares
balancers with the same ids and other weights, or that must see state kept
in the class or the module, imports it afresh for each (`fresh_class()`).
Each holds one sentence of the contract and fails for that reason only: the
scenarios of the tests about availability have no ties, so the tie rule
cannot fail them, and where a sentence says that something changes nothing,
the test compares two of the learner's own balancers, one with that
something and one without. test_sequences.py holds all the sentences at
once on generated calls, short and long, and test_speed.py the stated cost.
"""

from tests.harness.toolkit import spec
from tests.harness.toolkit.spec import fresh, refuses, show, tried


def balancer(weights: dict):
    from weighted_round_robin import WeightedRoundRobin

    return WeightedRoundRobin(weights)


def fresh_class():
    """The class from the learner's module imported anew: no state another balancer left
    in the class or the module reaches it."""
    return fresh("weighted_round_robin").WeightedRoundRobin


def assigned(wrr, times: int) -> list:
    return spec.calls(wrr.assign, times)


def refused(call) -> bool:
    """Whether `call` raises ValueError, as the learner's code has it."""
    try:
        call()
    except ValueError:
        return True
    except Exception:  # another test reports the wrong exception
        return False
    return False


# -- the order of assignments --


def test_the_chosen_worker_drops_by_the_total_weight():
    """the chosen worker's current weight drops by the sum of the available workers' weights"""
    got = assigned(balancer({"a": 4, "b": 2, "c": 1}), 14)
    expected = ["a", "b", "a", "c", "a", "b", "a"] * 2
    assert got == expected, (
        "weights {'a': 4, 'b': 2, 'c': 1}, all available: 14 assign() calls should give "
        f"{show(expected)} (each chosen worker drops by 7, and no call is a tie); "
        f"got {show(got)}"
    )


def test_ties_go_to_the_earliest_worker():
    """when current weights are equal, the earliest worker in the dict's order is chosen"""
    for weights, calls in (({"a": 1, "b": 1, "c": 1}, 6), ({"a": 2, "b": 2}, 4)):
        got = assigned(balancer(weights), calls)
        expected = list(weights) * (calls // len(weights))
        assert got == expected, (
            f"weights {weights!r}, all available (the first call is a tie of them all): "
            f"{calls} assign() calls should give {show(expected)}; got {show(got)}"
        )


def test_the_largest_current_weight_wins_however_far_down_the_order():
    """the worker with the largest current weight is chosen however far down the order it
    is: the last of 2,000

    Past any width a design might pack the place into beside the current weight
    (256, 1,000, 1,024 places); 2 ms for the reference.
    """
    weights = {f"w{n}": 1 for n in range(1999)}
    weights["w1999"] = 2
    got = balancer(weights).assign()
    assert got == "w1999", (
        "weights of 1 for w0 .. w1998 and 2 for w1999, all available: the first assign() "
        f"should give 'w1999' (current weights 1 .. 1 and 2); got {got!r}"
    )


def test_the_dicts_order_is_the_workers_order():
    """the workers' order is the dict's order, whatever the ids are: not sorted, not by id"""
    plain = ["p", "q", "r"]
    for ids in (["c", "a", "b"], ["b", "a", "c"], ["zeta", "alpha", "mid"], ["w10", "w9", "w1"]):
        results = []
        for names in (ids, plain):
            wrr = balancer(dict.fromkeys(names, 1))
            place = {name: n for n, name in enumerate(names)}
            results.append([place.get(worker, worker) for worker in assigned(wrr, 6)])
        got, expected = results
        assert got == expected, (
            f"weights 1 each for {show(plain)} (in that order) give the workers in places "
            f"{show(expected)} over 6 assign() calls; the same weights for {show(ids)} (in that "
            f"order) should give the same places; got {show(got)}"
        )


# -- availability --


def test_the_total_counts_only_available_workers():
    """the total a chosen worker's current weight drops by leaves unavailable workers out"""
    wrr = balancer({"a": 4, "b": 1, "c": 3})
    wrr.set_available("c", False)
    got = assigned(wrr, 10)
    expected = ["a", "a", "b", "a", "a"] * 2
    assert got == expected, (
        "weights {'a': 4, 'b': 1, 'c': 3} with c unavailable: 10 assign() calls should give "
        f"{show(expected)}, as weights {{'a': 4, 'b': 1}} do (the total is 5, not 8); "
        f"got {show(got)}"
    )


def test_an_unavailable_worker_is_never_chosen():
    """an unavailable worker is never chosen, whatever its current weight"""
    wrr = balancer({"a": 1, "b": 5, "c": 1})
    before = assigned(wrr, 3)
    wrr.set_available("b", False)
    got = assigned(wrr, 14)
    assert "b" not in got, (
        f"weights {{'a': 1, 'b': 5, 'c': 1}}: 3 assign() calls gave {show(before)} (the "
        "contract says 'b', 'b', 'a', which leaves b with a current weight of 1); b was then "
        f"made unavailable: the next 14 calls should never give 'b'; got {show(got)}"
    )


def test_a_worker_back_from_an_outage_takes_up_where_it_left_off():
    """an unavailable worker's current weight does not change: back again, it gets no burst"""
    wrr = balancer({"a": 1, "b": 2})
    before = assigned(wrr, 2)
    wrr.set_available("b", False)
    during = assigned(wrr, 4)
    wrr.set_available("b", True)
    got = assigned(wrr, 6)
    expected = ["b", "b", "a", "b", "b", "a"]
    # What the first calls gave is said as it was: this test holds only the last ones.
    assert got == expected, (
        f"weights {{'a': 1, 'b': 2}}: 2 assign() calls gave {show(before)} (the contract says "
        f"'b', 'a'); b was then made unavailable and 4 calls gave {show(during)} (the contract "
        "says 'a' each time); b was made available again: the next 6 calls should give "
        f"{show(expected)}, b taking up at the current weight it had when it left (1); "
        f"got {show(got)}"
    )


def test_a_worker_back_keeps_its_place_in_the_order():
    """a worker made unavailable and available again keeps its place in the workers' order"""
    weights = {"a": 1, "b": 1, "c": 1}
    for worker in ("a", "b"):
        results = []
        # One balancer at a time: a bug that shares state between them fails another test.
        for away in ((), (worker,)):
            wrr = balancer(weights)
            for name in away:
                wrr.set_available(name, False)
                wrr.set_available(name, True)
            results.append(assigned(wrr, 6))
        expected, got = results
        assert got == expected, (
            f"weights {weights!r}, all available: 6 assign() calls give {show(expected)}; "
            f"after set_available({worker!r}, False) then set_available({worker!r}, True), "
            f"{worker!r} is back in its place in the order, and the same 6 calls should give "
            f"the same; got {show(got)}"
        )


def test_every_worker_starts_available():
    """every worker is available from the start, without ever being marked available"""
    weights = {"x": 1, "y": 2, "z": 3}
    for chosen in weights:
        wrr = balancer(weights)
        for other in weights:
            if other != chosen:
                wrr.set_available(other, False)
        got = wrr.assign()
        assert got == chosen, (
            f"weights {weights!r}, never marked available; every worker but {chosen!r} then "
            f"made unavailable: assign() should give {chosen!r}; got {got!r}"
        )


def test_nobody_available_gives_none():
    """assign() returns None when no worker is available"""
    wrr = balancer({"a": 1, "b": 2})
    wrr.set_available("a", False)
    wrr.set_available("b", False)
    got = assigned(wrr, 3)
    assert got == [None] * 3, (
        "weights {'a': 1, 'b': 2}, both unavailable: 3 assign() calls should give None, "
        f"None, None; got {show(got)}"
    )


def test_a_call_that_finds_nobody_changes_nothing():
    """an assign() that finds no available worker changes nothing"""

    def run(calls_while_down: int) -> tuple[list, list, list]:
        wrr = balancer({"a": 1, "b": 2})
        first = assigned(wrr, 2)
        for worker in ("a", "b"):
            wrr.set_available(worker, False)
        empty = assigned(wrr, calls_while_down)
        for worker in ("a", "b"):
            wrr.set_available(worker, True)
        return first, empty, assigned(wrr, 6)

    # One balancer at a time: a bug that shares state between them fails another test.
    first, empty, got = run(3)
    steady_first, _, expected = run(0)
    assert got == expected, (
        f"weights {{'a': 1, 'b': 2}}: 2 assign() calls (they gave {show(first)}), a and b "
        f"made unavailable, 3 assign() calls while nobody was available (they gave "
        f"{show(empty)}), a and b made available again: the next 6 calls should give what "
        f"they give without those 3 calls in between, {show(expected)} (there the first 2 "
        f"gave {show(steady_first)}); got {show(got)}"
    )


def test_empty_weights_give_none():
    """an empty dict of weights is allowed, and assign() returns None"""
    got = assigned(balancer({}), 2)
    assert got == [None, None], (
        f"no workers: 2 assign() calls should give None, None; got {show(got)}"
    )


def test_set_available_sets_rather_than_toggles():
    """set_available sets the availability it is given, whatever the worker had before,
    and changes nothing else"""
    calls = (("a", True), ("b", False), ("b", False), ("b", True))
    results = []
    # One balancer at a time: a bug that shares state between them fails another test.
    for changes in ((), calls):
        wrr = balancer({"a": 1, "b": 2, "c": 3})
        # First 3 calls, so that current weights are not all 0 (a's is then -3).
        first = assigned(wrr, 3)
        for worker, available in changes:
            wrr.set_available(worker, available)
        results.append(assigned(wrr, 6))
    expected, got = results
    written = ", ".join(f"({worker!r}, {available})" for worker, available in calls)
    assert got == expected, (
        f"weights {{'a': 1, 'b': 2, 'c': 3}}, 3 assign() calls (they gave {show(first)}): "
        f"the next 6 calls give {show(expected)}; with set_available called for {written} "
        f"in between (every worker available in the end, as before) they should give the "
        f"same; got {show(got)}"
    )


def test_unknown_worker_is_refused():
    """set_available on an unknown worker raises KeyError, whatever the availability"""
    for available in (False, True):
        wrr = balancer({"a": 1, "b": 1})
        scenario = f"on weights {{'a': 1, 'b': 1}}, set_available('z', {available})"
        refuses(KeyError, scenario, lambda wrr=wrr, on=available: wrr.set_available("z", on))


def test_a_refused_call_changes_nothing():
    """after a refused set_available() the balancer goes on as if it had not been called"""
    refusals = (("z", True), ("zz", False), ("", True))
    results, said = [], []
    # One balancer at a time: a bug that shares state between them fails another test.
    for refused_calls in (refusals, ()):
        wrr = balancer({"a": 1, "b": 3})
        calls = assigned(wrr, 2)
        for worker, available in refused_calls:
            what = tried(lambda w=worker, on=available, wrr=wrr: wrr.set_available(w, on))
            said.append(f"set_available({worker!r}, {available}) ({what})")
        # a's current weight is now below 0: a worker let in by a refused call would show.
        wrr.set_available("b", False)
        calls += assigned(wrr, 2)
        wrr.set_available("a", False)
        calls += assigned(wrr, 1)
        wrr.set_available("a", True)
        wrr.set_available("b", True)
        results.append(calls + assigned(wrr, 4))
    got, expected = results
    assert got == expected, (
        "weights {'a': 1, 'b': 3}: 2 assign() calls, then b made unavailable and 2 calls, "
        "then a made unavailable too and 1 call, then both made available again and 4 calls "
        f"give {show(expected)}; with {', '.join(said)} after the first 2 calls, each of "
        f"which should raise KeyError, they should give the same; got {show(got)}"
    )


# -- weights --


def test_a_weight_of_zero_is_refused():
    """a weight of 0 raises ValueError"""
    for weights in ({"a": 0, "b": 1}, {"a": 0, "b": 0}):
        refuses(ValueError, f"WeightedRoundRobin({weights!r})", lambda w=weights: balancer(w))


def test_a_negative_weight_is_refused():
    """a negative weight raises ValueError"""
    for weights in ({"a": -1, "b": 1}, {"a": -7, "b": 2}):
        refuses(ValueError, f"WeightedRoundRobin({weights!r})", lambda w=weights: balancer(w))


def test_a_bad_weight_is_refused_wherever_it_is():
    """a weight refused as the first of the dict is refused in any other place too"""
    for bad in (0, -1):
        if not refused(lambda bad=bad: balancer({"a": bad, "x": 1, "y": 2})):
            continue  # the learner lets it through anywhere: another test says so
        for weights in ({"x": 1, "a": bad, "y": 2}, {"x": 1, "y": 2, "a": bad}):
            refuses(
                ValueError,
                f"WeightedRoundRobin({{'a': {bad!r}, 'x': 1, 'y': 2}}) raises ValueError; "
                f"WeightedRoundRobin({weights!r})",
                lambda w=weights: balancer(w),
            )


# -- the caller's dict, instances, ids --


def test_the_callers_dict_is_copied():
    """changing the dict after handing it over changes nothing"""
    weights = {"a": 2, "b": 1}
    changed = balancer(weights)
    weights["b"] = 5
    weights["c"] = 9
    del weights["a"]
    got, expected = assigned(changed, 6), assigned(balancer({"a": 2, "b": 1}), 6)
    assert got == expected, (
        f"WeightedRoundRobin({{'a': 2, 'b': 1}}) gives {show(expected)} over 6 assign() "
        "calls; WeightedRoundRobin(weights) with weights = {'a': 2, 'b': 1}, followed by "
        "weights['b'] = 5, weights['c'] = 9 and del weights['a'], should give the same; "
        f"got {show(got)}"
    )


def test_balancers_are_independent():
    """balancers at once: calls on one never change what another does"""
    setups = {
        "first": ({"a": 2, "b": 1, "c": 1}, "c"),
        "second": ({"c": 1, "b": 2, "a": 1}, "a"),
        # The ids of the first, in the same order, with other weights.
        "third": ({"a": 1, "b": 3, "c": 5}, "c"),
    }
    alone = {}
    for name, (weights, down) in setups.items():
        # Each alone, from the module imported afresh: nothing another balancer did reaches it.
        wrr = fresh_class()(weights)
        wrr.set_available(down, False)
        alone[name] = assigned(wrr, 4)
    together: dict[str, list] = {name: [] for name in setups}
    new = fresh_class()
    made = {name: new(weights) for name, (weights, _) in setups.items()}
    for name, (_, down) in setups.items():
        made[name].set_available(down, False)
    for name in list(setups) * 4:
        together[name].append(made[name].assign())
    assert together == alone, (
        "first = weights {'a': 2, 'b': 1, 'c': 1} with c unavailable, second = weights "
        "{'c': 1, 'b': 2, 'a': 1} with a unavailable, third = weights {'a': 1, 'b': 3, "
        "'c': 5} with c unavailable: each on its own, 4 assign() calls give "
        f"{show(alone['first'])}, {show(alone['second'])} and {show(alone['third'])}; "
        "created together, with the calls taking turns, they should give the same; got "
        f"{show(together['first'])}, {show(together['second'])} and {show(together['third'])}"
    )


def test_a_refused_balancer_changes_nothing():
    """a WeightedRoundRobin() that raises changes nothing: a balancer made before goes on
    as before"""
    refusals = ({"a": 1, "b": 0}, {"a": -1, "b": 1})
    results, said = [], []
    for refused_dicts in (refusals, ()):
        # Each run from the module imported afresh: nothing the other run did reaches it.
        new = fresh_class()
        wrr = new({"a": 2, "b": 1})
        calls = [wrr.assign()]
        for weights in refused_dicts:
            what = tried(lambda w=weights, new=new: new(w))
            said.append(f"WeightedRoundRobin({weights!r}) ({what})")
        results.append(calls + assigned(wrr, 5))
    got, expected = results
    assert got == expected, (
        f"WeightedRoundRobin({{'a': 2, 'b': 1}}) gives {show(expected)} over 6 assign() "
        f"calls; with {' and '.join(said)} after the first call, each of which should raise "
        f"ValueError, they should give the same; got {show(got)}"
    )


def test_ids_are_compared_exactly():
    """ids that differ only in case, whitespace, Unicode form or past their 40th
    character, and the empty id, are different workers"""
    awkward = ["a", "A", "a ", " a", "", "a\n", "\uff21", "é", "e\u0301"]
    awkward += ["x" * 40 + "1", "x" * 40 + "2"]
    # Plain ids in the same sorted order, so that only the ids' exactness is at stake.
    plain = [f"w{sorted(awkward).index(worker)}" for worker in awkward]
    # A, a<space>, a<newline>, full-width A, e + accent, the second long id
    down = {1, 2, 5, 6, 8, 10}
    got, expected = [], []
    for ids, results in ((awkward, got), (plain, expected)):
        wrr = balancer({worker: n % 3 + 1 for n, worker in enumerate(ids)})
        number = {worker: n for n, worker in enumerate(ids)}
        # Every id goes through every method: each is set, then set the other way round.
        for flipped in (False, True):
            for n, worker in enumerate(ids):
                wrr.set_available(worker, (n in down) == flipped)
            results += [number.get(worker, worker) for worker in assigned(wrr, 12)]
    assert got == expected, (
        f"workers {show(plain)} with weights 1, 2, 3, 1, 2, 3, ..., each set available except "
        "numbers 1, 2, 5, 6, 8 and 10 (set unavailable), then 12 assign() calls, then each set the "
        f"other way round and 12 more calls, give workers number {show(expected)}; workers "
        f"{show(awkward)} with the same weights and the same calls should give the same "
        f"numbers; got {show(got)}"
    )


def test_the_first_example():
    """the README's first example: {'a': 5, 'b': 1, 'c': 1} gives a, a, b, a, c, a, a,
    then the same seven again"""
    got = assigned(balancer({"a": 5, "b": 1, "c": 1}), 14)
    expected = ["a", "a", "b", "a", "c", "a", "a"] * 2
    assert got == expected, (
        "weights {'a': 5, 'b': 1, 'c': 1}, all available: 14 assign() calls should give "
        f"{show(expected)} (a's turns spread out, not five in a row); got {show(got)}"
    )


def test_the_second_example():
    """the README's second example: {'a': 2, 'b': 1} gives a, b, a, a, b, a"""
    got = assigned(balancer({"a": 2, "b": 1}), 6)
    expected = ["a", "b", "a", "a", "b", "a"]
    assert got == expected, (
        f"weights {{'a': 2, 'b': 1}}, all available: 6 assign() calls should give "
        f"{show(expected)}; got {show(got)}"
    )
