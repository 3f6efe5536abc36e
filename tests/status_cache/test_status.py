"""Spec tests for status_cache: StatusCache, the facade.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Every cache here reads a clock the test moves by hand (model.Clock). Each
test holds one sentence of the contract and fails for that reason only:
the tests of capacity make no read before an eviction unless reads are
their subject, and the tests of expiry keep the cache below its capacity.
test_sequences.py holds all the sentences at once on generated calls,
compared with the model in tests/status_cache/model.py.
"""

import math

from tests.harness.toolkit.spec import fresh, show, tried
from tests.status_cache.model import Clock, new_cache

STORES = [f"Store-{n}" for n in range(1, 13)]


def reads(cache, orders) -> list[str]:
    """read(store, order) for each (store, order): each answer as the learner's code gave
    it, or what it raised."""
    found = []
    for store, order in orders:
        try:
            found.append(repr(cache.read(store, order)))
        except Exception as error:
            found.append(f"raised {type(error).__name__}")
    return found


def stats_of(cache) -> str:
    try:
        return repr(cache.stats())
    except Exception as error:
        return f"raised {type(error).__name__}"


def test_ttl_and_capacity_must_be_positive():
    """a ttl or a capacity that is not positive (zero, negative, a NaN ttl) is refused with
    ValueError, and the smallest positive ones are taken: capacity 1, a ttl of 1e-9"""
    # NaN is not positive: it compares false with everything, so `ttl <= 0` lets it
    # through, and then no entry ever expires. A capacity that is no int (2.5) is type
    # trivia, left open.
    new = fresh("status").StatusCache
    for ttl, capacity in ((0, 10), (-5, 10), (float("nan"), 10), (60, 0), (60, -1)):
        written = "float('nan')" if math.isnan(ttl) else repr(ttl)
        try:
            new(ttl, capacity, Clock())
        except ValueError:
            continue
        except Exception as error:
            got = f"raised {type(error).__name__}"
        else:
            got = "returned a cache"
        raise AssertionError(
            f"StatusCache({written}, {capacity}, clock) should raise ValueError; {got}"
        )
    for ttl, capacity in ((60, 1), (1e-9, 10)):
        try:
            new(ttl, capacity, Clock())
        except Exception as error:
            raise AssertionError(
                f"StatusCache({ttl!r}, {capacity}, clock) should make a cache: both are "
                f"positive; it raised {type(error).__name__}"
            ) from None


def test_a_capacity_is_a_bound_not_a_size():
    """a cache of any capacity can be made and used at once: capacity is the most it holds,
    not room set aside (StatusCache(60, 10**18, clock) works as a small cache does)"""
    # No memory holds 10**18 slots: room set aside for the capacity fails at once, on
    # every machine.
    expected = {"hits": 1, "misses": 0, "expiries": 0, "evictions": 0, "entries": 2}
    try:
        cache = new_cache(60, 10**18, Clock())
        cache.update("Store-1", "o-1", "placed")
        cache.update("Store-1", "o-2", "placed")
    except Exception as error:
        got = [f"making the cache and the updates raised {type(error).__name__}"]
    else:
        got = [*reads(cache, [("Store-1", "o-1")]), stats_of(cache)]
    assert got == ["'placed'", repr(expected)], (
        "StatusCache(60, 10**18, clock), then update o-1 and o-2 of Store-1 and read o-1: "
        f"should give 'placed' and stats() {expected!r}; got {', '.join(got)}"
    )


def test_an_update_is_read_back():
    """read gives the status of the order's last update, and None for an order never updated"""
    cache = new_cache(60, 10, Clock())
    cache.update("Store-1", "o-1", "placed")
    cache.update("Store-1", "o-2", "placed")
    cache.update("Store-1", "o-1", "accepted")
    got = reads(cache, [("Store-1", "o-1"), ("Store-1", "o-2"), ("Store-1", "o-3")])
    expected = ["'accepted'", "'placed'", "None"]
    assert got == expected, (
        "ttl 60, capacity 10: update o-1 placed, o-2 placed, o-1 accepted (all of Store-1): "
        f"read of o-1, o-2 and o-3 should give {', '.join(expected)}; got {', '.join(got)}"
    )


def test_any_string_is_a_status_the_empty_one_included():
    """a status is any string: an order updated with "" reads back "", a hit"""
    cache = new_cache(60, 10, Clock())
    cache.update("Store-1", "o-1", "")
    got = [*reads(cache, [("Store-1", "o-1")]), stats_of(cache)]
    expected = {"hits": 1, "misses": 0, "expiries": 0, "evictions": 0, "entries": 1}
    assert got == ["''", repr(expected)], (
        'ttl 60, capacity 10: update o-1 with the status "" (a string, if an empty one), '
        f"then read it: should give '' and stats() {expected!r}; got {', '.join(got)}"
    )


