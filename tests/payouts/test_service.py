"""Spec tests for payouts: the service as a whole: each account's balance its own,
services independent, nothing expiring with time or capped at scale.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Every test makes its services from the learner's package, imported afresh for
it, each with a bank of its own (tests/payouts/model.py) and a clock the test
moves by hand. These tests compare whole services, so nearly any mistake fails
them: they come after the tests of single behaviours, whose titles name what
broke.
"""

import csv
import io

import pytest

from tests.harness.toolkit.spec import refuses, show
from tests.payouts.world import Clock, fields, funded, make, sent

# Ids that read like the names a ledger gives its own accounts (the reference's chart:
# merchant:<id>, settlement:<currency>, fx:<currency>, in_transit:<currency>, bank:<currency>).
LEDGER_LIKE = [
    f"{name}:{currency}"
    for currency in ("USD", "JPY")
    for name in ("settlement", "fx", "in_transit", "bank", "merchant")
]


def test_an_accounts_balance_moves_only_with_its_own_credits_and_payouts():
    """a balance moves only with its own account's credits and payouts, whatever its id
    reads like: 'settlement:USD', 'in_transit:JPY' or 'fx:USD' is an id like any other"""
    svc, bank, _ = make()
    svc.set_rate("USD", "JPY", "150")
    expected = {}
    for number, account in enumerate(LEDGER_LIKE, start=1):
        svc.open_account(account, account[-3:], f"bank-{number}")
        svc.credit(account, number, account[-3:])
        expected[account] = number
    svc.open_account("usd", "USD", "bank-usd")  # paid 400 of its 1000
    svc.open_account("yen", "USD", "bank-yen", payout_currency="JPY")  # paid 300 of 1000
    svc.open_account("back", "USD", "bank-back")  # 200 of its 500 refused, and back
    svc.open_account("jpy", "JPY", "bank-jpy")  # credited 1.00 USD: 150 yen
    for account, amount in (("usd", 1000), ("yen", 1000), ("back", 500), ("jpy", 100)):
        svc.credit(account, amount, "USD")
    for account, amount in (("back", 200), ("usd", 400), ("yen", 300)):
        svc.request_payout(account, amount, "k1")
    bank.plan += ["refuse"]
    svc.run()
    expected.update({"usd": 600, "yen": 700, "back": 500, "jpy": 150})
    got = {account: svc.balance(account) for account in expected}
    wrong = [
        f"{account!r} {got[account]!r}" for account in expected if got[account] != expected[account]
    ]
    assert not wrong, (
        f"accounts {show(LEDGER_LIKE)} (each in the currency its id ends with) credited "
        "1, 2, ... in their order; then usd (in USD) credited 1000 USD and paid 400, yen "
        "(in USD, paid in JPY at 150) credited 1000 and paid 300, back (in USD) credited "
        "500 and paid 200, refused, jpy (in JPY) credited 1.00 USD: each balance should "
        f"move only with its own account's calls, {expected}; got " + ", ".join(wrong)
    )


def export_rows(text: str) -> list[list[str]]:
    """The rows of an export below its header, read as CSV (its quoting is its own)."""
    return list(csv.reader(io.StringIO(text)))[1:]


