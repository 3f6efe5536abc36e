"""Spec tests for payouts: run(), the bank's answers, and the retries.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

The bank (tests/payouts/model.py) answers each new transfer as its plan
says, and pays when the plan is empty: "refuse", "unavailable", "timeout"
(nothing paid) and "lost" (paid, the answer lost on the way back). It pays a
key at most once, and answers a key it paid with the same transfer id. Its
calls are kept: (key, destination, amount, currency, its answer). Every
payout here but those of one test (refusals after the rate moved) is in its
balance's own currency.
"""

import itertools
import math

from tests.harness.toolkit.spec import show
from tests.payouts.world import fields, funded, make, sent


def test_run_sends_a_new_payout_and_the_bank_pays_it():
    """run sends a new payout to the bank, to the account's destination, for its amount in
    its currency; paid, it is "paid" with the bank's transfer id"""
    svc, bank, _ = funded({"a": 1000})
    payout = svc.request_payout("a", 250, "k1")
    svc.run()
    got = [sent(bank), fields(svc.payout(payout))]
    expected = [[("bank-a", 250, "USD", "pay")], ("a", 250, "USD", "paid", 0.0, "tr1")]
    assert got == expected, (
        "a (destination 'bank-a') requests a payout of 250 USD; run: the bank should be "
        "asked (destination, amount, currency) once and pay it, the payout be (account, "
        f"amount, currency, status, created_at, transfer_id) {show(expected[1:])}; got "
        f"{show(got)}"
    )


class Teller:
    """A bank that pays each new key under the next of `ids`, and answers a key it paid
    with the same id again."""

    def __init__(self, ids: list[str]) -> None:
        self.ids, self.paid, self.calls = list(ids), {}, []

    def transfer(self, key: str, destination: str, amount: int, currency: str) -> str:
        self.calls.append(destination)
        if key not in self.paid:
            self.paid[key] = self.ids.pop(0)
        return self.paid[key]


def test_a_payouts_transfer_id_is_whatever_the_bank_returned():
    """a paid payout's transfer id is the very string the bank returned, the empty string
    too: the payout is "paid" with it, and never sent again"""
    ids = ["", "0", " "]
    svc, bank, clock = make(bank=Teller(ids))
    made = []
    for number in range(len(ids)):
        account = f"m{number}"
        svc.open_account(account, "USD", f"bank-{account}")
        svc.credit(account, 1000, "USD")
        made.append(svc.request_payout(account, 100, "k1"))
    for at in (0.0, 30.0, 1000.0):
        clock.t = at
        svc.run()
    listed = {payout.payout_id: payout.transfer_id for payout in svc.list_payouts()[0]}
    got = [
        [(svc.payout(payout).status, svc.payout(payout).transfer_id) for payout in made],
        [listed.get(payout, "not listed") for payout in made],
        len(bank.calls),
    ]
    expected = [[("paid", transfer) for transfer in ids], ids, len(ids)]
    assert got == expected, (
        f"a bank that pays each new transfer under the ids {show(ids)} in turn; m0, m1 and "
        "m2 request a payout each, then runs at 0, 30 and 1000 s: each payout should be "
        "paid by the first run, its transfer id the one the bank returned, in payout() "
        f"and in the list, so the bank is called {len(ids)} times; got ((status, "
        "transfer_id) by payout(), transfer_id in list_payouts(), calls of the bank) "
        f"{show(got)}"
    )