def test_a_status_is_kept_as_written_however_long_and_however_many():
    """a status is kept as written: a status of 989 characters reads back whole, and 300
    orders with 300 statuses read back each its own"""
    # A status cut to a length, or kept as a code in a table of a few hundred statuses,
    # reads back another status.
    cache = new_cache(60, 1000, Clock())
    text = "ready: courier waiting at the counter, " * 25 + "then picked up"
    cache.update("Store-1", "o-long", text)
    statuses = [f"status {n}" for n in range(300)]
    for n, status in enumerate(statuses):
        cache.update("Store-1", f"o-{n}", status)
    got = cache.read("Store-1", "o-long")
    shown = repr(got)
    if isinstance(got, str) and len(got) > 40:
        shown = f"{len(got)} characters, {got[:40]!r} .."
    assert got == text, (
        "ttl 60, capacity 1000: update('Store-1', 'o-long', 'ready: courier waiting at the "
        "counter, ' * 25 + 'then picked up'), then o-0 .. o-299 with the statuses 'status 0' "
        f".. 'status 299', and read o-long: it should give the {len(text)} characters "
        f"written; got {shown}"
    )
    got = reads(cache, [("Store-1", f"o-{n}") for n in range(300)])
    wrong = [f"o-{n} {value}" for n, value in enumerate(got) if value != repr(statuses[n])]
    assert not wrong, (
        "ttl 60, capacity 1000: update o-0 .. o-299 of Store-1 with the statuses 'status 0' "
        ".. 'status 299' (after o-long), then read each: each should give its own status; "
        f"got {', '.join(wrong[:3])}" + (f" (and {len(wrong) - 3} more)" if len(wrong) > 3 else "")
    )


# The pipeline's statuses, the ticket's spellings among them: the cache stores them as it
# stores any string. Code that ranks them (a late write never moving an order back) or
# treats one as final (a delivered order kept a shorter time) serves what the contract
# does not say.
PIPELINE = [
    "placed",
    "accepted",
    "preparing",
    "ready",
    "picked up",
    "picked_up",
    "delivered",
    "cancelled",
]


def test_the_cache_reads_no_meaning_into_a_status():
    """a status is a string the cache keeps, whatever it names: an order moved back (ready,
    then preparing) reads the status last written, and a delivered order is held ttl
    seconds like any other"""
    cache = new_cache(60, 100, Clock())
    got = []
    for status in PIPELINE[::-1]:
        cache.update("Store-1", "o-1", status)
        got += reads(cache, [("Store-1", "o-1")])
    expected = [repr(status) for status in PIPELINE[::-1]]
    assert got == expected, (
        "ttl 60, capacity 100: update o-1 of Store-1 in turn with "
        f"{', '.join(expected)} (the pipeline backwards), and read it after each "
        f"update: each read should give the status just written; got {', '.join(got)}"
    )
    # Each status in a cache of its own: alone, its entry is the oldest write, the one an
    # expiry that walks the writes oldest first meets first.
    got = []
    for status in PIPELINE:
        clock = Clock()
        cache = new_cache(60, 100, clock)
        cache.update("Store-1", "o-1", status)
        clock.now = 59.5
        got += reads(cache, [("Store-1", "o-1")])
    expected = [repr(status) for status in PIPELINE]
    assert got == expected, (
        "ttl 60, capacity 100, for each of the statuses "
        f"{', '.join(expected)}: in a new cache, at 0 update o-1 of Store-1 with the "
        "status, then at 59.5 read it: held until 60, so each read should give its status; "
        f"got {', '.join(got)}"
    )


def test_store_ids_ignore_case_and_order_ids_do_not():
    """store ids are compared without regard to case, order ids exactly: an update and a read
    of one order may spell its store differently, and order ids are compared whole"""
    cache = new_cache(60, 100, Clock())
    for store in STORES:
        cache.update(store, "o-1", "placed")
    got = reads(cache, [(store.lower(), "o-1") for store in STORES])
    assert got == ["'placed'"] * len(STORES), (
        "ttl 60, capacity 100: update(f'Store-{n}', 'o-1', 'placed') for n in 1 .. 12, then "
        "read(f'store-{n}', 'o-1'): each should give 'placed'; got " + ", ".join(got)
    )
    for store in STORES:
        cache.update(store.upper(), "o-1", "ready")
    got = [*reads(cache, [(store, "o-1") for store in STORES]), stats_of(cache)]
    expected = ["'ready'"] * len(STORES)
    assert got[:-1] == expected and "'entries': 12" in got[-1], (
        "then update(f'STORE-{n}', 'o-1', 'ready') for each: the same 12 orders, so "
        "read(f'Store-{n}', 'o-1') should give 'ready' and stats() count 12 entries; got "
        f"{', '.join(got[:-1])}, and {got[-1]}"
    )
    got = reads(cache, [("Store-1", "O-1"), ("Store-1", "o-1 ")])
    assert got == ["None", "None"], (
        "then read('Store-1', 'O-1') and read('Store-1', 'o-1 '): order ids are compared "
        f"exactly, so both should give None; got {', '.join(got)}"
    )
    # Ids of any length, compared whole and as written: an id cut to a length (a uuid's 36
    # characters, say) merges orders that differ only past it, and one read as a number
    # merges '0042' and '42'.
    long = "o-" + "x" * 300
    cache.update("Store-1", long + "-1", "placed")
    cache.update("Store-1", "0042", "placed")
    got = reads(cache, [("Store-1", long + "-2"), ("Store-1", "42")])
    assert got == ["None", "None"], (
        "then update('Store-1', 'o-' + 'x' * 300 + '-1', 'placed') and update('Store-1', "
        "'0042', 'placed'), and read('Store-1', 'o-' + 'x' * 300 + '-2') and read('Store-1', "
        f"'42'): order ids are compared exactly, so both should give None; got {', '.join(got)}"
    )