def test_services_are_independent():
    """two services share nothing: the same account ids, the same keys, their own rates,
    balances, payouts, events, days and banks"""
    first, _, clock = funded({"a": 1000})
    second, _, _ = make(clock)
    refuses(
        KeyError,
        "service 1 has an account a, service 2 none: balance('a') on service 2",
        lambda: second.balance("a"),
    )
    first.set_rate("USD", "JPY", "150")
    second.open_account("j", "JPY", "bank-j")
    refuses(
        LookupError,
        "service 1 has a rate from USD to JPY and service 2 none; service 2's j is held in "
        "JPY: credit('j', 100, 'USD') on service 2",
        lambda: second.credit("j", 100, "USD"),
    )
    second.open_account("a", "USD", "bank-a")
    second.credit("a", 5, "USD")
    first.request_payout("a", 400, "k1")
    theirs = second.request_payout("a", 3, "k1")
    got = [
        first.balance("a") >= 600,
        second.payout(theirs).amount,
        len(second.list_payouts()[0]),
        len(second.events()),
    ]
    assert got == [True, 3, 1, 1], (
        "service 1 has account a (1000, then a payout of 400 with key 'k1'); service 2 opens "
        "its own a, credits it 5 and pays out 3 with key 'k1': service 2's payout should be "
        "of 3, its only one, and its only event; got (service 1's a untouched, amount, "
        f"payouts, events) {show(got)}"
    )
    # Each on a clock of its own: what one service files by time (its payouts' days) is
    # its own too.
    early, _, _ = funded({"x": 300}, clock=Clock(5.0))
    late, _, _ = funded({"x": 300}, clock=Clock(100_000.0))  # day 1
    early.request_payout("x", 100, "k")
    mine = late.request_payout("x", 100, "k")
    got = [len(export_rows(late.export(0))), export_rows(late.export(1))]
    expected = [0, [[mine, "x", "1.00", "USD", "pending"]]]
    assert got == expected, (
        "two services on clocks of their own: service 1 pays out 100 from its x at 5 s (day "
        "0), service 2 from its x at 100,000 s (day 1): service 2's export(0) should have no "
        f"row and its export(1) the row of its payout; got {got[0]} rows for day 0, and for "
        f"day 1 {show(got[1]) or 'no row'}"
    )
    # Each with a bank of its own: the same calls on two services, and each bank is asked
    # for its own service's payout, whatever the other bank paid.
    services = [funded({"m": 1000}) for _ in range(2)]
    payouts = [svc.request_payout("m", 400, "k") for svc, _, _ in services]
    for svc, _, _ in services:
        svc.run()
    got = [
        (sent(bank), svc.payout(payout).status, svc.payout(payout).transfer_id)
        for (svc, bank, _), payout in zip(services, payouts, strict=True)
    ]
    expected = [([("bank-m", 400, "USD", "pay")], "paid", "tr1")] * 2
    assert got == expected, (
        "two services, each on a bank of its own, make the same calls: m credited 1000, a "
        "payout of 400 with key 'k', then each runs: each bank should be asked for its own "
        "service's payout once and pay it, the payout 'paid' with that bank's transfer "
        "'tr1'; got (what the bank was asked, the status, the transfer id) for service 1 "
        f"{show(got[:1])} and for service 2 {show(got[1:])}"
    )

    # Made in turn, the same calls at the same moments but for other accounts, amounts and
    # rates: the same payout ids, the same pair at the same moment, each service's own.
    made, wrong = [], []

    def check(number: int, when: str) -> None:
        svc, payout, expected = made[number - 1]
        shown, rows = fields(svc.payout(payout)), export_rows(svc.export())
        row = [payout, expected[0], str(expected[1]), "JPY", "paid"]  # yen: no decimals
        if shown != expected or rows != [row]:
            wrong.append(
                f"service {number}'s payout, {when}, was {shown!r} with the rows {rows!r}, "
                f"not {expected!r} with the row {row!r}"
            )

    cases = [("acme", 1250, "150", 1875), ("kyoto", 999, "100", 999)]  # the last: in yen
    for account, amount, rate, yen in cases:
        svc, _, clock = funded({account: 5000}, "USD", "JPY")
        svc.set_rate("USD", "JPY", rate)
        clock.t = 5.0
        payout = svc.request_payout(account, amount, "k")
        clock.t = 100.0
        svc.run()
        made.append((svc, payout, (account, yen, "JPY", "paid", 5.0, "tr1")))
        check(len(made), "once paid")
    for number in range(1, len(made) + 1):
        check(number, "once both were paid")
    assert not wrong, (
        "two services made in turn, each with an account in USD paid in JPY and a rate "
        "from USD to JPY at 0 s, then at 5 s a payout with key 'k', and at 100 s a run: "
        "service 1's acme holds 50.00 USD, rate 150, and pays out 12.50 USD (1875 yen); "
        "service 2's kyoto holds 50.00 USD, rate 100, and pays out 9.99 USD (999 yen): "
        "each payout should be priced at its service's rate, and payout() (account, "
        "amount, currency, status, created_at, transfer_id) and export()'s rows show its "
        "own; " + "; ".join(wrong)
    )