def test_the_bank_is_asked_for_each_payouts_amount_to_the_unit_however_large():
    """run asks the bank for each payout's amount in minor units to the last unit, however
    large: 2**53 + 1 cents and more, past what a float holds exactly"""
    balances = {"u": ("USD", 2**53 + 1), "j": ("JPY", 10**17 + 1), "k": ("KWD", 10**30 + 7)}
    svc, bank, _ = make()
    for account, (currency, amount) in balances.items():
        svc.open_account(account, currency, f"bank-{account}")
        svc.credit(account, amount, currency)
        svc.request_payout(account, amount, "k1")
    svc.run()
    got = [(destination, amount) for destination, amount, _, _ in sent(bank)]
    expected = [(f"bank-{account}", amount) for account, (_, amount) in balances.items()]
    assert got == expected, (
        "u (in USD), j (JPY) and k (KWD) each pay out what they were credited: 2**53 + 1 "
        "cents, 10**17 + 1 yen and 10**30 + 7 fils; run: the bank should be asked "
        f"(destination, amount) {show(expected)}, each amount to the unit; got {show(got)}"
    )


def test_run_sends_the_due_payouts_oldest_first():
    """run sends the payouts due in the order they were requested, the new ones and those
    due again after a wait alike"""
    svc, bank, _ = funded({"a": 1000, "b": 1000, "c": 1000})
    for account, amount in (("b", 1), ("a", 2), ("c", 3), ("a", 4)):
        svc.request_payout(account, amount, f"k{amount}")
    svc.run()
    got = [(destination, amount) for destination, amount, _, _ in sent(bank)]
    expected = [("bank-b", 1), ("bank-a", 2), ("bank-c", 3), ("bank-a", 4)]
    assert got == expected, (
        "payouts requested: b 1, a 2, c 3, a 4; run: the bank should be asked "
        f"(destination, amount) {show(expected)}, in that order; got {show(got)}"
    )
    # Enough payouts that their numbers, kept in a set, come out of it in another order.
    svc, bank, clock = funded({"a": 1000, "b": 1000, "c": 1000})
    for amount in range(1, 19):
        svc.request_payout("abc"[amount % 3], amount, f"k{amount}")
    bank.plan += ["pay"] * 3 + ["unavailable"] + ["pay"] * 13 + ["unavailable"]
    svc.run()
    clock.t = 30.0
    svc.run()
    got = [amount for _, amount, _, _ in sent(bank)[18:]]
    assert got == [4, 18], (
        "payouts of 1 to 18 requested in that order (from a, b and c in turn); the bank is "
        "unavailable for the 4th and the 18th at 0 s, so both are due again at 30 s; run "
        "at 30 s: the bank should be asked for the amounts 4, 18, in that order; got "
        f"{show(got) or 'none'}"
    )
    # A payout tried again is no newer for it: the one requested first goes first.
    svc, bank, clock = funded({"a": 1000})
    svc.request_payout("a", 100, "k1")
    bank.plan += ["unavailable"] * 3
    for at in (0.0, 20.0, 30.0, 90.0):
        clock.t = at
        if at == 20.0:
            svc.request_payout("a", 200, "k2")
        svc.run()
    got = [amount for _, amount, _, _ in sent(bank)]
    assert got == [100, 200, 100, 100, 200], (
        "a requests a payout of 100 at 0 s, the bank is unavailable for it (due again at "
        "30 s); at 20 s a requests one of 200, the bank is unavailable for it (due at "
        "50 s); at 30 s it is unavailable for the 100 again (due at 90 s); run at 90 s: "
        "both are due, and the 100, requested first, should be sent first, so the bank "
        f"is asked for 100, 200, 100, 100, 200, in that order; got {show(got)}"
    )
    # And a payout due again goes before a newer one sent for the first time in that run.
    svc, bank, clock = funded({"a": 1000})
    svc.request_payout("a", 100, "k1")
    bank.plan += ["unavailable"]
    svc.run()
    clock.t = 30.0
    svc.request_payout("a", 200, "k2")
    svc.run()
    got = [amount for _, amount, _, _ in sent(bank)]
    assert got == [100, 100, 200], (
        "a requests a payout of 100 at 0 s, the bank is unavailable for it (due again at "
        "30 s); at 30 s a requests one of 200, then a run: both are due, and the 100, "
        "requested first, should be sent first, so the bank is asked for 100, 100, 200, "
        f"in that order; got {show(got)}"
    )


