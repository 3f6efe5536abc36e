"""Spec tests for payouts: accounts, credits and balances in one currency.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Every test makes its services from the learner's package, imported afresh for
it, each with a bank of its own (tests/payouts/model.py) and a clock the test
moves by hand. Conversions between currencies are test_amounts.py's.
"""

import re

from tests.harness.toolkit.spec import refuses, show
from tests.payouts.world import funded, make


def test_a_new_account_has_a_balance_of_zero():
    """an account opened has a balance of 0, in any currency"""
    svc, _, _ = make()
    for account, currency in (("a", "USD"), ("b", "JPY"), ("c", "KWD")):
        svc.open_account(account, currency, f"bank-{account}")
        got = svc.balance(account)
        assert got == 0, (
            f"open_account({account!r}, {currency!r}, ...): balance should be 0; got {got!r}"
        )


def test_a_credit_adds_to_the_balance_of_its_account():
    """credit adds its amount to its account's balance, and to no other"""
    svc, _, _ = make()
    svc.open_account("a", "USD", "bank-a")
    svc.open_account("b", "USD", "bank-b")
    for account, amount in (("a", 1250), ("b", 7), ("a", 1)):
        svc.credit(account, amount, "USD")
    got = [svc.balance("a"), svc.balance("b")]
    assert got == [1251, 7], (
        "accounts a and b in USD: credit a 1250, b 7, a 1: the balances of a and b should "
        f"be 1251, 7; got {show(got)}"
    )


def test_open_account_refuses_an_id_that_is_taken():
    """open_account raises ValueError for an account id that exists, even with the very
    same currency, destination and payout currency, and the account is left as it was"""
    svc, _, _ = funded({"a": 500})
    refuses(
        ValueError,
        "account a exists (USD, paid to 'bank-a' in USD): opening it again with the very "
        "same values, open_account('a', 'USD', 'bank-a'),",
        lambda: svc.open_account("a", "USD", "bank-a"),
    )
    refuses(
        ValueError,
        "account a exists (USD, paid to 'bank-a' in USD): opening it again with the very "
        "same values, open_account('a', 'USD', 'bank-a', payout_currency='USD'),",
        lambda: svc.open_account("a", "USD", "bank-a", payout_currency="USD"),
    )
    refuses(
        ValueError,
        "account a exists: open_account('a', 'USD', 'other')",
        lambda: svc.open_account("a", "USD", "other"),
    )
    refuses(
        ValueError,
        "account a exists: open_account('a', 'JPY', 'bank-a')",
        lambda: svc.open_account("a", "JPY", "bank-a"),
    )
    got = svc.balance("a")
    assert got == 500, f"a held 500 before the refused open_account calls; its balance is {got!r}"


def test_open_account_refuses_an_unknown_currency():
    """open_account raises ValueError for a currency, or a payout currency, that is not
    one of the seven, written exactly ("" too, as the currency)"""
    svc, _, _ = make()
    for currency, payout_currency in (
        ("usd", None),
        ("USD ", None),
        ("XXX", None),
        ("USD", "jpy"),
        ("USD", "CHF"),
        ("", None),
    ):
        refuses(
            ValueError,
            f"open_account('a', {currency!r}, 'bank-a', {payout_currency!r})",
            lambda c=currency, p=payout_currency: svc.open_account("a", c, "bank-a", p),
        )
    svc.open_account("a", "USD", "bank-a")  # the refused calls opened nothing
    assert svc.balance("a") == 0, "a, opened after the refused calls, should have a balance of 0"


def test_credit_refuses_an_amount_that_is_not_above_zero_or_an_unknown_currency():
    """credit raises ValueError for an amount of 0 or less, or an unknown currency, and
    the balance is left as it was"""
    svc, _, _ = funded({"a": 300})
    for amount, currency in ((0, "USD"), (-5, "USD"), (100, "usd"), (100, "XXX")):
        refuses(
            ValueError,
            f"credit('a', {amount!r}, {currency!r})",
            lambda a=amount, c=currency: svc.credit("a", a, c),
        )
    got = svc.balance("a")
    assert got == 300, f"a held 300 before the refused credits; its balance is {got!r}"


