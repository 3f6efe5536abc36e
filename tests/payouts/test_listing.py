"""Spec tests for payouts: the list endpoint, its cursors, and the export.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

list_payouts gives the payouts in the order they were requested, a page at a
time; a page's cursor continues after its last payout. Payouts requested
while the clock stands still share their created_at: the list must keep
every one of them whatever the page size. The export is a CSV of the same
list, its amounts written currency by currency as the table here says.
"""

import csv
import io
import math

from tests.harness.toolkit.spec import refuses, show
from tests.payouts.model import major
from tests.payouts.world import Clock, funded, make


def walk(svc, limit: int) -> tuple[list[str], list[int]]:
    """Every page from the first, following the cursors: the payout ids in the order
    listed, and the size of each page (at most 1,000 pages)."""
    ids, sizes, cursor = [], [], None
    for _ in range(1000):
        payouts, cursor = svc.list_payouts(limit, cursor)
        ids += [payout.payout_id for payout in payouts]
        sizes.append(len(payouts))
        if cursor is None:
            break
    return ids, sizes


def standing(svc, limit: int) -> list[tuple[str, str | None]]:
    """(status, transfer_id) of every payout, listed `limit` to a page following the
    cursors (at most 1,000 pages)."""
    found, cursor = [], None
    for _ in range(1000):
        payouts, cursor = svc.list_payouts(limit, cursor)
        found += [(payout.status, payout.transfer_id) for payout in payouts]
        if cursor is None:
            break
    return found


def requested(svc, clock, times: list[float], first: int = 0) -> list[str]:
    """A payout of 1 from account a at each of `times`, with keys k<first>, k<first + 1>,
    ...: their ids, in order."""
    ids = []
    for number, at in enumerate(times, start=first):
        clock.t = at
        ids.append(svc.request_payout("a", 1, f"k{number}"))
    return ids


def rows(svc, day=None) -> list[list[str]]:
    return list(csv.reader(io.StringIO(svc.export() if day is None else svc.export(day))))


# (currency, minor units, the export's text)
WRITTEN = [
    ("USD", 5, "0.05"),
    ("USD", 1250, "12.50"),
    ("USD", 100000, "1000.00"),
    ("EUR", 10, "0.10"),
    ("GBP", 99, "0.99"),
    ("JPY", 7, "7"),
    ("JPY", 1200, "1200"),
    ("KRW", 15000, "15000"),
    ("KWD", 5, "0.005"),
    ("KWD", 1005, "1.005"),
    ("KWD", 1000, "1.000"),
    ("BHD", 123456, "123.456"),
    # more digits than a float holds (2 ** 53 + 1, and 17 digits)
    ("USD", 9007199254740993, "90071992547409.93"),
    ("JPY", 9007199254740993, "9007199254740993"),
    ("KWD", 12345678901234567, "12345678901234.567"),
    # more digits than Decimal's default context keeps (28)
    ("USD", 10**30 + 1, "10000000000000000000000000000.01"),
    ("KWD", 10**31 + 7, "10000000000000000000000000000.007"),
]

for _case in WRITTEN:
    assert major(_case[1], _case[0]) == _case[2], _case


def test_payouts_are_listed_in_the_order_they_were_requested():
    """list_payouts gives every payout, in the order requested, on one page when they fit"""
    svc, _, clock = funded({"a": 100, "b": 100})
    ids = []
    for at, account in ((1.0, "b"), (2.0, "a"), (3.0, "b")):
        clock.t = at
        ids.append(svc.request_payout(account, 5, f"k{at}"))
    payouts, cursor = svc.list_payouts()
    got = [[payout.payout_id for payout in payouts] == ids, cursor]
    assert got == [True, None], (
        f"3 payouts requested (ids {show(ids)}): list_payouts() should give them in that "
        f"order, with next_cursor None; got ids {show([p.payout_id for p in payouts])} and "
        f"next_cursor {cursor!r}"
    )