def test_store_ids_are_compared_as_str_casefold_compares_them_beyond_ascii():
    """store ids are compared as str.casefold() makes them, beyond ASCII too, by update, read
    and forget alike: 'Straße' and 'STRASSE' are one store, 'store-i' and 'store-\u0131' (a
    dotless i) two, and '\\u212a-1' (a Kelvin sign) and 'K-1' one"""
    # A dotless i: casefold() keeps it, where upper() makes it the I of 'STORE-I'.
    dotless = "store-\u0131"
    cache = new_cache(60, 100, Clock())
    for n in range(1, 13):
        cache.update(f"Straße-{n}", "o-1", "placed")
    got = reads(cache, [(f"STRASSE-{n}", "o-1") for n in range(1, 13)])
    assert got == ["'placed'"] * 12, (
        "ttl 60, capacity 100: update(f'Straße-{n}', 'o-1', 'placed') for n in 1 .. 12, then "
        "read(f'STRASSE-{n}', 'o-1'): 'Straße-1'.casefold() == 'STRASSE-1'.casefold(), so "
        "each should give 'placed'; got " + ", ".join(got)
    )
    # And the other way round, read and forget spelling it 'Straße': lower() keeps the
    # ß, so only casefold() makes 'Straße-1' the 'STRASSE-1' updated.
    cache.update("STRASSE-1", "o-2", "ready")
    got = reads(cache, [("Straße-1", "o-2")])
    try:
        got.append(repr(cache.forget("Straße-1", "o-2")))
    except Exception as error:
        got.append(f"raised {type(error).__name__}")
    got += reads(cache, [("STRASSE-1", "o-2")])
    expected = ["'ready'", "True", "None"]
    assert got == expected, (
        "then update('STRASSE-1', 'o-2', 'ready'), read('Straße-1', 'o-2'), forget('Straße-1', "
        "'o-2') and read('STRASSE-1', 'o-2'): one store, so these should give "
        f"{', '.join(expected)}; got {', '.join(got)}"
    )
    # A Kelvin sign: casefold() and lower() make it k, where upper() keeps it.
    cache.update("\u212a-1", "o-1", "placed")
    got = reads(cache, [("K-1", "o-1"), ("k-1", "o-1")])
    assert got == ["'placed'"] * 2, (
        "then update('\\u212a-1', 'o-1', 'placed'), a Kelvin sign, and read('K-1', 'o-1') and "
        "read('k-1', 'o-1'): '\\u212a-1'.casefold() == 'K-1'.casefold(), so each should give "
        f"'placed'; got {', '.join(got)}"
    )
    cache.forget("K-1", "o-1")
    cache.update("store-i", "o-1", "placed")
    cache.update(dotless, "o-1", "ready")
    got = reads(cache, [("store-i", "o-1"), ("STORE-I", "o-1"), (dotless, "o-1")])
    got.append(stats_of(cache))
    expected = ["'placed'", "'placed'", "'ready'"]
    assert got[:-1] == expected and "'entries': 14" in got[-1], (
        f"then update('store-i', 'o-1', 'placed') and update({dotless!r}, 'o-1', 'ready'): "
        f"{dotless!r}.casefold() keeps its dotless i, so these are two stores: read of "
        f"store-i, STORE-I and {dotless} should give {', '.join(expected)}, and stats() count "
        f"14 entries; got {', '.join(got[:-1])}, and {got[-1]}"
    )


def test_store_ids_that_casefold_keeps_apart_are_two_stores():
    """store ids are compared by str.casefold() alone: ids it keeps apart (another Unicode
    form, a space, a dash, a leading zero, a character 300 in) are two stores"""
    pairs = [
        ("Store-\u2460", "Store-1"),  # a circled one: NFKC makes it 1, casefold does not
        ("Caf\u00e9-7", "Cafe\u0301-7"),  # é composed and decomposed
        (" Store-7", "Store-7"),
        ("Store-7 ", "store-7"),
        ("Store-0042", "store0042"),  # a dash
        ("Store_7", "store-7"),
        ("Store-0042", "Store-42"),  # a store number's leading zeros
    ]
    cache = new_cache(60, 100, Clock())
    for first, _ in pairs:
        cache.update(first, "o-1", "placed")
    got = reads(cache, [(second, "o-1") for _, second in pairs])
    assert got == ["None"] * len(pairs), (
        "ttl 60, capacity 100: update(store, 'o-1', 'placed') for the stores "
        f"{show([first for first, _ in pairs])}, then read(store, 'o-1') for "
        f"{show([second for _, second in pairs])}: casefold() keeps each pair apart, so each "
        f"read should give None; got {', '.join(got)}"
    )
    # Ids of any length, compared whole: an id cut to a length merges stores that differ
    # only past it.
    long = "Store-" + "x" * 300
    cache.update(long + "-1", "o-1", "placed")
    got = reads(cache, [(long + "-2", "o-1")])
    assert got == ["None"], (
        "then update('Store-' + 'x' * 300 + '-1', 'o-1', 'placed') and "
        "read('Store-' + 'x' * 300 + '-2', 'o-1'): casefold() keeps the two ids apart, so the "
        f"read should give None; got {got[0]}"
    )


def test_an_order_is_its_store_id_and_its_order_id_apart():
    """a store id and an order id are compared each on its own, never joined: ('a/b', 'c')
    and ('a', 'b/c') are two orders, whatever character stands for the '/'"""
    # Every ASCII character, and none: a key made of the two ids joined by any
    # one of them merges two orders.
    joins = ["", *map(chr, range(128))]
    cache = new_cache(60, 1000, Clock())
    for join in joins:
        cache.update(f"a{join}b", "c", "first")
        cache.update("a", f"b{join}c", "second")
    merged = []
    for join in joins:
        got = reads(cache, [(f"a{join}b", "c"), ("a", f"b{join}c")])
        if got != ["'first'", "'second'"]:
            merged.append(f"for {join!r} {', '.join(got)}")
    assert not merged, (
        "ttl 60, capacity 1000: for each join, '' and every ASCII character, "
        "update(f'a{join}b', 'c', 'first') and update('a', f'b{join}c', 'second'): two orders, "
        "so the reads of both should give 'first', 'second'; got "
        + "; ".join(merged[:3])
        + (f" (and {len(merged) - 3} more)" if len(merged) > 3 else "")
    )