def test_an_unknown_account_is_a_key_error():
    """credit, balance and request_payout raise KeyError for an account never opened, and
    payout for a payout id never handed out"""
    svc, _, _ = funded({"a": 300})
    for text, call in (
        ("credit('b', 100, 'USD')", lambda: svc.credit("b", 100, "USD")),
        ("balance('b')", lambda: svc.balance("b")),
        ("request_payout('b', 100, 'k1')", lambda: svc.request_payout("b", 100, "k1")),
        ("payout('no such payout')", lambda: svc.payout("no such payout")),
    ):
        refuses(KeyError, f"only account a is open: {text}", call)


# Account ids a store could take for one another, each with how a repro writes it: case,
# spaces, the two ways of writing é (a normalizing store), texts that read as one number
# (a numeric column) and ids of thousands of characters that differ only at the end (a
# column of a fixed width).
NEAR_IDS = [
    *((account, repr(account)) for account in ("a", "A", "a ", " a")),
    ("\u00e9", "'\\u00e9'"),
    ("e\u0301", "'e\\u0301'"),
    *((account, repr(account)) for account in ("1", "7", "007", "7.0")),
    ("m" * 5000 + "1", "'m' * 5000 + '1'"),
    ("m" * 5000 + "2", "'m' * 5000 + '2'"),
]


def test_account_ids_are_compared_exactly():
    """account ids are strings compared exactly: case, spaces, the two ways of writing é,
    texts that read as one number ('7', '007') and ids of thousands of characters that
    differ only at the end make different accounts, each with its own payouts and keys"""
    svc, _, _ = make()
    labels = [label for _, label in NEAR_IDS]
    taken = []
    for number, (account, label) in enumerate(NEAR_IDS, start=1):
        try:
            svc.open_account(account, "USD", f"bank-{number}")
        except ValueError:
            taken.append(label)
    assert not taken, (
        f"open_account of {', '.join(labels)} in that order: each id is new and should open "
        f"an account; open_account raised ValueError, as for a taken id, for {', '.join(taken)}"
    )
    for number, (account, _) in enumerate(NEAR_IDS, start=1):
        svc.credit(account, 10 * number, "USD")
    payouts = [svc.request_payout(account, 1, "k1") for account, _ in NEAR_IDS]
    got = [svc.balance(account) for account, _ in NEAR_IDS]
    owners = [svc.payout(payout).account_id for payout in payouts]
    wrong = [
        f"{labels[place]}'s request gave a payout of {dict(NEAR_IDS).get(owner, repr(owner))}"
        for place, owner in enumerate(owners)
        if owner != NEAR_IDS[place][0]
    ]
    expected = [10 * number - 1 for number in range(1, len(NEAR_IDS) + 1)]
    assert got == expected and not wrong, (
        f"accounts {', '.join(labels)} each credited 10 times its place in that list (10, "
        "20, ...), then each requests a payout of 1 with key 'k1': each payout should be "
        f"its own account's, and the balances {show(expected)}; got {show(got)}"
        + "".join(f"; {line}" for line in wrong)
    )


def near_misses(payout_id: str) -> list[str]:
    """Texts that read like `payout_id` but are not it: its numbers written with more or
    fewer leading zeros or a sign, spaces around it, its letters in another case."""
    texts = [f" {payout_id}", f"{payout_id} ", payout_id.upper(), payout_id.lower()]
    for digits in re.finditer(r"\d+", payout_id):
        before, after = payout_id[: digits.start()], payout_id[digits.end() :]
        number = str(int(digits.group()))
        for written in (number, number.zfill(2), f"0{digits.group()}", f"+{digits.group()}"):
            texts.append(before + written + after)
        texts.append(f"{before}+{number}{after}")
    return list(dict.fromkeys(text for text in texts if text != payout_id))


def test_payout_ids_are_compared_exactly():
    """payout ids are strings compared exactly: a text that only reads like a payout's id
    (other leading zeros, a sign, a space, another case) is a KeyError"""
    svc, _, _ = funded({"a": 1000})
    ids = [svc.request_payout("a", 10 * n, f"k{n}") for n in (1, 2, 3)]
    wrong = []
    for text in near_misses(ids[0]):
        if text in ids:
            continue  # another payout's id: not a near miss
        try:
            found = svc.payout(text)
        except KeyError:
            continue
        wrong.append(f"payout({text!r}) gave the payout {found.payout_id!r}")
    assert not wrong, (
        f"payouts {show(ids)}: a text that is none of those ids should raise KeyError; "
        + "; ".join(wrong[:4])
    )