def test_a_refused_payout_fails_and_its_amount_goes_back_on_the_balance():
    """a payout the bank refuses is "failed", and its amount is back on the balance"""
    svc, bank, _ = funded({"a": 1000})
    refused = svc.request_payout("a", 300, "k1")
    paid = svc.request_payout("a", 200, "k2")
    bank.plan += ["refuse"]
    svc.run()
    got = [svc.payout(refused).status, svc.payout(paid).status, svc.balance("a")]
    assert got == ["failed", "paid", 800], (
        "a holds 1000: payouts of 300 and 200; the bank refuses the first and pays the "
        "second: they should be 'failed' and 'paid', and a hold 800 (the 300 back); got "
        f"{show(got)}"
    )


def test_accounts_paid_to_one_bank_account_are_kept_apart():
    """accounts paid to one bank account stay apart: each payout is its own account's, and
    a refused one's amount goes back on that account, not on another paid there"""
    svc, bank, _ = make()
    for account in ("a", "b"):
        svc.open_account(account, "USD", "bank-shared")
        svc.credit(account, 1000, "USD")
    refused = svc.request_payout("a", 300, "k1")
    paid = svc.request_payout("b", 200, "k1")
    bank.plan += ["refuse"]
    svc.run()
    got = [
        svc.payout(refused).account_id,
        svc.payout(paid).account_id,
        svc.balance("a"),
        svc.balance("b"),
    ]
    assert got == ["a", "b", 1000, 800], (
        "a and b hold 1000 USD each, both paid to the bank account 'bank-shared': a payout "
        "of 300 from a, which the bank refuses, and one of 200 from b, which it pays: the "
        "payouts should be a's and b's, and a hold 1000 (the 300 back) and b 800; got "
        f"accounts {show(got[:2])} and balances {show(got[2:])}"
    )


def test_each_refusal_of_a_run_is_given_back_and_recorded():
    """every payout refused in one run is given back and recorded, however many are one
    account's: its amount back on the balance, and a "failed" event of its own"""
    svc, bank, _ = funded({"a": 1000})
    first = svc.request_payout("a", 300, "k1")
    second = svc.request_payout("a", 200, "k2")
    bank.plan += ["refuse", "refuse"]
    svc.run()
    failed = [payout for kind, payout in svc.events() if kind == "failed"]
    got = [svc.balance("a"), failed == [first, second]]
    assert got == [1000, True], (
        "a holds 1000: payouts of 300 and 200, both refused by the bank in one run: a "
        "should hold 1000 (both amounts back), with a 'failed' event for each, in that "
        f"order ({show([first, second])}); got a holding {got[0]}, 'failed' events for "
        f"{show(failed) or 'none'}"
    )


def test_a_refused_payout_is_never_sent_again():
    """a refusal is final: the payout is not sent again, in that run or any later one"""
    svc, bank, clock = funded({"a": 1000})
    payout = svc.request_payout("a", 300, "k1")
    bank.plan += ["refuse", "pay", "pay"]
    svc.run()
    for later in (1.0, 30.0, 60.0, 1000.0):
        clock.t = later
        svc.run()
    got = [len(bank.calls), svc.payout(payout).status, svc.balance("a")]
    assert got == [1, "failed", 1000], (
        "the bank refuses a's payout of 300 (and would pay the next transfers); runs at 0, 1, "
        "30, 60 and 1000 s: the bank should be called once, the payout stay 'failed' and a "
        f"hold 1000; got {show(got)} (calls: {show(sent(bank))})"
    )