# How long after: past a request key's hour and day, a rate's and a cursor's day, the
# events' week, a final payout's month, and a year.
LATER = [("2 days", 2 * 86_400.0), ("8 days", 8 * 86_400.0), ("31 days", 31 * 86_400.0)]
LATER += [("366 days", 366 * 86_400.0)]


def expired_after(later: float) -> list[str]:
    """A rate set and three payouts made and paid from 0 to 2 s, and a cursor kept; then
    `later` seconds on, what no longer gives what it gave, in words."""
    svc, _, clock = funded({"a": 1000})
    svc.open_account("y", "USD", "bank-y", payout_currency="JPY")
    svc.credit("y", 1000, "USD")
    svc.set_rate("USD", "JPY", "150")
    ids = []
    for at, account, key in ((0.0, "a", "k1"), (1.0, "a", "k2"), (2.0, "y", "k3")):
        clock.t = at
        ids.append(svc.request_payout(account, 100, key))
    svc.run()  # at 2 s: pays all three
    _, cursor = svc.list_payouts(1)
    events = list(svc.events())
    clock.t = 2.0 + later

    def page() -> tuple[list[str], object]:
        payouts, after = svc.list_payouts(10, cursor)
        return [payout.payout_id for payout in payouts], after

    def log() -> tuple[int, bool]:
        now = list(svc.events())
        return len(now), now == events

    def payout() -> tuple[str, str]:
        found = svc.payout(ids[0])
        return found.status, found.transfer_id

    checks = [  # (the call, in words; the call; what it should give): the new payouts last
        ("list_payouts(10, the kept cursor), as (ids, next_cursor)", page, (ids[1:], None)),
        ("events(), as (how many, all those it gave at 2 s)", log, (len(events), True)),
        (f"payout({ids[0]!r}), as (status, transfer_id)", payout, ("paid", "tr1")),
        ("request_payout('a', 100, 'k1')", lambda: svc.request_payout("a", 100, "k1"), ids[0]),
        ("balance('a')", lambda: svc.balance("a"), 800),
        (
            "a new payout of 1.00 USD from y, request_payout('y', 100, 'k4'), in yen",
            lambda: svc.payout(svc.request_payout("y", 100, "k4")).amount,
            150,
        ),
    ]
    wrong = []
    for words, call, expected in checks:
        try:
            got = call()
        except Exception as error:
            got = f"raised {type(error).__name__}"
        if got != expected:
            wrong.append(f"{words} should give {show([expected])}; it gave {show([got])}")
    return wrong


def test_nothing_the_service_keeps_expires_with_time():
    """what the service keeps stays good however long ago it was made: days, weeks and a
    month later a used key still returns its payout, a cursor still continues, events()
    still has every event, payout() still answers, and a rate set then still prices a
    payout"""
    for words, later in LATER:
        wrong = expired_after(later)
        assert not wrong, (
            "at USD->JPY 150 (set at 0 s), payouts of 1.00 USD from a with key 'k1' at 0 s, "
            "from a at 1 s and from y (paid in JPY: 150 yen) at 2 s, all paid by a run at "
            f"2 s; the cursor of the first page of 1 kept; then {words} later nothing has "
            "expired: " + "; ".join(wrong)
        )


def answered(call) -> object:
    """What `call()` gives, or the exception it raised, in words."""
    try:
        return call()
    except Exception as error:
        return f"raised {type(error).__name__}"


def exported_ids(svc, day: int) -> list[str]:
    """The payout ids of export(day), row by row."""
    return [row[0] for row in list(csv.reader(io.StringIO(svc.export(day))))[1:]]


