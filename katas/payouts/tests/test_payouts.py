"""Tests written by the team that owns payouts.

Run them from the kata folder: python -m pytest tests
"""

from decimal import Decimal

import pytest
from payouts import Payouts
from payouts.accounts import Balances, MerchantAccount
from payouts.bank.client import PAID, REFUSED, RETRY, BankClient, TransferRequest
from payouts.bank.fake import LOST_REPLY, PAY, REFUSE, TIMEOUT, UNAVAILABLE, FakeBank, Script
from payouts.errors import InsufficientFunds, MissingRate, UnknownCurrency
from payouts.fx import RateTable, convert
from payouts.ledger import Ledger
from payouts.money import Money, lookup
from payouts.scheduling.retries import delay

USD, JPY, KWD = lookup("USD"), lookup("JPY"), lookup("KWD")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def service(balances=None, script=None, paid_in=None):
    """A service on the fake bank, with accounts holding `balances` (in USD, paid to
    bank-<id>); (service, bank, clock)."""
    clock = Clock()
    bank = FakeBank(clock, script or Script())
    svc = Payouts(bank, clock)
    for account, amount in (balances or {}).items():
        svc.open_account(account, "USD", f"bank-{account}", paid_in)
        svc.credit(account, amount, "USD")
    return svc, bank, clock


# -- money and fx --


def test_currencies_know_their_decimals():
    assert [lookup(code).exponent for code in ("USD", "JPY", "KWD", "BHD")] == [2, 0, 3, 3]
    with pytest.raises(UnknownCurrency):
        lookup("usd")


def test_money_is_formatted_with_the_currencys_decimals():
    written = [Money(1250, USD).format(), Money(1200, JPY).format(), Money(1005, KWD).format()]
    assert written == ["12.50", "1200", "1.005"]


def test_major_units_round_half_to_even():
    assert Money.from_major(Decimal("0.125"), USD).minor == 12
    assert Money.from_major(Decimal("0.135"), USD).minor == 14
    assert Money.from_major(Decimal("2.5"), JPY).minor == 2


def test_a_rate_is_for_one_direction():
    rates = RateTable()
    rates.set(USD, JPY, Decimal("150"), 0.0)
    assert convert(Money(100, USD), JPY, rates) == Money(150, JPY)
    with pytest.raises(MissingRate):
        convert(Money(150, JPY), USD, rates)


def test_a_foreign_credit_is_converted_half_to_even():
    svc, _, _ = service()
    svc.open_account("kyoto", "JPY", "bank-kyoto")
    svc.set_rate("USD", "JPY", "150")
    svc.credit("kyoto", 3, "USD")  # 4.5 yen
    svc.credit("kyoto", 1, "USD")  # 1.5 yen
    assert svc.balance("kyoto") == 4 + 2


def test_a_payout_in_yen_rounds_half_a_yen():
    svc, _, _ = service({"kyoto": 1000}, paid_in="JPY")
    svc.set_rate("USD", "JPY", "150")
    payout = svc.request_payout("kyoto", 3, "p1")  # 4.5 yen
    # A payout rounds in the merchant's favour: half a yen is paid to them.
    assert svc.payout(payout).amount == 5


def test_a_payout_keeps_the_rate_it_was_requested_at():
    svc, bank, _ = service({"kyoto": 5000}, paid_in="JPY")
    svc.set_rate("USD", "JPY", "150")
    payout = svc.request_payout("kyoto", 1000, "p1")
    svc.set_rate("USD", "JPY", "100")
    svc.run()
    assert svc.payout(payout).amount == 1500
    assert [(line.amount, line.currency) for line in bank.statement()] == [(1500, "JPY")]


# -- accounts and the ledger --


def test_a_credit_is_one_balanced_transaction():
    ledger = Ledger()
    Balances(ledger).credit(MerchantAccount("a", USD, "bank-a", USD), Money(250, USD), 0.0)
    (credit,) = ledger.transactions()
    postings = [(posting.account, posting.amount.minor) for posting in credit.postings]
    assert postings == [("settlement:USD", 250), ("merchant:a", -250)]


def test_a_credit_adds_to_the_balance():
    svc, _, _ = service({"a": 1000})
    svc.credit("a", 250, "USD")
    assert svc.balance("a") == 1250


