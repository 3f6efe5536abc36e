"""Spec tests for payouts: requesting a payout, and what it does to the balance.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

A payout takes its amount off the balance when it is requested; a key the
account used before gives back that payout instead of a second one. Every
payout here is in the balance's own currency and nothing is sent to the
bank: test_bank.py runs them.
"""

import pytest

from tests.harness.toolkit.spec import refuses, show
from tests.payouts.world import fields, funded, make


def test_a_payout_takes_its_amount_off_the_balance_at_once():
    """request_payout takes the amount off the balance as soon as it is requested, before
    any run, and gives a pending payout of that amount"""
    svc, bank, clock = funded({"a": 1000, "b": 300})
    clock.t = 12.5
    payout = svc.request_payout("a", 250, "k1")
    got = [svc.balance("a"), svc.balance("b"), fields(svc.payout(payout)), len(bank.calls)]
    expected = [750, 300, ("a", 250, "USD", "pending", 12.5, None), 0]
    assert got == expected, (
        "a holds 1000 USD, b 300: at 12.5 s a requests a payout of 250: a should hold 750 and "
        "b 300, the payout be (account, amount, currency, status, created_at, transfer_id) "
        f"{show(expected[2:3])}, and the bank not be called yet; got {show(got)}"
    )


def test_a_payout_of_the_whole_balance_is_allowed():
    """a payout may take the balance down to exactly 0"""
    svc, _, _ = funded({"a": 999})
    svc.request_payout("a", 999, "k1")
    got = svc.balance("a")
    assert got == 0, f"a holds 999: a payout of 999 should leave 0; got {got!r}"


def test_every_payout_has_an_id_of_its_own():
    """payout ids are never handed out twice, across accounts too"""
    svc, _, _ = funded({"a": 1000, "b": 1000})
    ids = [svc.request_payout(account, 10, f"{account}{n}") for n in range(5) for account in "ab"]
    got = len(set(ids))
    assert got == len(ids), f"10 payouts from a and b: 10 different ids; got {show(ids)}"


def test_a_payout_larger_than_the_balance_is_refused_and_changes_nothing():
    """request_payout raises ValueError when the balance is short, even by one minor unit
    of a balance past what a float holds exactly, and makes no payout"""
    svc, _, _ = funded({"a": 500})
    svc.request_payout("a", 200, "k1")
    refuses(
        ValueError,
        "a holds 300 after a payout of 200: request_payout('a', 301, 'k2')",
        lambda: svc.request_payout("a", 301, "k2"),
    )
    # Balances past 2**53 minor units, one short of the amount asked.
    large = {"j": ("JPY", 2**53), "u": ("USD", 10**18), "k": ("KWD", 10**30)}
    for account, (currency, amount) in large.items():
        svc.open_account(account, currency, f"bank-{account}")
        svc.credit(account, amount, currency)
        refuses(
            ValueError,
            f"{account} holds {amount} {currency} (minor units): "
            f"request_payout({account!r}, {amount + 1}, 'k1')",
            lambda account=account, amount=amount: svc.request_payout(account, amount + 1, "k1"),
        )
    got = [svc.balance(account) for account in ("a", *large)] + [len(svc.list_payouts()[0])]
    expected = [300, *(amount for _, amount in large.values()), 1]
    assert got == expected, (
        "after the refused payouts a should hold 300, j 2**53 yen, u 10**18 cents and k "
        f"10**30 fils, with 1 payout in all; got (balances, payouts) {show(got)}"
    )


def test_request_payout_refuses_an_amount_that_is_not_above_zero():
    """request_payout raises ValueError for an amount of 0 or less"""
    svc, _, _ = funded({"a": 500})
    for amount in (0, -1, -500):
        refuses(
            ValueError,
            f"request_payout('a', {amount}, 'k1')",
            lambda amount=amount: svc.request_payout("a", amount, "k1"),
        )
    got = [svc.balance("a"), len(svc.list_payouts()[0])]
    assert got == [500, 0], (
        f"after the refused payouts a should hold 500, no payout; got {show(got)}"
    )


def test_a_key_used_before_returns_its_payout_and_changes_nothing():
    """request_payout with a key the account used before returns that payout's id, takes
    nothing off the balance and makes no payout"""
    svc, _, _ = funded({"a": 1000})
    first = svc.request_payout("a", 300, "order-17")
    again = [svc.request_payout("a", 300, "order-17") for _ in range(3)]
    got = [again == [first] * 3, svc.balance("a"), len(svc.list_payouts()[0])]
    assert got == [True, 700, 1], (
        "a holds 1000: request_payout('a', 300, 'order-17') four times: each should return "
        f"the first id ({first!r}; got {show(again)}), a hold 700, with 1 payout; got "
        f"{show(got[1:])} for the balance and the payouts"
    )