def test_a_refused_payout_gives_back_what_left_the_balance_whatever_the_rate():
    """a payout the bank refuses gives the balance back exactly the amount it took, in the
    balance's currency, even when it was paid in another and the rate has moved"""
    # The second case pays less than one payout minor unit per balance minor unit: 100
    # to 109 yen all pay 10 cents, so the amount paid cannot tell what left the balance.
    cases = [  # (balance, payout currency, rate, rate after, requested, what it pays)
        ("USD", "JPY", "150", "210", 1003, "10.03 USD is 1504.5 yen, paid as 1504"),
        ("JPY", "USD", "0.001", "0.002", 104, "104 yen is 0.104 USD, paid as 0.10"),
    ]
    for currency, payout_currency, rate, after, requested, pays in cases:
        holds = "50.00 USD" if currency == "USD" else "5000 yen"
        svc, bank, _ = funded({"a": 5000}, currency, payout_currency)
        svc.set_rate(currency, payout_currency, rate)
        svc.request_payout("a", requested, "k1")
        svc.set_rate(currency, payout_currency, after)
        bank.plan += ["refuse"]
        svc.run()
        got = svc.balance("a")
        assert got == 5000, (
            f"a holds {holds}, paid in {payout_currency} at {rate}: a payout of {pays}; the "
            f"rate becomes {after}; the bank refuses the payout: a should hold 5000 again; "
            f"got {got!r}"
        )


def test_a_run_sends_each_payout_at_most_once():
    """within one run a payout is sent once, even when the bank does not take it"""
    svc, bank, _ = funded({"a": 1000})
    svc.request_payout("a", 300, "k1")
    bank.plan += ["unavailable", "unavailable"]
    svc.run()
    svc.run()  # the clock has not moved: nothing is due
    got = len(bank.calls)
    assert got == 1, (
        "the bank is unavailable for a's payout; run twice at 0 s: the bank should be "
        f"called once; got {got} calls ({show(sent(bank))})"
    )


def test_an_unavailable_bank_is_tried_again_30_seconds_after_the_attempt():
    """a payout the bank did not take (unavailable) stays "pending" and is sent again by the
    first run at least 30 s after the attempt, not before, to the fraction of a second"""
    svc, bank, clock = funded({"a": 1000, "b": 1000, "c": 1000})
    # The times are sums of powers of 2, exact in a float: the runs before the due time
    # are before it to the last bit (the last float before it, or the same millisecond).
    # c's attempt is 10 s before the end of day 0 (86,400 s): it is due on day 1, and a
    # run before midnight is as early as one after it.
    cases = [  # (account, requested at, the attempt the bank is unavailable for, runs)
        ("a", 0.0, 5.5, [5.5, 20.0, 35.25, math.nextafter(35.5, 0), 35.5, 36.0]),
        ("b", 40.0, 40 + 2**-10, [70 + 2**-13, math.nextafter(70 + 2**-10, 0), 70 + 2**-10]),
        ("c", 86_390.0, 86_390.0, [86_395.0, 86_400.0, 86_419.5, 86_420.0]),
    ]
    for account, requested, attempt, runs in cases:
        clock.t = requested
        payout = svc.request_payout(account, 300, "k1")
        clock.t = attempt
        bank.plan += ["unavailable"]
        svc.run()
        seen = []
        for at in runs:
            clock.t = at
            svc.run()
            sends = [call[1] for call in bank.calls].count(f"bank-{account}")
            seen.append((at, sends, svc.payout(payout).status))
        due = attempt + 30.0
        expected = [(at, 1, "pending") if at < due else (at, 2, "paid") for at in runs]
        assert seen == expected, (
            f"{account}'s payout is requested at {requested:g} s and the bank is unavailable "
            f"for it at {attempt!r} s, so it is due again at {due!r} s; runs at {show(runs)} "
            f"s: (time, times {account}'s payout was sent so far, its status) should be "
            f"{show(expected)}; got {show(seen)}"
        )