def test_opening_an_account_twice_is_refused():
    svc, _, _ = service({"a": 1000})
    with pytest.raises(ValueError):
        svc.open_account("a", "USD", "elsewhere")
    assert svc.balance("a") == 1000


def test_an_unknown_account_is_a_key_error():
    svc, _, _ = service()
    with pytest.raises(KeyError):
        svc.balance("nobody")
    with pytest.raises(KeyError):
        svc.credit("nobody", 100, "USD")


# -- requesting payouts --


def test_a_payout_takes_its_amount_off_the_balance():
    svc, _, _ = service({"a": 1000})
    svc.request_payout("a", 400, "p1")
    assert svc.balance("a") == 600


def test_a_payout_larger_than_the_balance_is_refused():
    svc, _, _ = service({"a": 1000})
    with pytest.raises(InsufficientFunds):
        svc.request_payout("a", 1001, "p1")
    svc.request_payout("a", 1000, "p2")
    assert svc.balance("a") == 0


def test_the_same_key_gives_the_same_payout():
    svc, _, _ = service({"a": 1000})
    first = svc.request_payout("a", 400, "p1")
    assert svc.request_payout("a", 400, "p1") == first
    assert svc.balance("a") == 600


def test_keys_are_per_account():
    svc, _, _ = service({"a": 1000, "b": 1000})
    assert svc.request_payout("a", 100, "p1") != svc.request_payout("b", 100, "p1")
    assert (svc.balance("a"), svc.balance("b")) == (900, 900)


def test_a_refused_request_leaves_its_key_free():
    svc, _, _ = service({"a": 100})
    with pytest.raises(ValueError):
        svc.request_payout("a", 500, "p1")
    svc.credit("a", 400, "USD")
    assert svc.payout(svc.request_payout("a", 500, "p1")).amount == 500


# -- the bank and the runs --


def test_the_client_turns_each_answer_into_an_outcome():
    answers = [PAY, REFUSE, UNAVAILABLE, TIMEOUT]
    client = BankClient(FakeBank(Clock(), Script(planned={"dest": answers})))
    sent = [TransferRequest(f"k{n}", "dest", Money(100, USD)) for n in range(len(answers))]
    assert [client.send(request).verdict for request in sent] == [PAID, REFUSED, RETRY, RETRY]


def test_a_run_pays_the_payouts_due():
    svc, bank, _ = service({"a": 1000, "b": 1000})
    payouts = [svc.request_payout("a", 400, "p1"), svc.request_payout("b", 300, "p1")]
    svc.run()
    statement = bank.statement()
    assert [(line.destination, line.amount) for line in statement] == [
        ("bank-a", 400),
        ("bank-b", 300),
    ]
    paid = [(svc.payout(p).status, svc.payout(p).transfer_id) for p in payouts]
    assert paid == [("paid", line.transfer_id) for line in statement]


def test_a_paid_payout_has_the_banks_transfer_id():
    svc, bank, _ = service({"a": 1000})
    payout = svc.request_payout("a", 400, "p1")
    svc.run()
    assert svc.payout(payout).transfer_id == bank.statement()[0].transfer_id


def test_a_refused_payout_fails_and_the_money_comes_back():
    svc, _, _ = service({"a": 1000}, Script(closed=["bank-a"]))
    payout = svc.request_payout("a", 400, "p1")
    svc.run()
    assert svc.payout(payout).status == "failed"
    assert svc.balance("a") == 1000


def test_a_refused_payout_is_not_retried():
    svc, bank, clock = service({"a": 1000}, Script(planned={"bank-a": [REFUSE, PAY]}))
    svc.request_payout("a", 400, "p1")
    for clock.now in (0.0, 60.0, 3600.0):
        svc.run()
    assert len(bank.calls) == 1


def test_an_unavailable_bank_is_retried_after_30_seconds():
    svc, bank, clock = service({"a": 1000}, Script(planned={"bank-a": [UNAVAILABLE]}))
    payout = svc.request_payout("a", 400, "p1")
    svc.run()
    clock.now = 29.0
    svc.run()
    assert svc.payout(payout).status == "pending"
    clock.now = 30.0
    svc.run()
    assert (svc.payout(payout).status, len(bank.calls)) == ("paid", 2)