def test_a_page_holds_at_most_limit_payouts_and_its_cursor_continues_after_it():
    """a page has at most `limit` payouts, and its cursor gives the page after it: every
    payout once, in order"""
    svc, _, clock = funded({"a": 100})
    ids = requested(svc, clock, [float(n) for n in range(7)])
    got = walk(svc, 3)
    assert got == (ids, [3, 3, 1]), (
        f"7 payouts requested one second apart (ids {show(ids)}), listed 3 to a page "
        f"following the cursors: pages of 3, 3, 1 with every id once, in order; got ids "
        f"{show(got[0])}, pages of {show(got[1])}"
    )


def test_every_cursor_the_service_hands_out_is_taken_back():
    """each cursor list_payouts gives is one it takes back: 300 payouts listed one to a
    page, every page's cursor followed, give every payout once, in order; so do payouts
    requested at clock readings a float writes in other forms (1e-05, 1e+16, -100.0)"""
    # One to a page, every payout ends a page: a cursor whose text holds some of them
    # in characters its own decoding refuses is met.
    cases = [("300 payouts requested one second apart", [float(n) for n in range(300)])]
    for times in ([1e-05, 2e-05], [1e16, 2e16], [-100.0, -99.0]):
        cases.append((f"2 payouts requested at clock {times[0]!r} and {times[1]!r}", times))
    wrong = []
    for scenario, times in cases:
        svc, _, clock = funded({"a": 1000}, clock=Clock(times[0]))
        ids = requested(svc, clock, times)
        got, cursor, stopped = [], None, ""
        try:
            while len(got) <= len(ids):
                payouts, cursor = svc.list_payouts(1, cursor)
                got += [payout.payout_id for payout in payouts]
                if cursor is None:
                    break
        except Exception as error:
            stopped = f", then list_payouts(1, {cursor!r}) raised {type(error).__name__}"
        if got != ids:
            wrong.append(f"{scenario}: got {len(got)} of the {len(ids)} ids{stopped}")
    assert not wrong, (
        "payouts listed one to a page following the cursors: every id once, in order; "
        + "; ".join(wrong)
    )


def test_a_page_is_filled_up_to_its_limit_however_large():
    """a page holds `limit` payouts when there are that many, however large the limit: no
    page size of its own caps it (without a limit, 100)"""
    svc, _, clock = funded({"a": 1000})
    ids = requested(svc, clock, [float(n) for n in range(250)])
    limits = [1000, 2**63, 2**64, 10**30, 120]

    def listed(limit: int) -> object:
        try:
            found = walk(svc, limit)
        except Exception as error:
            return f"raised {type(error).__name__}"
        return (found[0] == ids, found[1])

    first, cursor = svc.list_payouts()
    got = [*map(listed, limits), (len(first), cursor is not None)]
    expected = [(True, [250])] * 4 + [(True, [120, 120, 10]), (100, True)]
    assert got == expected, (
        "250 payouts requested one second apart, listed following the cursors: (every id "
        "once, in order; the size of each page) should be (True, [250]) 1000, 2**63, 2**64 "
        "and 10**30 to a page and (True, [120, 120, 10]) 120 to a page, and list_payouts() "
        f"with no limit should give 100 payouts and a cursor; got {show(got)}"
    )


def test_a_cursor_stays_good_however_many_pages_are_listed_after_it():
    """a cursor gives the page after its own however many pages were listed since: after
    5,000 later pages, the first page's cursor still gives the payouts after the first"""
    svc, _, clock = funded({"a": 1000})
    ids = requested(svc, clock, [float(n) for n in range(50)])
    _, kept = svc.list_payouts(1)
    for _ in range(100):  # 50 pages each
        walk(svc, 1)
    try:
        payouts, _ = svc.list_payouts(100, kept)
        got = [payout.payout_id for payout in payouts] == ids[1:]
    except Exception as error:
        got = f"raised {type(error).__name__}"
    assert got is True, (
        "50 payouts requested one second apart; the first page of 1 is listed and its "
        "cursor kept; then 100 walks through the list one payout to a page (5,000 pages); "
        "then list_payouts(100, the kept cursor): it should give the 49 payouts after the "
        f"first, in order; it {'gave others' if got is False else got}"
    )


