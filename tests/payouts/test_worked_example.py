"""Spec test for payouts: the README's worked example, call for call.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

It names no one behaviour: every other spec test holds one sentence of the
contract, and a report lists this one after them.
"""

import csv
import io

from tests.harness.toolkit.spec import show
from tests.payouts.world import make


def test_the_worked_example():
    """the README's example: two accounts, one paid in yen; a lost answer, then paid once;
    a refusal; a page of one; the export and the events"""
    svc, bank, clock = make()
    svc.set_rate("USD", "JPY", "150")
    svc.open_account("acme", "USD", "bank-acme")
    svc.open_account("kyoto", "USD", "bank-kyoto", payout_currency="JPY")
    svc.credit("acme", 5000, "USD")
    svc.credit("kyoto", 1003, "USD")
    p1 = svc.request_payout("acme", 1250, "may-1")
    again = svc.request_payout("acme", 1250, "may-1")
    p2 = svc.request_payout("kyoto", 1003, "may-1")
    got = [again == p1, svc.balance("acme"), svc.payout(p2).amount, svc.payout(p2).currency]
    assert got == [True, 3750, 1504, "JPY"], (
        "the README's example: the same key again should give p1; acme should hold 3750; "
        "kyoto's payout of 10.03 USD at 150 should pay 1504 JPY (1504.5, halves to even); "
        f"got (same id, acme's balance, amount, currency) {show(got)}"
    )
    bank.plan = ["lost", "refuse"]
    svc.run()
    got = [svc.payout(p1).status, svc.payout(p2).status, svc.balance("kyoto")]
    assert got == ["pending", "failed", 1003], (
        "the README's example: the first run (p1 paid but its answer lost, p2 refused) "
        f"should leave p1 'pending', p2 'failed' and kyoto at 1003; got {show(got)}"
    )
    clock.t = 30.0
    svc.run()
    got = [svc.payout(p1).status, svc.payout(p1).transfer_id, len(bank.paid)]
    assert got == ["paid", "tr1", 1], (
        "the README's example: the run at 30 s should leave p1 'paid' with 'tr1', the bank "
        f"having paid once; got {show(got)}"
    )
    page, cursor = svc.list_payouts(limit=1)
    rest, last = svc.list_payouts(1, cursor)
    got = [[p.payout_id for p in page] == [p1], [p.payout_id for p in rest] == [p2], last]
    assert got == [True, True, None], (
        "the README's example: list_payouts(limit=1) should give [p1] and a cursor, and that "
        f"cursor [p2] and None; got (first page, second page, cursor) {show(got)}"
    )
    rows = list(csv.reader(io.StringIO(svc.export())))
    expected = [
        ["payout_id", "account_id", "amount", "currency", "status"],
        [p1, "acme", "12.50", "USD", "paid"],
        [p2, "kyoto", "1504", "JPY", "failed"],
    ]
    assert rows == expected, (
        f"the README's example: export() should give the rows {show(expected)}; got {show(rows)}"
    )
    names = {p1: "p1", p2: "p2"}
    events = [(kind, names.get(payout, payout)) for kind, payout in svc.events()]
    expected = [
        ("created", "p1"),
        ("created", "p2"),
        ("retrying", "p1"),
        ("failed", "p2"),
        ("paid", "p1"),
    ]
    assert events == expected, (
        f"the README's example: events() should be {show(expected)}; got {show(events)}"
    )