def test_the_empty_key_is_a_key_like_any_other():
    """the key "" is a key like any other: used again by its account, it returns that
    payout's id and changes nothing"""
    svc, _, _ = funded({"a": 1000})
    first = svc.request_payout("a", 300, "")
    again = [svc.request_payout("a", 300, "") for _ in range(2)]
    got = [again == [first] * 2, svc.balance("a"), len(svc.list_payouts()[0])]
    assert got == [True, 700, 1], (
        "a holds 1000: request_payout('a', 300, '') three times: each should return the "
        f"first id ({first!r}; got {show(again)}), a hold 700, with 1 payout; got "
        f"{show(got[1:])} for the balance and the payouts"
    )


# Keys a store could take for one another, each with how a repro writes it: keys of
# thousands of characters that differ only at the end (a column of a fixed width), the
# two ways of writing é (a normalizing store) and texts that read as one number (a
# numeric column).
NEAR_KEYS = [
    ("k" * 5000 + "1", "'k' * 5000 + '1'"),
    ("k" * 5000 + "2", "'k' * 5000 + '2'"),
    ("\u00e9", "'\\u00e9'"),
    ("e\u0301", "'e\\u0301'"),
    *((key, repr(key)) for key in ("1", "01", "0001", "1e0", "1.0", "+1", "1 ")),
]


def test_request_keys_are_compared_exactly():
    """keys are strings compared exactly: keys of thousands of characters that differ only
    at the end, the two ways of writing é, and texts that read as one number ('1', '0001',
    '1e0') are different keys, each making a payout of its own"""
    svc, _, _ = funded({"a": 1000})
    ids = [
        svc.request_payout("a", number, key) for number, (key, _) in enumerate(NEAR_KEYS, start=1)
    ]
    labels = [label for _, label in NEAR_KEYS]
    wrong = [
        f"key {labels[place]} gave the payout of key {labels[ids.index(payout)]}"
        for place, payout in enumerate(ids)
        if ids.index(payout) != place
    ]
    total = len(NEAR_KEYS) * (len(NEAR_KEYS) + 1) // 2
    got = svc.balance("a")
    assert not wrong and got == 1000 - total, (
        "a holds 1000: request_payout('a', n, key) for n = 1, 2, ... and the keys "
        f"{', '.join(labels)}: {len(NEAR_KEYS)} payouts, each its "
        f"own, leaving a {1000 - total}; got a holding {got}: " + "; ".join(wrong)
    )


def test_a_key_used_before_returns_its_payout_even_when_the_balance_could_not_pay_again():
    """a key the account used before returns that payout's id even when the balance could
    not pay the amount a second time, or the amount differs"""
    svc, _, _ = funded({"a": 1000})
    first = svc.request_payout("a", 800, "k1")
    got = [svc.request_payout("a", 800, "k1"), svc.request_payout("a", 50, "k1")]
    assert got == [first, first], (
        "a holds 1000: a payout of 800 with key 'k1' leaves 200; request_payout('a', 800, "
        f"'k1') and then request_payout('a', 50, 'k1') should both return {first!r}; got "
        f"{show(got)}"
    )


def test_the_same_key_on_two_accounts_makes_two_payouts():
    """keys belong to an account: another account's payout with the same key is a payout of
    its own, even when the two are paid to one bank account"""
    svc, _, _ = make()
    for account in ("a", "b"):
        svc.open_account(account, "USD", "bank-shared")
        svc.credit(account, 1000, "USD")
    ids = [svc.request_payout("a", 100, "k1"), svc.request_payout("b", 200, "k1")]
    got = [ids[0] != ids[1], svc.balance("a"), svc.balance("b")]
    assert got == [True, 900, 800], (
        "a and b hold 1000 USD each, both paid to the bank account 'bank-shared': a payout "
        "of 100 from a with key 'k1', then one of 200 from b with key 'k1': two payouts (ids "
        f"{show(ids)}), a holding 900 and b 800; got {show(got[1:])}"
    )