def test_a_payout_the_bank_paid_without_answering_is_paid_once():
    """a payout the bank paid but whose answer was lost (a timeout) is sent again later and
    is paid once: the bank answers with the first transfer id, and pays nothing more"""
    svc, bank, clock = funded({"a": 1000})
    payout = svc.request_payout("a", 300, "k1")
    bank.plan += ["lost"]
    svc.run()
    pending = svc.payout(payout).status
    clock.t = 30.0
    svc.run()
    got = [pending, svc.payout(payout).status, svc.payout(payout).transfer_id, len(bank.paid)]
    assert got == ["pending", "paid", "tr1", 1], (
        "the bank pays a's payout of 300 at 0 s but its answer is lost (TimeoutError); run "
        "again at 30 s: the payout should be 'pending' after the first run, then 'paid' "
        f"with transfer 'tr1', and the bank have paid 1 transfer; got {show(got)} "
        f"(calls: {show(sent(bank))})"
    )


def test_every_attempt_of_a_payout_uses_its_own_key():
    """every attempt at a payout carries the same key, and each payout a key of its own,
    even two payouts of one amount to one account"""
    svc, bank, clock = funded({"a": 1000})
    svc.request_payout("a", 100, "k1")
    svc.request_payout("a", 100, "k2")
    bank.plan += ["timeout", "unavailable", "timeout", "unavailable"]
    for at in (0.0, 30.0, 90.0):
        clock.t = at
        svc.run()
    keys = [call[0] for call in bank.calls]  # the first payout's, then the second's, each run
    got = [len(set(keys[0::2])), len(set(keys[1::2])), keys[0] != keys[1]]
    assert got == [1, 1, True], (
        "two payouts of 100 from a; the bank times out or is unavailable for their first two "
        "attempts each (runs at 0, 30 and 90 s): the three transfers of each payout should "
        "carry one key, and the two payouts two different keys; got (keys of the first, keys "
        f"of the second, the two differ) {show(got)}"
    )


# Every separator a join could use: none, each character up to U+00FF (the control
# characters, \x00 and \x1f among them, as much as ':' or a letter) and two pairs.
SEPARATORS = ["", *map(chr, range(256)), "\r\n", "::"]


def test_payouts_whose_account_ids_and_keys_read_alike_joined_are_paid_apart():
    """each payout is paid under a key of its own even when account ids and request keys
    read alike joined: account 'a:b' with key 'c' and account 'a' with key 'b:c' (and so
    for any separator, or none), or account 'a' with key 'b' and account 'b' with key 'a',
    are two payouts, paid by two transfers; and so are the payouts of accounts 'a1' to
    'a9' and the 130 of account 'a', whatever numbers the payouts are given"""
    svc, bank, _ = funded({"a": 1_000_000, "b": 1000})
    requests = [("a", "b"), ("b", "a")]  # (account, key)
    # 'a1' + '0' and 'a' + '10' read alike: a key joining an account id and a payout's
    # number, counted from 0 or 1, over the service or the account, is shared.
    for digit in range(1, 10):
        svc.open_account(f"a{digit}", "USD", f"bank-a{digit}")
        svc.credit(f"a{digit}", 1000, "USD")
        requests.append((f"a{digit}", "k"))
    requests += [("a", f"k{n}") for n in range(130)]
    for number, separator in enumerate(SEPARATORS, start=1):
        account = f"a{separator}b"
        svc.open_account(account, "USD", f"bank-{number}")
        svc.credit(account, 1000, "USD")
        requests += [(account, "c"), ("a", f"b{separator}c")]
    ids = [svc.request_payout(account, 100, key) for account, key in requests]
    svc.run()
    transfers = [svc.payout(payout).transfer_id for payout in ids]
    shared = [
        f"request_payout({account!r}, 100, {key!r}) was paid by {transfer!r}"
        for (account, key), transfer in zip(requests, transfers, strict=True)
        if transfer is None or transfers.count(transfer) > 1
    ]
    assert len(bank.paid) == len(ids) and not shared, (
        "accounts 'a' and 'b': a requests a payout of 100 with key 'b', then b one with "
        "key 'a'; accounts 'a1' to 'a9' one each with key 'k', then 'a' 130 with keys 'k0' "
        "to 'k129'; then for every separator <s> (none, each character up to U+00FF, "
        "'\\r\\n' and '::') account 'a<s>b' requests one with key 'c', and 'a' one with "
        f"key 'b<s>c'; run: the bank should pay {len(ids)} transfers, one for each payout; "
        f"it paid {len(bank.paid)}: " + "; ".join(shared[:4])
    )