def test_forget_drops_an_order_and_says_whether_it_was_held():
    """forget drops the order's entry and returns True; False for an order not held"""
    cache = new_cache(60, 10, Clock())
    cache.update("Store-1", "o-1", "delivered")
    cache.update("Store-1", "o-2", "ready")
    got = [tried(lambda: cache.forget("store-1", "o-1"))]
    got += [tried(lambda: cache.forget("Store-1", "o-1")), tried(lambda: cache.forget("x", "y"))]
    got += reads(cache, [("Store-1", "o-2"), ("Store-1", "o-1")])
    expected = ["returned True", "returned False", "returned False", "'ready'", "None"]
    assert got == expected, (
        "update o-1 delivered and o-2 ready (Store-1), forget('store-1', 'o-1'), forget o-1 "
        "again, forget('x', 'y'), read o-2 and o-1: should give True, False, False, 'ready', "
        f"None; got {', '.join(got)}"
    )


def test_at_capacity_a_new_order_evicts_the_least_recently_updated():
    """at capacity, an update of an order the cache does not hold first evicts the least
    recently used entry; an update of one it holds evicts nothing"""
    cache = new_cache(600, 3, Clock())
    for order in ("o-1", "o-2", "o-3"):
        cache.update("Store-1", order, "placed")
    cache.update("Store-1", "o-2", "accepted")  # held: evicts nothing, and o-2 is used
    held = stats_of(cache)
    cache.update("Store-1", "o-4", "placed")  # evicts o-1, the least recently used
    cache.update("Store-1", "o-5", "placed")  # evicts o-3
    got = reads(cache, [("Store-1", f"o-{n}") for n in (2, 4, 5, 1, 3)])
    expected = ["'accepted'", "'placed'", "'placed'", "None", "None"]
    assert "'entries': 3" in held and got == expected, (
        "ttl 600, capacity 3: update o-1, o-2, o-3 (placed), o-2 again (accepted): stats() "
        "should count 3 entries; then update o-4 and o-5, which evict o-1 and o-3, the least "
        f"recently used: read of o-2, o-4, o-5, o-1, o-3 should give {', '.join(expected)}; "
        f"got {held}, then {', '.join(got)}"
    )


def test_a_read_counts_as_a_use():
    """a hit is a use: at capacity, an order read since its update is evicted after one that
    was not, after any number of reads (1 to 40 in turn over eight orders)"""
    cache = new_cache(600, 3, Clock())
    for order in ("o-1", "o-2", "o-3"):
        cache.update("Store-1", order, "placed")
    before = reads(cache, [("Store-1", "o-1"), ("Store-1", "o-2")])  # o-3 is now the oldest use
    cache.update("Store-1", "o-4", "placed")
    got = reads(cache, [("Store-1", order) for order in ("o-1", "o-2", "o-4", "o-3")])
    expected = ["'placed'", "'placed'", "'placed'", "None"]
    assert before == ["'placed'", "'placed'"] and got == expected, (
        "ttl 600, capacity 3: update o-1, o-2, o-3, read o-1 and o-2 (hits: uses), update o-4: "
        "o-3 is the least recently used, so read of o-1, o-2, o-4, o-3 should give "
        f"{', '.join(expected)}; the reads before o-4 gave {', '.join(before)}, after it "
        f"{', '.join(got)}"
    )
    # Many reads: code that queues the uses and tidies the queue now and then must keep
    # them in the order of use. Reads in turn both ways, so that no order of the map's
    # own (the order of its slots, say) can pass for both.
    orders = [f"o-{n}" for n in range(1, 9)]
    new = fresh("status").StatusCache  # imported once for the 80 caches
    for turn in (orders, orders[::-1]):
        for count in range(1, 41):
            cache = new(600, 8, Clock())
            for order in orders:
                cache.update("Store-1", order, "placed")
            read = [turn[n % len(turn)] for n in range(count)]
            reads(cache, [("Store-1", order) for order in read])
            for n in range(9, 13):
                cache.update("Store-1", f"o-{n}", "placed")
            uses = orders + read  # oldest first: the last use of each order counts
            by_use = sorted(orders, key=lambda order: len(uses) - uses[::-1].index(order))
            got = reads(cache, [("Store-1", order) for order in orders])
            expected = ["None" if order in by_use[:4] else "'placed'" for order in orders]
            assert got == expected, (
                f"ttl 600, capacity 8: update o-1 .. o-8, read them in turn, {turn[0]} .. "
                f"{turn[-1]} and again, {count} reads in all (the last of {read[-1]}), then "
                f"update o-9 .. o-12, which evict the four least recently used, "
                f"{show(by_use[:4])}: read of o-1 .. o-8 should give {', '.join(expected)}; got "
                f"{', '.join(got)}"
            )