def test_a_retry_after_a_lost_answer_pays_once():
    svc, bank, clock = service({"a": 1000}, Script(planned={"bank-a": [LOST_REPLY]}))
    payout = svc.request_payout("a", 400, "p1")
    svc.run()
    clock.now = 30.0
    svc.run()
    assert svc.payout(payout).status == "paid"
    assert len(bank.statement()) == 1


def test_the_backoff_doubles_up_to_fifteen_minutes():
    assert [delay(n) for n in range(1, 8)] == [30, 60, 120, 240, 480, 900, 900]


def test_a_run_sends_a_payout_once():
    svc, bank, _ = service({"a": 1000}, Script(unavailable=1.0))
    svc.request_payout("a", 400, "p1")
    svc.run()
    svc.run()
    assert len(bank.calls) == 1


# -- events and webhooks --


def test_every_step_of_a_payout_is_an_event():
    svc, _, clock = service({"a": 1000}, Script(planned={"bank-a": [TIMEOUT]}))
    payout = svc.request_payout("a", 400, "p1")
    svc.run()
    clock.now = 30.0
    svc.run()
    assert svc.events() == [("created", payout), ("retrying", payout), ("paid", payout)]


def test_webhooks_deliver_the_events_in_order():
    svc, _, _ = service({"a": 1000})
    received = []
    svc.subscribe(lambda event: received.append((event.kind, event.payout_id)) or True)
    payout = svc.request_payout("a", 400, "p1")
    svc.run()
    assert received == [("created", payout), ("paid", payout)]


def test_a_failing_endpoint_gets_the_event_again_later():
    svc, _, clock = service({"a": 1000})
    answers, received = [False, True, True], []

    def endpoint(event):
        received.append(event.kind)
        return answers.pop(0)

    svc.subscribe(endpoint)
    svc.request_payout("a", 400, "p1")
    svc.run()  # created: refused by the endpoint
    clock.now = 30.0
    svc.run()
    assert received == ["created", "created", "paid"]


def test_an_endpoint_that_raises_does_not_stop_the_run():
    svc, _, _ = service({"a": 1000})

    def endpoint(event):
        raise ConnectionError("merchant's server is down")

    svc.subscribe(endpoint)
    payout = svc.request_payout("a", 400, "p1")
    svc.run()
    assert svc.events() == [("created", payout), ("paid", payout)]


# -- listing and exporting --


def test_pages_list_every_payout_in_order():
    svc, _, clock = service({"a": 1000})
    made = []
    for n in range(5):
        clock.now = float(n)
        made.append(svc.request_payout("a", 10, f"p{n}"))
    listed, cursor = [], None
    while True:
        page, cursor = svc.list_payouts(2, cursor)
        listed += [payout.payout_id for payout in page]
        if cursor is None:
            break
    assert listed == made


def test_the_export_lists_payouts_with_amounts_in_major_units():
    svc, _, _ = service({"a": 5000})
    svc.open_account("k", "KWD", "bank-k")
    svc.credit("k", 1005, "KWD")
    first = svc.request_payout("a", 1250, "p1")
    second = svc.request_payout("k", 1005, "p1")
    svc.run()
    assert svc.export().splitlines() == [
        "payout_id,account_id,amount,currency,status",
        f"{first},a,12.50,USD,paid",
        f"{second},k,1.005,KWD,paid",
    ]


def test_the_export_has_a_row_for_every_payout():
    # The nightly sweep requests every merchant's payout in the same second.
    svc, _, _ = service({f"m{n:03d}": 1000 for n in range(150)})
    for n in range(150):
        svc.request_payout(f"m{n:03d}", 100, "sweep")
    assert len(svc.export().splitlines()) == 1 + 150


# -- reconciliation --


def test_a_clean_day_reconciles():
    svc, bank, _ = service({"a": 1000, "b": 2000})
    svc.request_payout("a", 400, "p1")
    svc.request_payout("b", 300, "p1")
    svc.run()
    report = svc.reconcile(bank.statement())
    assert (report.clean, report.matched) == (True, 2)


def test_a_payment_no_payout_claims_is_a_break():
    svc, bank, _ = service({"a": 1000})
    svc.request_payout("a", 400, "p1")
    svc.run()
    bank.transfer("stray-key", "bank-a", 400, "USD")  # paid outside the service
    report = svc.reconcile(bank.statement())
    assert [found.kind for found in report.breaks] == ["paid by the bank, no payout"]