# Thousands of accounts, payouts, days and rates: 0.3 to 0.4 s on the reference, up to
# 0.6 s for the slowest correct design, on a busy machine: past the scenario limit.
@pytest.mark.slow
def test_nothing_is_capped_or_forgotten_at_scale():
    """nothing is capped or forgotten at scale: 2,200 accounts credited, 1,200 payouts due
    in one run and retried, 1,200 payouts in a day then one a day for 400 days, 1,200
    rates set, 150 attempts at one payout: the first of each is kept, the last counts"""
    svc, _, _ = make()
    for n in range(2200):
        svc.open_account(f"m{n}", "USD", f"bank-m{n}")
        svc.credit(f"m{n}", n + 1, "USD")
    wrong = [
        f"balance('m{n}') gave {show([got])}"
        for n in range(2200)
        if (got := answered(lambda n=n: svc.balance(f"m{n}"))) != n + 1
    ]
    assert not wrong, (
        "2200 accounts m0 to m2199 opened in USD, account mN credited N + 1 cents: each "
        "balance should be what it was credited (balance('m0') gives 1); "
        + "; ".join(wrong[:3])
        + f" ({len(wrong)} accounts wrong)"
    )

    svc, bank, clock = funded({"a": 10_000})
    ids = [svc.request_payout("a", 1, f"k{n}") for n in range(1200)]
    bank.plan = ["unavailable"] * 2400
    sends = []
    for clock.t in (0.0, 30.0, 60.0, 90.0):
        before = len(bank.calls)
        try:
            svc.run()
        except Exception as error:
            sends.append(f"raised {type(error).__name__} after {len(bank.calls) - before}")
        else:
            sends.append(len(bank.calls) - before)
    assert sends == [1200, 1200, 0, 1200], (
        "a holds 100.00 USD; 1200 payouts of 0.01 USD requested at 0 s; the bank "
        "unavailable for the first 2400 transfers asked of it; run() at 0 s, 30 s, 60 s "
        "and 90 s should send every due payout, oldest first: all 1200, all 1200 again "
        "(30 s after the first attempt), none (each waits 60 s after its second attempt, "
        f"until 90 s), then all 1200; it sent {show(sends)}"
    )
    unpaid = [
        f"payout({payout!r}).status gave {show([got])}"
        for payout in ids
        if (got := answered(lambda payout=payout: svc.payout(payout).status)) != "paid"
    ]
    assert not unpaid, (
        "1200 payouts of a requested at 0 s, all paid by the run at 90 s: payout() "
        "should give each of them, 'paid'; "
        + "; ".join(unpaid[:3])
        + f" ({len(unpaid)} payouts wrong)"
    )

    for day in range(1, 401):
        clock.t = day * 86_400.0 + 10
        svc.request_payout("a", 1, f"day{day}")
    day_zero = answered(lambda: exported_ids(svc, 0))
    assert day_zero == ids, (
        "the 1200 payouts of a requested on day 0 (at 0 s), then a payout a day on days "
        "1 to 400: export(0) should have a row for each of the 1200, in the order "
        f"requested, from {ids[0]!r}; it gave "
        + (f"{len(day_zero)} rows" if isinstance(day_zero, list) else day_zero)
    )

    svc, _, _ = make()
    svc.open_account("k", "JPY", "bank-k")
    for n in range(1200):
        svc.set_rate("USD", "JPY", str(100 + n))
    svc.credit("k", 100, "USD")
    assert svc.balance("k") == 1299, (
        "set_rate('USD', 'JPY', ...) 1200 times, at '100', '101', ... up to '1299'; then "
        "a credit of 1.00 USD to k, held in JPY: it should be converted at the rate set "
        f"last, 1299 yen; the balance is {svc.balance('k')}"
    )

    svc, bank, clock = funded({"a": 100})
    payout = svc.request_payout("a", 1, "k1")
    bank.plan = ["unavailable"] * 150
    for attempt in range(151):
        clock.t = attempt * 900.0
        svc.run()
    attempts = [kind for kind, _ in svc.events()][1:]
    got = [len(bank.calls), attempts.count("retrying"), attempts[-1:]]
    assert got == [151, 150, ["paid"]], (
        f"one payout ({payout!r}), the bank unavailable for its first 150 attempts, run() "
        "every 900 s from 0 s: it should be sent 151 times, and events() should give a "
        "'retrying' for each of the 150 attempts, then 'paid'; got (sends, 'retrying' "
        f"events, last event) {show(got)}"
    )