def test_a_miss_is_not_a_use():
    """a read that misses changes no entry's place: the eviction order stays that of the uses"""
    cache = new_cache(600, 2, Clock())
    cache.update("Store-1", "o-1", "placed")
    cache.update("Store-1", "o-2", "placed")
    reads(cache, [("Store-1", "o-3"), ("Store-1", "o-9")])
    cache.update("Store-1", "o-3", "placed")
    got = reads(cache, [("Store-1", order) for order in ("o-1", "o-2", "o-3")])
    expected = ["None", "'placed'", "'placed'"]
    assert got == expected, (
        "ttl 600, capacity 2: update o-1, o-2, read o-3 and o-9 (misses), update o-3: o-1 is "
        f"the least recently used, so read of o-1, o-2, o-3 should give {', '.join(expected)}; "
        f"got {', '.join(got)}"
    )


def test_an_entry_expires_ttl_seconds_after_its_last_update():
    """an entry written at t is held while the clock is before t + ttl, and gone at t + ttl,
    whatever the clock reads (below 0 too) and however long the ttl (30 days too); an update
    starts its time again"""
    # Times exact in binary, as everywhere in these tests but one: the contract does not
    # say how the boundary rounds, and `now < t + ttl` and `now - t < ttl`, which differ
    # at t = 13.4, ttl = 8.5 and now = 21.9, agree on them (kata.toml's expiry-by-age).
    # A clock may start anywhere, below 0 too: the contract says only that it never goes
    # back.
    for start in (0.0, -1000.0):
        when = "" if start == 0 else ", on a clock that reads -1000 at first"
        for at, expected in ((59.0, ["'placed'", "'ready'"]), (60.0, ["None", "'ready'"])):
            clock = Clock()
            clock.now = start
            cache = new_cache(60, 10, clock)
            cache.update("Store-1", "o-1", "placed")
            cache.update("Store-1", "o-2", "placed")
            clock.now = start + 30
            cache.update("Store-1", "o-2", "ready")  # held until start + 90
            clock.now = start + at
            got = reads(cache, [("Store-1", "o-1"), ("Store-1", "o-2")])
            assert got == expected, (
                f"ttl 60{when}: update o-1 and o-2 at {start:g}, o-2 again at "
                f"{start + 30:g}, then at {start + at:g} read o-1 and o-2: should give "
                f"{', '.join(expected)} (o-1 is held until {start + 60:g}, o-2 until "
                f"{start + 90:g}); got {', '.join(got)}"
            )
        clock.now = start + 90
        got = reads(cache, [("Store-1", "o-2")])
        assert got == ["None"], f"then at {start + 90:g}, read o-2: should give None; got {got[0]}"
    # A long ttl is kept as given: no cap of a day or a week on how long an entry lives.
    day = 86_400
    for at, expected in ((29 * day, "'placed'"), (30 * day, "None")):
        clock = Clock()
        cache = new_cache(30 * day, 10, clock)
        cache.update("Store-1", "o-1", "placed")
        clock.now = at
        got = reads(cache, [("Store-1", "o-1")])[0]
        assert got == expected, (
            f"ttl 30 days ({30 * day:,} seconds): update o-1 at 0, then at {at:,} (day "
            f"{at // day}) read o-1: should give {expected} (o-1 is held until {30 * day:,}); "
            f"got {got}"
        )


def test_an_entry_is_held_at_every_reading_before_t_plus_ttl_however_close():
    """an entry written at t is held at every reading before t + ttl, however close to it
    (the float just below 60 for t = 0, ttl 60), and at times finer than a microsecond"""
    # Expiry a hair early (a reading within rounding of t + ttl taken as at it) or stamps
    # cut to whole milliseconds or microseconds drop the entry before its time. Each
    # reading is before t + ttl both as `now < t + ttl` and as `now - t < ttl`.
    scenarios = (
        (0.0, [60 - 1e-6, 60 - 1e-10, math.nextafter(60.0, 0.0)]),
        (10.0004, [70.0001]),
        (10.0000004, [70.0000001, 70.0000003]),
    )
    for t, readings in scenarios:
        clock = Clock()
        clock.now = t
        cache = new_cache(60, 10, clock)
        cache.update("Store-1", "o-1", "placed")
        got = []
        for now in readings:
            clock.now = now
            got += reads(cache, [("Store-1", "o-1")])
        expected = ["'placed'"] * len(readings)
        assert got == expected, (
            f"ttl 60: update o-1 at {t!r}, then read it at {', '.join(map(repr, readings))}: "
            f"each is before {t!r} + 60 == {t + 60!r}, so o-1 is held and each read should "
            f"give 'placed'; got {', '.join(got)}"
        )


def test_an_entry_has_expired_at_t_plus_ttl_as_floats_add_them():
    """an entry written at t has expired when the clock reads t + ttl, at times that are
    not whole numbers too: ttl 0.4, written at 0.1, gone at 0.5"""
    # 0.1 + 0.4 == 0.5 in floats, as in decimals, and 0.5 - 0.1 < 0.4 is false too; but
    # 0.5 - 0.4 is 0.09999999999999998, so code that keeps what was written after
    # now - ttl serves the entry at 0.5.
    for t, ttl in ((0.1, 0.4), (0.2, 0.8), (0.3, 2.7)):
        clock = Clock()
        clock.now = t
        cache = new_cache(ttl, 10, clock)
        cache.update("Store-1", "o-1", "placed")
        got = reads(cache, [("Store-1", "o-1")])
        clock.now = t + ttl
        got += reads(cache, [("Store-1", "o-1")])
        assert got == ["'placed'", "None"], (
            f"ttl {ttl}: update o-1 at {t}, read it at {t} and at {t + ttl} ({t} + {ttl} == "
            f"{t + ttl} in floats): it is held while the clock is before {t + ttl}, so "
            f"'placed', None; got {', '.join(got)}"
        )