def test_the_wait_doubles_with_each_attempt_up_to_900_seconds():
    """after each attempt the bank did not answer the wait doubles: 30 s, 60 s, 120 s and
    on, never more than 900 s, however late the runs come"""
    svc, bank, clock = funded({"a": 1000})
    svc.request_payout("a", 300, "k1")
    bank.plan += ["timeout"] * 9
    times = []
    while len(bank.calls) < 10 and clock.t < 20_000:
        before = len(bank.calls)
        svc.run()
        if len(bank.calls) > before:
            times.append(clock.t)
        clock.t += 10.0
    waits = [later - earlier for earlier, later in itertools.pairwise(times)]
    expected = [30.0, 60.0, 120.0, 240.0, 480.0, 900.0, 900.0, 900.0, 900.0]
    assert waits == expected, (
        "the bank times out 9 times for a's payout; a run every 10 s: the waits between "
        f"attempts should be {show(expected)}; got {show(waits)}"
    )
    # Runs that come hours late: the failures are still in a row, and the wait after the
    # next attempt is still the doubled one.
    svc, bank, clock = funded({"a": 1000})
    svc.request_payout("a", 300, "k1")
    bank.plan += ["timeout"] * 9
    times = []
    while len(bank.calls) < 10 and clock.t < 50_000:
        before = len(bank.calls)
        svc.run()
        sent_now = len(bank.calls) > before
        if sent_now:
            times.append(clock.t)
        late = sent_now and len(bank.calls) in (1, 3, 5, 7)
        clock.t += 7200.0 if late else 10.0
    waits = [later - earlier for earlier, later in itertools.pairwise(times)]
    expected = [7200.0, 60.0, 7200.0, 240.0, 7200.0, 900.0, 7200.0, 900.0, 900.0]
    assert waits == expected, (
        "the bank times out 9 times for a's payout; a run every 10 s, except that after "
        "the 1st, 3rd, 5th and 7th attempts no run comes for 2 hours: the attempts after "
        "those are hours late, yet the failures are in a row and the wait keeps doubling, "
        f"so the waits between attempts should be {show(expected)}; got {show(waits)}"
    )


def test_the_wait_doubles_over_failures_in_a_row_of_either_kind():
    """an unavailable bank and a timeout are failures of one run: when the two alternate
    the wait still doubles with each attempt, 30 s, 60 s, 120 s and on, up to 900 s"""
    svc, bank, clock = funded({"a": 1000})
    svc.request_payout("a", 300, "k1")
    bank.plan += ["unavailable", "timeout"] * 4
    times = []
    while len(bank.calls) < 9 and clock.t < 20_000:
        before = len(bank.calls)
        svc.run()
        if len(bank.calls) > before:
            times.append(clock.t)
        clock.t += 10.0
    waits = [later - earlier for earlier, later in itertools.pairwise(times)]
    expected = [30.0, 60.0, 120.0, 240.0, 480.0, 900.0, 900.0, 900.0]
    assert waits == expected, (
        "the bank is unavailable, then times out, then is unavailable, and so on, 8 times "
        "for a's payout, then pays; a run every 10 s: eight failures in a row, so the waits "
        f"between attempts should be {show(expected)}; got {show(waits)}"
    )