def test_a_refused_request_does_not_use_up_its_key():
    """a request refused (the balance short) changes nothing: its key makes a payout once
    the balance can pay it"""
    svc, _, _ = funded({"a": 100})
    refuses(
        ValueError,
        "a holds 100: request_payout('a', 150, 'k1')",
        lambda: svc.request_payout("a", 150, "k1"),
    )
    svc.credit("a", 100, "USD")
    payout = svc.request_payout("a", 150, "k1")
    got = [svc.payout(payout).amount, svc.balance("a")]
    assert got == [150, 50], (
        "a holds 100: a payout of 150 with key 'k1' is refused; a is credited 100; "
        "request_payout('a', 150, 'k1') should make a payout of 150 and leave a 50; got "
        f"{show(got)}"
    )


def test_a_key_gives_its_payout_even_after_the_bank_refused_it():
    """a key the account used gives that payout's id for good: once its payout has failed
    too, the same key makes no new payout"""
    svc, bank, _ = funded({"a": 1000})
    first = svc.request_payout("a", 300, "k1")
    bank.plan += ["refuse"]
    svc.run()
    again = svc.request_payout("a", 300, "k1")
    got = [again == first, len(svc.list_payouts()[0])]
    assert got == [True, 1], (
        "a holds 1000: a payout of 300 with key 'k1', which the bank refuses; "
        f"request_payout('a', 300, 'k1') should return the failed payout's id ({first!r}), "
        f"and make no payout; got {again!r}, and {got[1]} payouts in all"
    )


# Every separator a join could use: none, each character up to U+00FF (the control
# characters, \x00 and \x1f among them, as much as ':' or a letter) and two pairs.
SEPARATORS = ["", *map(chr, range(256)), "\r\n", "::"]


def test_joined_account_ids_and_keys_that_read_alike_are_different_payouts():
    """an account id and a key are two values, never one text: account 'a:b' with key 'c'
    and account 'a' with key 'b:c' (and so for any separator, or none), or account 'a'
    with key 'b' and account 'b' with key 'a', are two payouts, each with its own id,
    amount and account"""
    svc, _, _ = make()
    for account in ("a", "b"):
        svc.open_account(account, "USD", f"bank-{account}")
        svc.credit(account, 1_000_000, "USD")
    requests = [("a", "b", 1), ("b", "a", 2)]  # (account, key, amount)
    for number, separator in enumerate(SEPARATORS, start=1):
        account = f"a{separator}b"
        svc.open_account(account, "USD", f"bank-{number}")
        svc.credit(account, 1000, "USD")
        requests += [(account, "c", number), ("a", f"b{separator}c", 1000 + number)]
    ids = [svc.request_payout(account, amount, key) for account, key, amount in requests]
    got = [(svc.payout(payout).account_id, svc.payout(payout).amount) for payout in ids]
    expected = [(account, amount) for account, _, amount in requests]
    wrong = [
        f"request_payout({account!r}, {amount}, {key!r}) gave {payout!r}, a payout of "
        f"{found[1]} from {found[0]!r}"
        for (account, key, amount), payout, found in zip(requests, ids, got, strict=True)
        if found != (account, amount)
    ]
    assert len(set(ids)) == len(ids) and got == expected, (
        "accounts 'a' and 'b': a requests a payout with key 'b', then b one with key 'a'; "
        "then for every separator <s> (none, each character up to U+00FF, '\\r\\n' and "
        "'::') account 'a<s>b' requests a payout with key 'c', and 'a' one with key "
        f"'b<s>c' (each of its own amount): {len(requests)} payouts, each with its own id, "
        f"amount and account; got {len(set(ids))} different ids: " + "; ".join(wrong[:3])
    )


# 5,000 requests: a correct version that keeps its amounts as Fractions took up to 0.45 s
# on a busy machine, past the scenario limit (the reference: 0.07 s).
@pytest.mark.slow
def test_a_key_used_again_after_thousands_of_requests_returns_its_payout():
    """a key the account used returns its payout however many requests came since: after
    5,000 other payouts of the account, the first key gives the first payout and takes
    nothing"""
    svc, _, _ = funded({"a": 10_000})
    first = svc.request_payout("a", 7, "k0")
    for number in range(1, 5001):
        svc.request_payout("a", 1, f"k{number}")
    before = svc.balance("a")
    again = svc.request_payout("a", 7, "k0")
    got = [again, before - svc.balance("a")]
    assert got == [first, 0], (
        "a holds 10000: a payout of 7 with key 'k0', then 5000 payouts of 1 with keys 'k1' "
        f"to 'k5000', then request_payout('a', 7, 'k0') again: it should return {first!r} "
        f"and take nothing off the balance; got (id, amount taken) {show(got)}"
    )