def test_an_entry_expires_on_time_however_often_other_orders_were_updated():
    """an entry written at 0 is gone at ttl, after another order was updated 500 times in
    between, at one time or at many, and when it was read after an order written later"""
    # Code that keeps its writes in a queue and tidies it now and then must keep the
    # entries still held when it does, in the order of their writes: read at 2, o-1 is
    # used after o-3, but written before it.
    for spread, read in ((False, False), (True, False), (False, True)):
        clock = Clock()
        cache = new_cache(60, 10, clock)
        cache.update("Store-1", "o-1", "placed")
        start = 0.0
        if read:
            clock.now = 1.0
            cache.update("Store-1", "o-3", "placed")
            clock.now = start = 2.0
            reads(cache, [("Store-1", "o-1")])
        for n in range(500):
            clock.now = start + (n * 0.1 if spread else 0.0)
            cache.update("Store-1", "o-2", f"status {n}")
        clock.now = 60.0
        got = reads(cache, [("Store-1", "o-1")])
        before = ", o-3 at 1, read o-1 at 2" if read else ""
        when = "at 0, 0.1, ... 49.9" if spread else f"all at {start:g}"
        assert got == ["None"], (
            f"ttl 60: update o-1 at 0{before}, then o-2 500 times {when}; at 60 read o-1: "
            f"should give None (it expired at 60); got {got[0]}"
        )


def test_entries_expire_in_the_order_of_their_last_updates():
    """each entry expires ttl after its last update, whatever was updated or evicted
    between: an order written between two updates of another (to a new status or the same
    one) expires first, and so does one written before an order that evicted another"""
    scenarios = (
        (10, "o-1", "ready", "o-1 again at 20, ready"),
        (10, "o-1", "placed", "o-1 again at 20 with the same status, placed"),
        (2, "o-3", "placed", "o-3 at 20, which evicts o-1"),
    )
    for capacity, last, status, how in scenarios:
        clock = Clock()
        cache = new_cache(60, capacity, clock)
        cache.update("Store-1", "o-1", "placed")
        clock.now = 10.0
        cache.update("Store-1", "o-2", "placed")
        clock.now = 20.0
        cache.update("Store-1", last, status)  # held until 80
        clock.now = 70.0
        got = reads(cache, [("Store-1", "o-2"), ("Store-1", last)])
        clock.now = 80.0
        got += reads(cache, [("Store-1", last)])
        expected = ["None", repr(status), "None"]
        assert got == expected, (
            f"ttl 60, capacity {capacity}: update o-1 at 0, o-2 at 10, {how}; at 70 read o-2 "
            f"and {last}, at 80 {last}: o-2 expired at 70, {last} at 80, so "
            f"{', '.join(expected)}; got {', '.join(got)}"
        )
    # An entry updated again keeps its place by its last update, however the calls between
    # dropped the expired entries before it: o-2 updated at 20 expires at 80, before o-3.
    clock = Clock()
    cache = new_cache(60, 10, clock)
    for now, order in ((0.0, "o-1"), (5.0, "o-2"), (20.0, "o-2"), (30.0, "o-3")):
        clock.now = now
        cache.update("Store-1", order, "placed")
    clock.now = 60.0
    cache.stats()  # drops o-1
    clock.now = 85.0
    got = reads(cache, [("Store-1", "o-2"), ("Store-1", "o-3")])
    assert got == ["None", "'placed'"], (
        "ttl 60, capacity 10: update o-1 at 0, o-2 at 5 and again at 20, o-3 at 30; stats() at "
        "60; at 85 read o-2 and o-3: o-2 expired at 80, o-3 is held until 90, so None, "
        f"'placed'; got {', '.join(got)}"
    )


def test_an_order_forgotten_or_evicted_then_updated_lives_ttl_from_its_new_update():
    """an order dropped (forgotten, or evicted) and updated again is a new entry: it lives
    ttl seconds from its new update, not from the write of the entry dropped"""
    clock = Clock()
    cache = new_cache(60, 10, clock)
    cache.update("Store-1", "o-1", "placed")
    cache.forget("Store-1", "o-1")
    clock.now = 30.0
    cache.update("Store-1", "o-1", "ready")  # held until 90
    clock.now = 60.0
    got = [*reads(cache, [("Store-1", "o-1")]), stats_of(cache)]
    expected = {"hits": 1, "misses": 0, "expiries": 0, "evictions": 0, "entries": 1}
    assert got == ["'ready'", repr(expected)], (
        "ttl 60: update o-1 at 0, forget it, update it again at 30, then at 60 read it and "
        f"stats(): held until 90, so 'ready', and {expected!r}; got {', '.join(got)}"
    )
    clock = Clock()
    cache = new_cache(60, 1, clock)
    cache.update("Store-1", "o-1", "placed")
    clock.now = 10.0
    cache.update("Store-1", "o-2", "placed")  # evicts o-1
    clock.now = 30.0
    cache.update("Store-1", "o-1", "ready")  # evicts o-2; held until 90
    clock.now = 60.0
    got = [*reads(cache, [("Store-1", "o-1")]), stats_of(cache)]
    expected = {"hits": 1, "misses": 0, "expiries": 0, "evictions": 2, "entries": 1}
    assert got == ["'ready'", repr(expected)], (
        "ttl 60, capacity 1: update o-1 at 0, o-2 at 10 (evicts o-1), o-1 again at 30 (evicts "
        f"o-2), then at 60 read o-1 and stats(): held until 90, so 'ready', and {expected!r}; "
        f"got {', '.join(got)}"
    )