def test_a_timeout_is_tried_again_like_an_unavailable_bank():
    """a payout whose transfer timed out with nothing paid stays "pending", is sent again
    30 s later, and is paid then"""
    svc, bank, clock = funded({"a": 1000})
    payout = svc.request_payout("a", 300, "k1")
    bank.plan += ["timeout"]
    svc.run()
    first = [svc.payout(payout).status, svc.balance("a")]
    clock.t = 30.0
    svc.run()
    got = [*first, svc.payout(payout).status, sent(bank)]
    expected = [
        "pending",
        700,
        "paid",
        [("bank-a", 300, "USD", "timeout"), ("bank-a", 300, "USD", "pay")],
    ]
    assert got == expected, (
        "the bank times out on a's payout of 300 at 0 s (nothing paid), then pays at 30 s: "
        "after the first run the payout should be 'pending' with a at 700 (a timeout gives "
        "nothing back), then 'paid'; got "
        f"{show(got)}"
    )


def test_a_paid_payout_is_never_sent_again():
    """a paid payout is final: later runs do not send it"""
    svc, bank, clock = funded({"a": 1000})
    svc.request_payout("a", 300, "k1")
    for at in (0.0, 30.0, 1000.0):
        clock.t = at
        svc.run()
    got = sent(bank)
    assert got == [("bank-a", 300, "USD", "pay")], (
        "a's payout is paid at 0 s; runs at 30 and 1000 s: the bank should have been called "
        f"once; got {show(got)}"
    )


def test_a_key_used_again_does_not_cut_a_retrys_wait_short():
    """a request with a key used before changes nothing, even while its payout waits to be
    sent again: a run before the wait is over sends nothing"""
    svc, bank, clock = funded({"a": 1000})
    payout = svc.request_payout("a", 300, "k1")
    bank.plan += ["unavailable"]
    svc.run()  # at 0 s: due again at 30 s
    clock.t = 10.0
    again = svc.request_payout("a", 300, "k1")
    svc.run()
    got = [again == payout, len(bank.calls), svc.payout(payout).status]
    assert got == [True, 1, "pending"], (
        "the bank is unavailable for a's payout (key 'k1') at 0 s, so it is due again at "
        "30 s; at 10 s request_payout('a', 300, 'k1') again, then run: the request should "
        "return the same payout and change nothing, so the bank is not called again before "
        "30 s and the payout stays 'pending'; got (the same payout, calls of the bank, "
        f"status) {show(got)} (calls: {show(sent(bank))})"
    )


def test_other_payouts_paid_meanwhile_do_not_cut_a_retrys_wait_short():
    """a payout waits its whole wait whatever happens meanwhile: paid payouts, credits and
    new requests of other accounts, another account's payout refused, and a new rate do
    not make it due before its 30 s are over, nor shorten the 60 s after its next attempt"""
    svc, bank, clock = funded({"a": 1000, "b": 1000})
    payout = svc.request_payout("a", 300, "k1")
    bank.plan += ["unavailable"]
    svc.run()  # at 0 s: due again at 30 s
    # (time, the bank's answers to this run's new transfers, a new rate set before it)
    steps = [
        (10.0, ["refuse"], False),
        (20.0, ["pay"], True),
        (29.0, ["pay"], False),
        (30.0, ["unavailable", "pay"], False),  # a's second attempt: due again at 90 s
        (40.0, ["refuse"], False),
        (50.0, ["pay"], True),
        (60.0, ["pay"], False),
        (89.0, ["pay"], False),
        (90.0, ["pay", "pay"], False),
    ]
    seen = []
    for at, answers, new_rate in steps:
        clock.t = at
        svc.credit("b", 10, "USD")
        svc.request_payout("b", 100, f"b{at:g}")  # refused or paid by this run
        if new_rate:
            svc.set_rate("EUR", "USD", f"1.{at:g}")
        bank.plan[:] = answers
        svc.run()
        sends = [call[1] for call in bank.calls].count("bank-a")
        seen.append((at, sends, svc.payout(payout).status))
    expected = [(at, 1, "pending") for at in (10.0, 20.0, 29.0)]
    expected += [(at, 2, "pending") for at in (30.0, 40.0, 50.0, 60.0, 89.0)]
    expected += [(90.0, 3, "paid")]
    assert seen == expected, (
        "the bank is unavailable for a's payout at 0 s, so it is due again at 30 s, and "
        "again at 30 s, so it is due again at 90 s; at 10, 20, 29, 30, 40, 50, 60, 89 and "
        "90 s b is credited 10 and requests a payout of 100, then a run: the bank refuses "
        "b's payout at 10 and 40 s and pays the others, and a new EUR->USD rate is set "
        "before the runs at 20 and 50 s: a's payout should be sent again only at 30 and "
        "90 s; (time, times a's payout was sent so far, its status) should be "
        f"{show(expected)}; got {show(seen)}"
    )