def test_the_page_that_ends_with_the_last_payout_has_no_cursor():
    """next_cursor is None on the page that ends with the last payout, when it is full too"""
    svc, _, clock = funded({"a": 100})
    requested(svc, clock, [1.0, 2.0, 3.0, 4.0])
    first, cursor = svc.list_payouts(2)
    second, last = svc.list_payouts(2, cursor)
    got = [len(first), cursor is None, len(second), last]
    assert got == [2, False, 2, None], (
        "4 payouts, listed 2 to a page: the first page should have 2 and a cursor, the "
        "second the other 2 and next_cursor None; got (size, no cursor, size, cursor) "
        f"{show(got)}"
    )


def test_payouts_requested_at_the_same_moment_are_all_listed_across_pages():
    """payouts that share their created_at are all listed, whatever page boundary falls
    between them"""
    svc, _, clock = funded({"a": 100})
    ids = requested(svc, clock, [5.0] * 4 + [6.0] * 3 + [7.0])
    for limit in (1, 2, 3, 5):
        got = walk(svc, limit)[0]
        assert got == ids, (
            f"8 payouts, the first 4 requested at 5 s, 3 at 6 s, 1 at 7 s (ids {show(ids)}), "
            f"listed {limit} to a page following the cursors: every id once, in order; got "
            f"{show(got)}"
        )