def test_a_read_does_not_put_off_expiry():
    """only an update starts an entry's time again: an entry read often still expires ttl
    seconds after its last update"""
    clock = Clock()
    cache = new_cache(60, 10, clock)
    cache.update("Store-1", "o-1", "placed")
    clock.now = 10.0
    cache.update("Store-1", "o-2", "placed")
    for now in (20.0, 40.0, 59.0):
        clock.now = now
        reads(cache, [("Store-1", "o-1")])
    clock.now = 60.0
    got = reads(cache, [("Store-1", "o-1"), ("Store-1", "o-2")])
    assert got == ["None", "'placed'"], (
        "ttl 60: update o-1 at 0 and o-2 at 10, read o-1 at 20, 40 and 59, then at 60 read o-1 "
        f"and o-2: o-1 has expired, o-2 not yet, so None, 'placed'; got {', '.join(got)}"
    )


def test_expired_entries_make_room_before_any_eviction():
    """a full cache whose entries have expired takes new orders without evicting: expired
    entries are dropped first, and counted as expiries, whichever entry was least recently
    used"""
    # Read at 20, o-1 is no longer the least recently used: o-2 is. A cache that checks
    # only the entry it would evict finds o-2 still held and evicts it.
    for read in (False, True):
        clock = Clock()
        cache = new_cache(60, 2, clock)
        cache.update("Store-1", "o-1", "placed")
        clock.now = 10.0
        cache.update("Store-1", "o-2", "placed")
        clock.now = 20.0
        if read:
            reads(cache, [("Store-1", "o-1")])
        clock.now = 65.0  # o-1 has expired, o-2 not
        cache.update("Store-1", "o-3", "placed")
        got = [*reads(cache, [("Store-1", "o-2"), ("Store-1", "o-3")]), stats_of(cache)]
        hits = 3 if read else 2
        expected = {"hits": hits, "misses": 0, "expiries": 1, "evictions": 0, "entries": 2}
        how = ", o-1 read at 20 (o-2 is now the least recently used)" if read else ""
        assert got == ["'placed'", "'placed'", repr(expected)], (
            f"ttl 60, capacity 2: update o-1 at 0, o-2 at 10{how}, o-3 at 65 (o-1 expired at "
            f"60): o-2 and o-3 should both be held, and stats() be {expected!r}; got "
            f"{', '.join(got)}"
        )


# Orders written at 0, and how many of them are written again at 1, the last first: at
# 60.5 the first of them left to expire comes after this many later writes of theirs.
MANY = 1_500
REWRITTEN = 1_400


def test_every_call_drops_the_expired_entries_first():
    """an expired entry is gone for every call, not only for a read of it: forget of an
    expired order says False, and the expiry is counted once, whatever was written since:
    of 1,500 orders, 1,400 written again later, the other 100 expire"""
    clock = Clock()
    cache = new_cache(60, 10, clock)
    cache.update("Store-1", "o-1", "placed")
    clock.now = 60.0
    got = [tried(lambda: cache.forget("Store-1", "o-1")), stats_of(cache)]
    expected = {"hits": 0, "misses": 0, "expiries": 1, "evictions": 0, "entries": 0}
    assert got == ["returned False", repr(expected)], (
        "ttl 60: update o-1 at 0, then at 60 forget o-1 and stats(): o-1 expired at 60, so "
        f"forget should return False and stats() be {expected!r}; got {', '.join(got)}"
    )
    # A cache that keeps a record of each write, and steps past the records of orders
    # written again later, must step past 1,400 of them at one call.
    clock = Clock()
    cache = new_cache(60, 10_000, clock)
    for n in range(MANY):
        cache.update("Store-1", f"o-{n}", "placed")
    clock.now = 1.0
    for n in reversed(range(REWRITTEN)):
        cache.update("Store-1", f"o-{n}", "accepted")
    clock.now = 60.5
    got = stats_of(cache)
    expected = {
        "hits": 0,
        "misses": 0,
        "expiries": MANY - REWRITTEN,
        "evictions": 0,
        "entries": REWRITTEN,
    }
    assert got == repr(expected), (
        f"ttl 60, capacity 10,000: update o-0 .. o-{MANY - 1:,} at 0, then at 1 "
        f"o-{REWRITTEN - 1:,} .. o-0 again, then at 60.5 stats(): the {MANY - REWRITTEN} "
        f"orders not written again expired at 60, so {expected!r}; got {got}"
    )


# One more read than a 16-bit counter holds.
READS = 2**16 + 1


def test_stats_count_hits_misses_expiries_evictions_and_entries():
    """stats() counts every hit, miss, expiry and eviction since the cache was made, and the
    entries held now, however many: 65,537 misses are 65,537"""
    clock = Clock()
    cache = new_cache(60, 2, clock)
    cache.update("Store-1", "o-1", "placed")
    cache.update("Store-1", "o-2", "placed")
    cache.update("Store-1", "o-3", "placed")  # evicts o-1
    reads(cache, [("Store-1", "o-1"), ("Store-1", "o-2"), ("Store-1", "o-3")])
    cache.forget("Store-1", "o-3")
    first = stats_of(cache)
    clock.now = 200.0  # o-2 has expired
    second = stats_of(cache)
    expected = (
        {"hits": 2, "misses": 1, "expiries": 0, "evictions": 1, "entries": 1},
        {"hits": 2, "misses": 1, "expiries": 1, "evictions": 1, "entries": 0},
    )
    assert (first, second) == tuple(map(repr, expected)), (
        "ttl 60, capacity 2: update o-1, o-2, o-3 at 0 (o-1 evicted), read o-1, o-2, o-3, forget "
        f"o-3: stats() should be {expected[0]!r}, and at 200 {expected[1]!r}; got {first}, then "
        f"{second}"
    )
    cache = new_cache(60, 2, Clock())
    for _ in range(READS):
        cache.read("Store-1", "o-1")
    got = stats_of(cache)
    expected = {"hits": 0, "misses": READS, "expiries": 0, "evictions": 0, "entries": 0}
    assert got == repr(expected), (
        f"ttl 60, capacity 2, the clock still: read o-1, never updated, {READS:,} times, then "
        f"stats(): {expected!r}; got {got}"
    )