def test_a_payout_waiting_for_its_retry_holds_back_no_other_payout():
    """a wait is the payout's own: new payouts requested while another waits for its retry,
    of the same account or of another, are sent at the next run"""
    svc, bank, clock = funded({"a": 1000, "b": 1000})
    waiting = svc.request_payout("a", 300, "k1")
    bank.plan += ["unavailable"]
    svc.run()  # at 0 s: due again at 30 s
    clock.t = 5.0
    same = svc.request_payout("a", 100, "k2")
    other = svc.request_payout("b", 200, "k3")
    svc.run()
    got = [svc.payout(payout).status for payout in (waiting, same, other)]
    got.append(sent(bank)[1:])
    expected = [
        "pending",
        "paid",
        "paid",
        [("bank-a", 100, "USD", "pay"), ("bank-b", 200, "USD", "pay")],
    ]
    assert got == expected, (
        "the bank is unavailable for a's payout of 300 at 0 s, so it is due again at 30 s; "
        "at 5 s a requests a payout of 100 and b one of 200, then a run: the two new "
        "payouts should be sent and paid, and the waiting one left alone; got (the "
        "statuses of the waiting payout, a's new one, b's, then what the bank was asked "
        f"after the first attempt) {show(got)}"
    )


def test_a_payout_is_retried_every_900_seconds_however_long_the_bank_is_down():
    """a payout the bank is unavailable for, attempt after attempt, is sent again every
    900 s, no sooner and no later, for as long as it takes, a thousand times and more, and
    run never raises"""
    svc, bank, clock = funded({"a": 1000})
    payout = svc.request_payout("a", 300, "k1")
    bank.plan += ["unavailable"] * 1100

    def run() -> None:
        try:
            svc.run()
        except Exception as error:
            raise AssertionError(
                f"the bank is unavailable for a's payout 1,100 times, a run every 900 s: the "
                f"run at {clock.t:g} s, after {len(bank.calls)} attempts, should not raise; "
                f"it raised {type(error).__name__}: {error}"
            ) from None

    for _ in range(1101):
        at = clock.t
        run()
        # From the 6th failure in a row on, the wait is 900 s: a run sooner sends nothing,
        # after every attempt (a count of failures that wraps, in a byte or in six bits,
        # starts the wait again from 30 s).
        if len(bank.calls) >= 6:
            for early in (30.0, 899.0):
                clock.t = at + early
                before = len(bank.calls)
                run()
                assert len(bank.calls) == before, (
                    f"the bank is unavailable for a's payout {before} times in a row, the "
                    f"last at {at:g} s: the wait after the 6th failure and on is 900 s, so "
                    f"a run {early:g} s after that attempt should send nothing; it sent the "
                    "payout again"
                )
        clock.t = at + 900.0
    got = [len(bank.calls), svc.payout(payout).status]
    assert got == [1101, "paid"], (
        "the bank is unavailable for a's payout 1,100 times, then pays; a run every 900 s, "
        "1,101 runs: each run should send it (no wait is longer than 900 s), so the bank is "
        f"called 1101 times and the payout is 'paid'; got (calls, status) {show(got)}"
    )