def test_a_cursor_continues_after_its_page_when_payouts_were_requested_since():
    """a cursor gives what follows its page at the time it is used: payouts requested
    after the page was listed are on the pages that follow"""
    svc, _, clock = funded({"a": 100})
    ids = requested(svc, clock, [1.0, 1.0, 1.0])
    first, cursor = svc.list_payouts(2)
    ids += requested(svc, clock, [1.0, 2.0], first=3)
    rest, later = svc.list_payouts(10, cursor)
    got = [payout.payout_id for payout in first + rest]
    assert (got, later) == (ids, None), (
        "3 payouts at 1 s, a page of 2, then 2 more payouts (at 1 s and 2 s), then the page "
        f"after the first's cursor: every id once, in order ({show(ids)}), and no cursor "
        f"after; got {show(got)} and next_cursor {later!r}"
    )
    # A cursor on a payout requested after a thousand others, and after pages were listed
    # from a cursor: what the list keeps to find a cursor's place must keep up however
    # long it is.
    svc, _, clock = funded({"a": 2000})
    times = [float(1 + n // 7) for n in range(1021)]  # 7 payouts a second
    ids = requested(svc, clock, times[:1011])
    svc.list_payouts(2, svc.list_payouts(2)[1])
    ids += requested(svc, clock, times[1011:], first=1011)
    _, cursor = svc.list_payouts(1015)
    rest, later = svc.list_payouts(10, cursor)
    got = [payout.payout_id for payout in rest]
    assert (got, later) == (ids[1015:], None), (
        "1,011 payouts, 7 a second from 1 s; the first page of 2 and the page after it "
        "(from its cursor) listed; then 10 more payouts; then a page of 1,015 and the page "
        f"of 10 after its cursor: it should hold the 6 payouts after the 1,015th, "
        f"{show(ids[1015:])}, and no cursor after; got {show(got) or 'none'} and "
        f"next_cursor {later!r}"
    )


def test_list_payouts_refuses_a_limit_below_one_and_a_malformed_cursor():
    """list_payouts raises ValueError for a limit below 1 and for a malformed cursor"""
    svc, _, clock = funded({"a": 100})
    requested(svc, clock, [1.0, 2.0, 3.0])
    for limit, cursor in ((0, None), (-1, None), (2, "not a cursor"), (2, ""), (2, "djE6")):
        refuses(
            ValueError,
            f"list_payouts({limit!r}, {cursor!r})",
            lambda limit=limit, cursor=cursor: svc.list_payouts(limit, cursor),
        )


def test_the_list_and_the_export_show_each_payout_as_it_stands_now():
    """list_payouts and export show each payout's status (and the list its transfer id)
    as they are when called, also after a run changed them without adding a payout: the
    whole list and each page of it, the export and the export of a day that is over"""
    svc, bank, clock = funded({"a": 100})
    clock.t = 86_370.0  # day 0, 30 s before it ends
    for amount in (10, 20, 30):
        svc.request_payout("a", amount, f"k{amount}")
    bank.plan += ["refuse", "pay", "unavailable"]
    pending, failed = ("pending", None), ("failed", None)
    moments = [  # (the clock, a run first or not; the payouts' (status, transfer_id) then)
        (86_370.0, False, [pending, pending, pending]),
        (86_370.0, True, [failed, ("paid", "tr1"), pending]),
        (86_400.0, False, [failed, ("paid", "tr1"), pending]),  # day 1: day 0 is over
        (86_400.0, True, [failed, ("paid", "tr1"), ("paid", "tr2")]),
    ]
    for at, run, expected in moments:
        clock.t = at
        if run:
            svc.run()
        statuses = [status for status, _ in expected]
        shown = {  # what each call showed, and what it should show
            "list_payouts()": (standing(svc, 100), expected),
            "list_payouts(1) page by page": (standing(svc, 1), expected),
            "export()": ([row[4] for row in rows(svc)[1:]], statuses),
            "export(0)": ([row[4] for row in rows(svc, 0)[1:]], statuses),
        }
        wrong = [f"{call} showed {show(got)}" for call, (got, want) in shown.items() if got != want]
        assert not wrong, (
            "payouts of 10, 20 and 30 requested at 86370 s (day 0), listed whole and one to a "
            "page and exported (all, and day 0) at 86370 s before any run, after a run then "
            "(the bank refuses the first, pays the second, is unavailable for the third), at "
            "86400 s (day 1) before a run, and after a run then (it pays the third): "
            + ("after the run" if run else "before the run")
            + f" at {at:g} s the list should show (status, transfer_id) {show(expected)} and "
            f"the export the statuses {show(statuses)}; " + "; ".join(wrong)
        )


def test_the_export_has_the_header_then_a_row_per_payout_in_order():
    """export() is CSV: the header payout_id,account_id,amount,currency,status, then a row
    per payout in the order requested, with its account id as it is, whatever it holds"""
    # Ids with what a CSV field must be quoted for: a comma, a quote, a line break; and
    # ids a spreadsheet would take for a formula, which the export writes as they are.
    odd = ["b,c", 'd"e', "f\ng", "h\r\ni", "j\n", "=1+2", "+k", "-l", "@m", "'n"]
    svc, bank, _ = funded(dict.fromkeys(["a", *odd], 5000))
    refused = svc.request_payout("a", 1234, "k1")
    paid = [(svc.request_payout(account, 7, "k1"), account) for account in odd]
    bank.plan += ["refuse"]
    svc.run()
    got = rows(svc)
    expected = [
        ["payout_id", "account_id", "amount", "currency", "status"],
        [refused, "a", "12.34", "USD", "failed"],
        *([payout, account, "0.07", "USD", "paid"] for payout, account in paid),
    ]
    wrong = [
        f"{show([row])} came back as {show([found])}"
        for row, found in zip(expected, got, strict=False)
        if found != row
    ]
    assert got == expected, (
        f"a payout of 12.34 USD from a (refused), then 0.07 USD from each of {show(odd)} "
        f"(paid): export() read as CSV should give the header, then a row per payout "
        f"(payout_id, account_id, amount, currency, status), each account id as it is; got "
        f"{len(got)} rows for {len(expected)}: " + ("; ".join(wrong[:4]) or "the rows differ")
    )


def test_the_export_of_many_payouts_requested_at_once_has_a_row_for_each():
    """the export has a row for every payout, however many were requested at the same
    moment"""
    svc, _, clock = funded({"a": 10_000})
    ids = requested(svc, clock, [60.0] * 130 + [61.0] * 120 + [62.0] * 10)
    got = [row[0] for row in rows(svc)[1:]]
    missing = [payout for payout in ids if payout not in got]
    assert got == ids, (
        "260 payouts: 130 requested at 60 s, 120 at 61 s, 10 at 62 s: the export should "
        f"have a row for each, in order; got {len(got)} rows, missing {len(missing)} "
        f"({show(missing[:3])}{' ...' if missing[3:] else ''})"
    )


def test_the_export_of_a_day_has_only_that_days_payouts():
    """export(day) has the rows of the payouts requested while clock() // 86400 was day,
    in the order requested, up to the last moment of the day, on a clock below 0, and
    with days that have none between, whatever the time of day of each payout"""
    # A clock that starts a day below 0: its first payouts are day -1's (-30 // 86400 is
    # -1, where int(-30 / 86400) would be 0).
    svc, _, clock = funded({"a": 1000}, clock=Clock(-86_400.0))
    # The last float before each midnight: still the day before, to the last bit. Enough
    # payouts before day 1's that their numbers, kept in a set, come out of it in another
    # order. A sweep of 150 payouts a tenth of a second before midnight, then 2 at its last
    # float: times made unique by a nudge forward would cross into the next day.
    times = [-30.0, math.nextafter(0.0, -1)]
    times += [1000.0 * n for n in range(28)] + [86_399.5] + [86_399.9] * 150
    times += [math.nextafter(86_400.0, 0)] * 2
    times += [86_400.0, 100_000.0, 150_000.0, math.nextafter(172_800.0, 0), 172_800.0]
    ids = requested(svc, clock, times)
    days = [-1, 0, 1, 2, 3]
    wrong = days_wrong(svc, days, [ids[:2], ids[2:183], ids[183:187], ids[187:], []])
    assert not wrong, (
        "payouts requested one after another on a clock that starts at -86400 s: 2 from "
        "-30 s to the last float before 0 s (day -1), 181 from 0 s to the last float "
        "before 86400 s (day 0; 150 of them at 86399.9 s, 2 at the last float), 4 from "
        "86400 s to the last float before 172800 s (day 1), 1 at 172800 s (day 2): "
        "export(day) should list that day's payouts in the order requested, and no other; "
        + "; ".join(wrong)
    )
    # Days with no payout between those that have some, and a day whose payouts are later
    # in it than the day before's: a day starts at its midnight, not at its first payout,
    # nor when the time of day falls back.
    svc, _, clock = funded({"a": 1000})
    ids = requested(svc, clock, [36_000.0, 50_000.0, 172_900.0, 298_800.0, 299_200.0, 512_000.0])
    days = [0, 1, 2, 3, 4, 5, 6]
    wrong = days_wrong(svc, days, [ids[:2], [], ids[2:3], ids[3:5], [], ids[5:], []])
    assert not wrong, (
        "payouts requested at 36000 and 50000 s (day 0), none on day 1, 1 at 172900 s (day "
        "2, at 00:01:40), 2 at 298800 and 299200 s (day 3, from 11:00), none on day 4, 1 "
        "at 512000 s (day 5, at 22:13:20): export(day) should list that day's payouts in "
        "the order requested, and no other; " + "; ".join(wrong)
    )


def days_wrong(svc, days: list[int], expected: list[list[str]]) -> list[str]:
    """What export(day) got wrong for each of `days`, where `expected` holds the ids of
    each one's payouts in order: a sentence for each day it got wrong."""
    wrong = []
    for day, want in zip(days, expected, strict=True):
        found = [row[0] for row in rows(svc, day)[1:]]
        missing = [payout for payout in want if payout not in found]
        others = [payout for payout in found if payout not in want]
        if missing or others or len(found) != len(want):
            wrong.append(
                f"export({day}) had {len(found)} row{'s' * (len(found) != 1)} for "
                f"{len(want)}, leaving out {len(missing)} ({shortly(missing)}), with "
                f"{len(others)} of other days ({shortly(others)})"
            )
        elif found != want:
            wrong.append(f"export({day}) listed {shortly(found)}, in that order")
    return wrong


def shortly(ids: list[str]) -> str:
    """Payout ids for a sentence: the first 6, then how many more."""
    return (show(ids[:6]) or "none") + (f" and {len(ids) - 6} more" if ids[6:] else "")


def test_the_export_of_a_busy_day_has_a_row_for_every_payout_of_that_day():
    """export(day) has a row for every payout of that day, however many: more than a page
    of the list, with other days' payouts before and after them"""
    svc, _, clock = funded({"a": 1000})
    requested(svc, clock, [1000.0 + 100 * n for n in range(30)])
    day = requested(svc, clock, [86_400.0 + 500 * n for n in range(150)], first=30)
    requested(svc, clock, [172_800.0 + 100 * n for n in range(30)], first=180)
    got = [row[0] for row in rows(svc, 1)[1:]]
    missing = [payout for payout in day if payout not in got]
    others = [payout for payout in got if payout not in day]
    assert got == day, (
        "30 payouts on day 0, then 150 on day 1 (one every 500 s from 86400 s), then 30 on "
        "day 2: export(1) should have a row for each of the 150 of day 1, in order, and no "
        f"other; got {len(got)} rows, missing {len(missing)} "
        f"({show(missing[:3])}{' ...' if missing[3:] else ''}), "
        f"and {len(others)} of other days"
    )


def test_the_export_writes_amounts_in_major_units_with_the_currencys_decimals():
    """the export writes each amount exactly, however large, in major units with its
    currency's own number of decimals: 2 for USD, EUR, GBP, none for JPY and KRW, 3 for
    KWD and BHD"""
    svc, _, _ = make()
    for number, (currency, amount, _) in enumerate(WRITTEN):
        account = f"a{number}"
        svc.open_account(account, currency, f"bank-{account}")
        svc.credit(account, amount, currency)
        svc.request_payout(account, amount, f"k{number}")
    rows = list(csv.reader(io.StringIO(svc.export())))[1:]
    got = [(row[3], row[2]) for row in rows]
    expected = [(currency, text) for currency, _, text in WRITTEN]
    assert got == expected, (
        "payouts of "
        + ", ".join(f"{amount} {currency}" for currency, amount, _ in WRITTEN)
        + f" (minor units): the export's (currency, amount) should be {show(expected)}; "
        f"got {show(got)}"
    )


def test_a_cursor_keeps_the_exact_time_of_its_last_payout():
    """a cursor continues after its page's last payout however close the next one's
    created_at is: times a fraction of a millisecond apart, or that no short decimal
    writes, are each listed once, in order"""
    svc, _, clock = funded({"a": 100})
    times = [0.1, 0.1 + 0.2, 1.0001, 1.0004, 1.00045, 2.0000001, 2.0000002, 1e9 + 0.25]
    ids = requested(svc, clock, times)
    got = walk(svc, 1)
    assert got == (ids, [1] * len(ids)), (
        f"{len(ids)} payouts requested at {show(times)} s (ids {show(ids)}), listed 1 to a "
        f"page following the cursors: every id once, in order; got ids {show(got[0][:12])}"
        f"{' ...' if got[0][12:] else ''} ({len(got[0])} in all)"
    )