def test_stats_is_a_new_dict_each_call():
    """stats() gives a new dict each call: later calls do not change one already given, and
    changing one changes no count"""
    cache = new_cache(60, 10, Clock())
    cache.update("Store-1", "o-1", "placed")
    cache.read("Store-1", "o-1")
    first = cache.stats()
    cache.read("Store-1", "o-2")
    cache.stats()
    expected = {"hits": 1, "misses": 0, "expiries": 0, "evictions": 0, "entries": 1}
    assert first == expected, (
        "update o-1, read it, stats() kept, then a miss and stats() again: the dict kept should "
        f"still say {expected!r}; it now says {first!r}"
    )
    first["hits"] = 99
    first.clear()
    got = stats_of(cache)
    expected = {"hits": 1, "misses": 1, "expiries": 0, "evictions": 0, "entries": 1}
    assert got == repr(expected), (
        f"then the dict kept changed and cleared: a new stats() should be {expected!r}; got {got}"
    )


def test_caches_are_independent():
    """two caches at once: updates, reads, counts and settings of one never show in the
    other"""
    new = fresh("status").StatusCache  # one class for both: state kept in it would show
    clock = Clock()
    first, second = new(60, 2, clock), new(60, 2, clock)
    for order in ("o-1", "o-2", "o-3"):
        first.update("Store-1", order, "placed")
    first.read("Store-1", "o-3")
    got = [*reads(second, [("Store-1", "o-3")]), stats_of(second)]
    expected = {"hits": 0, "misses": 1, "expiries": 0, "evictions": 0, "entries": 0}
    assert got == ["None", repr(expected)], (
        "two caches of capacity 2, three orders updated and one read in the first: the second "
        f"should read None for o-3 and its stats() be {expected!r}; got {', '.join(got)}"
    )
    # Each keeps its own ttl and capacity, whatever another made after it was given.
    first = new(60, 10, clock)
    new(10, 1, clock)
    first.update("Store-1", "o-1", "placed")
    first.update("Store-1", "o-2", "placed")
    clock.now = 30.0
    got = reads(first, [("Store-1", "o-1"), ("Store-1", "o-2")])
    assert got == ["'placed'", "'placed'"], (
        "a cache of ttl 60 and capacity 10, then another of ttl 10 and capacity 1; the "
        "first updates o-1 and o-2 at 0 and reads them at 30: its own ttl and capacity hold "
        f"both, so 'placed', 'placed'; got {', '.join(got)}"
    )


def test_each_cache_reads_its_own_clock():
    """two caches on two clocks: the time of one never moves the other's entries"""
    new = fresh("status").StatusCache  # one class for both: a clock kept in it would show
    moving, still = Clock(), Clock()
    first, second = new(60, 10, moving), new(60, 10, still)
    first.update("Store-1", "o-1", "placed")
    second.update("Store-1", "o-1", "placed")
    moving.now = 100.0
    got = reads(second, [("Store-1", "o-1")]) + reads(first, [("Store-1", "o-1")])
    got += reads(second, [("Store-1", "o-1")])
    assert got == ["'placed'", "None", "'placed'"], (
        "ttl 60: two caches, the first on a clock moved to 100, the second on a clock left "
        "at 0, each updated o-1 at 0: read o-1 in the second, then in the first, then in the "
        f"second again, should give 'placed', None, 'placed'; got {', '.join(got)}"
    )


def test_the_worked_example():
    """the README's example: store ids ignore case, o-2 evicted, o-1 expired, o-3 forgotten,
    and the counts"""
    clock = Clock()
    cache = new_cache(60, 2, clock)
    cache.update("Store-7", "o-1", "placed")
    got = reads(cache, [("store-7", "o-1")])
    cache.update("Store-7", "o-2", "placed")
    got += reads(cache, [("STORE-7", "o-1")])
    cache.update("Store-9", "o-3", "accepted")
    got += reads(cache, [("Store-7", "o-2")])
    clock.now = 50.0
    cache.update("Store-9", "o-3", "preparing")
    clock.now = 60.0
    got += reads(cache, [("Store-7", "o-1"), ("Store-9", "o-3")])
    got += [tried(lambda: cache.forget("Store-9", "o-3")) for _ in range(2)]
    got.append(stats_of(cache))
    counts = {"hits": 3, "misses": 2, "expiries": 1, "evictions": 1, "entries": 0}
    expected = [
        "'placed'",
        "'placed'",
        "None",
        "None",
        "'preparing'",
        "returned True",
        "returned False",
        repr(counts),
    ]
    assert got == expected, (
        "the README's example should give, read by read: 'placed', 'placed', None, None, "
        f"'preparing', forget True then False, and stats() {counts!r}; got {', '.join(got)}"
    )
