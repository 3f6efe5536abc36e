"""Spec tests for payouts: the money rules, currency by currency.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

A conversion multiplies the amount in major units by the rate, exactly, and
rounds once to the target's minor unit, halves to even. The tables hold it
for each pair of kinds of currency (2, 0 and 3 decimals, each way), on both
paths an amount changes currency: a credit in a foreign currency, and a
payout paid in another currency than its balance. Each row gives the exact
value worked out by hand; the model (tests/payouts/model.py) checks every row
when the module is imported.
"""

import decimal

from tests.harness.toolkit.spec import refuses, show, tried
from tests.payouts.model import DECIMALS, convert, major, parse_rate
from tests.payouts.world import funded, make

# (source, target, rate, amount in minor units of source, in minor units of target):
# the comment is the exact value, in minor units of the target.
CONVERSIONS = [
    # 2 decimals to 0
    ("USD", "JPY", "150", 1, 2),  # 1.5
    ("USD", "JPY", "150", 3, 4),  # 4.5
    ("USD", "JPY", "150", 7, 10),  # 10.5
    ("USD", "JPY", "149.85", 1000, 1498),  # 1498.5
    ("USD", "JPY", "149.85", 10, 15),  # 14.985
    ("EUR", "KRW", "1450.5", 1, 15),  # 14.505
    # 0 decimals to 2
    ("JPY", "USD", "0.0067", 1000, 670),  # 670
    ("JPY", "USD", "0.005", 3, 2),  # 1.5
    ("JPY", "EUR", "0.00615", 1000, 615),  # 615
    # 2 decimals to 3
    ("USD", "KWD", "0.3075", 1, 3),  # 3.075
    ("USD", "KWD", "0.3075", 200, 615),  # 615
    ("GBP", "BHD", "0.4765", 150, 715),  # 714.75
    # 3 decimals to 2
    ("KWD", "USD", "3.25", 20, 6),  # 6.5
    ("KWD", "USD", "3.25", 60, 20),  # 19.5
    ("KWD", "USD", "3.2567", 1000, 326),  # 325.67
    ("BHD", "GBP", "2.1", 5, 1),  # 1.05
    # 3 decimals to 0
    ("KWD", "JPY", "500", 5, 2),  # 2.5
    ("KWD", "JPY", "500", 3, 2),  # 1.5
    ("KWD", "JPY", "489.5", 1000, 490),  # 489.5
    ("BHD", "KRW", "2500", 1, 2),  # 2.5
    ("BHD", "KRW", "3600.5", 125, 450),  # 450.0625
    # 0 decimals to 3
    ("JPY", "KWD", "0.00204", 1250, 2550),  # 2550
    ("KRW", "BHD", "0.00028", 5, 1),  # 1.4
    # same number of decimals
    ("EUR", "GBP", "0.85", 150, 128),  # 127.5
    ("EUR", "GBP", "0.85", 50, 42),  # 42.5
    ("KRW", "JPY", "0.11", 150, 16),  # 16.5
    ("KWD", "BHD", "1.2295", 2, 2),  # 2.459
    ("USD", "EUR", "0.925", 1000, 925),  # 925
    # a rate of exactly 1 between currencies of different decimals still converts
    ("USD", "JPY", "1", 350, 4),  # 3.5
    ("USD", "JPY", "1", 250, 2),  # 2.5
    ("KWD", "USD", "1", 1005, 100),  # 100.5
    ("KWD", "USD", "1", 1015, 102),  # 101.5
]


def first_few(wrong: list[str]) -> str:
    """The first four mismatches of a scenario, and how many more there are."""
    return "; ".join(wrong[:4]) + (f" (and {len(wrong) - 4} more)" if wrong[4:] else "")


# Rates of many digits, as CONVERSIONS. The yen rows give 2.5 and 3.5 yen, give or take
# a 1 in the 31st digit: rounded to 28 significant digits first (Decimal's default
# context), they become those halves, and round to the even yen (2 and 4).
DIGITS = [
    ("USD", "JPY", "149.853751", 100000, 149854),  # 149853.751
    ("JPY", "USD", "0.00671234", 10**6, 671234),  # 671234
    ("USD", "JPY", "250.0000000000000000000000000001", 1, 3),  # 2.50...01
    ("USD", "JPY", "349.9999999999999999999999999999", 1, 3),  # 3.49...99
    # 10**30 + 2 cents at a rate of 32 digits: (10**30 + 2) * 1.000...05 is 10**30 + 2.5
    # and a 1 in the 61st digit; any fixed precision under 61 digits (50, say) makes it the
    # half, which rounds to the even cent.
    ("USD", "EUR", "1." + "0" * 30 + "5", 10**30 + 2, 10**30 + 3),
    # Rates of 1,000 digits: 2.5 and 3.5 yen give or take a 1 in the 1,000th digit, which
    # any fixed precision under 1,000 digits (100, say) drops.
    ("USD", "JPY", "250." + "0" * 996 + "1", 1, 3),  # 2.50...01
    ("USD", "JPY", "349." + "9" * 997, 1, 3),  # 3.49...99
]

for _case in CONVERSIONS + DIGITS:
    assert convert(_case[3], _case[0], _case[1], parse_rate(_case[2])) == _case[4], _case


def test_a_credit_in_the_accounts_own_currency_is_added_as_it_is():
    """a credit in the account's own currency needs no rate and is added unchanged, in
    each of the seven currencies"""
    svc, _, _ = make()
    amounts = {"USD": 1, "EUR": 250, "GBP": 99, "JPY": 7, "KRW": 15000, "KWD": 1005, "BHD": 3}
    for currency, amount in amounts.items():
        svc.open_account(currency, currency, f"bank-{currency}")
        svc.credit(currency, amount, currency)
    got = {currency: svc.balance(currency) for currency in amounts}
    assert got == amounts, (
        f"an account in each currency credited in it: balances should be {amounts}; got {got}"
    )


def test_a_credit_in_another_currency_is_converted_exactly_and_rounded_half_to_even():
    """a credit in another currency than the account's is converted at the rate: the
    amount in major units times the rate, exactly, rounded once to the account's minor
    unit, halves to even"""
    wrong = []
    for source, target, rate, amount, expected in CONVERSIONS:
        svc, _, _ = make()
        svc.open_account("a", target, "bank-a")
        svc.set_rate(source, target, rate)
        try:
            svc.credit("a", amount, source)
            got = svc.balance("a")
        except Exception as error:
            got = f"credit raised {type(error).__name__}"
        if got != expected:
            wrong.append(
                f"a credit of {major(amount, source)} {source} at {source}->{target} {rate} "
                f"should add {major(expected, target)} {target} ({expected}); got {got}"
            )
    assert not wrong, first_few(wrong)


def test_each_foreign_credit_is_converted_and_rounded_on_its_own():
    """each credit in another currency is converted and rounded by itself: what one
    credit's rounding left out or added is not carried into the next one"""
    svc, _, _ = make()
    svc.set_rate("USD", "JPY", "150")
    svc.open_account("tokyo", "JPY", "bank-tokyo")
    svc.open_account("osaka", "JPY", "bank-osaka")
    got = []
    for _ in range(4):
        svc.credit("tokyo", 3, "USD")  # 4.5 yen: 4
        svc.credit("osaka", 1, "USD")  # 1.5 yen: 2
        got.append((svc.balance("tokyo"), svc.balance("osaka")))
    expected = [(4, 2), (8, 4), (12, 6), (16, 8)]
    assert got == expected, (
        "USD->JPY at 150; tokyo and osaka hold yen; four times, credit tokyo 0.03 USD (4.5 "
        "yen, rounded half to even: 4) and osaka 0.01 USD (1.5 yen: 2): each credit rounds "
        "on its own, so the balances (tokyo, osaka) after each round should be "
        f"{show(expected)}; got {show(got)}"
    )


def test_a_foreign_credit_is_converted_into_the_balances_currency():
    """a credit in another currency is converted into the currency the balance is held
    in, at the rate of that pair, whatever currency the account is paid out in; a credit
    in the payout currency is foreign too"""
    svc, _, _ = make()
    svc.open_account("k", "USD", "bank-k", "JPY")
    for source, target, rate in (
        ("USD", "JPY", "150"),
        ("EUR", "USD", "1.10"),
        ("EUR", "JPY", "160"),
        ("JPY", "USD", "0.0067"),
    ):
        svc.set_rate(source, target, rate)
    got = []
    for currency in ("USD", "EUR", "JPY"):
        try:
            svc.credit("k", 1000, currency)
            got.append(svc.balance("k"))
        except Exception as error:
            got.append(f"credit('k', 1000, {currency!r}) raised {type(error).__name__}")
            break
    expected = [1000, 2100, 2770]
    assert got == expected, (
        "k is held in USD and paid in JPY; USD->JPY 150, EUR->USD 1.10, EUR->JPY 160 and "
        "JPY->USD 0.0067 are set; k is credited 10.00 USD, then 10.00 EUR, then 1000 "
        "yen: the balance is in USD, so each foreign credit is converted to USD at its own "
        "pair's rate (10.00 EUR at 1.10 is 11.00 USD, 1000 yen at 0.0067 is 6.70 USD), "
        f"and the balance after each credit should be {show(expected)} cents; got "
        f"{show(got)}"
    )


def test_a_payout_in_another_currency_is_converted_exactly_and_rounded_half_to_even():
    """a payout paid in another currency than its balance pays the amount converted at the
    rate: in major units times the rate, exactly, rounded once to the payout currency's
    minor unit, halves to even"""
    wrong = []
    for source, target, rate, amount, expected in CONVERSIONS:
        svc, _, _ = funded({"a": amount * 2}, source, target)
        svc.set_rate(source, target, rate)
        try:
            payout = svc.payout(svc.request_payout("a", amount, "k1"))
            got = (payout.amount, payout.currency)
        except Exception as error:
            got = f"request_payout raised {type(error).__name__}"
        if got != (expected, target):
            wrong.append(
                f"a payout of {major(amount, source)} {source} paid in {target} at {rate} "
                f"should pay {major(expected, target)} {target} ({expected}, {target!r}); "
                f"got {show(got)}"
            )
    assert not wrong, first_few(wrong)


# Conversions the caller's decimal context could move: exact halves into 0 and 3
# decimals, and a product of more digits than a low precision keeps; the comment is the
# exact value, in minor units of the target.
CONTEXT_CASES = [
    ("USD", "JPY", "150", 1003),  # 1504.5
    ("USD", "JPY", "150", 7),  # 10.5
    ("USD", "KWD", "0.25", 1),  # 2.5
    ("USD", "KWD", "0.25", 3),  # 7.5
    ("USD", "JPY", "149.853751", 100000),  # 149853.751
]
# The caller's context (rounding, significant digits) while the service works.
CALLERS_CONTEXTS = [
    ("ROUND_HALF_UP", 28),
    ("ROUND_DOWN", 28),
    ("ROUND_HALF_UP", 3),
    ("ROUND_DOWN", 3),
]


def amounts_in(context: decimal.Context) -> list[tuple[int, int]]:
    """(credited, paid) of each CONTEXT_CASES row, worked out by fresh services while the
    thread's decimal context is `context`."""
    saved = decimal.getcontext()
    decimal.setcontext(context)
    try:
        got = []
        for source, target, rate, amount in CONTEXT_CASES:
            svc, _, _ = funded({"paid": amount}, source, target)
            svc.open_account("held", target, "bank-held")
            svc.set_rate(source, target, rate)
            svc.credit("held", amount, source)
            got.append(
                (svc.balance("held"), svc.payout(svc.request_payout("paid", amount, "k1")).amount)
            )
        return got
    finally:
        decimal.setcontext(saved)


def test_amounts_are_the_same_whatever_the_callers_decimal_context():
    """a conversion rounds by the contract's rule whatever decimal context the caller has
    set in its thread (another rounding, fewer digits): credits and payouts come out as they
    do in Python's default context"""
    expected = amounts_in(decimal.Context())
    wrong = []
    for rounding, digits in CALLERS_CONTEXTS:
        context = decimal.Context(prec=digits, rounding=getattr(decimal, rounding))
        got = amounts_in(context)
        for (source, target, rate, amount), want, was in zip(
            CONTEXT_CASES, expected, got, strict=True
        ):
            if was != want:
                wrong.append(
                    f"with decimal.getcontext().rounding = decimal.{rounding} and "
                    f"decimal.getcontext().prec = {digits}, at {source}->{target} {rate}, a "
                    f"credit of {major(amount, source)} {source} to an account in {target} "
                    f"and a payout of {major(amount, source)} {source} paid in {target} should "
                    f"each be {major(want[0], target)} {target} ({want[0]}), as in the "
                    f"default context; got {was[0]} and {was[1]}"
                )
    assert not wrong, first_few(wrong)


def test_a_payout_that_converts_to_nothing_is_refused_and_changes_nothing():
    """request_payout raises ValueError when the amount converts to 0 in the payout
    currency; the balance keeps it, and no payout is listed, recorded or sent"""
    for source, target, rate, amount in (("JPY", "USD", "0.005", 1), ("KRW", "USD", "0.0007", 7)):
        svc, bank, _ = funded({"a": 100}, source, target)
        svc.set_rate(source, target, rate)
        refuses(
            ValueError,
            f"account a holds 100 {source}, paid in {target} at {rate}: "
            f"request_payout('a', {amount}, 'k1') ({amount} {source} is worth less than half "
            f"a minor unit of {target})",
            lambda svc=svc, amount=amount: svc.request_payout("a", amount, "k1"),
        )
        svc.run()
        got = [svc.balance("a"), len(svc.list_payouts()[0]), len(svc.events()), len(bank.calls)]
        assert got == [100, 0, 0, 0], (
            f"a held 100 {source} before the refused payout, then a run: it should hold 100, "
            "with 0 payouts listed, 0 events and 0 transfers asked of the bank; got "
            f"{show(got)}"
        )


def test_a_conversion_uses_the_rate_set_last_and_a_payout_keeps_its_own():
    """set_rate replaces the pair's rate for the conversions made after it; a payout is
    priced when it is requested and pays that price, whatever the rate does next, even
    when the bank takes it hours later"""
    svc, bank, _ = funded({"a": 0}, "USD", "JPY")
    svc.open_account("j", "JPY", "bank-j")
    svc.set_rate("USD", "JPY", "150")
    svc.credit("j", 100, "USD")  # 150 yen
    svc.credit("a", 2000, "USD")
    payout = svc.request_payout("a", 1000, "k1")  # 1500 yen
    svc.set_rate("USD", "JPY", "100")
    svc.credit("j", 100, "USD")  # 100 yen
    svc.run()
    got = [svc.balance("j"), svc.payout(payout).amount, [call[2] for call in bank.calls]]
    assert got == [250, 1500, [1500]], (
        "USD->JPY at 150: credit j (in JPY) 1.00 USD, a (paid in JPY) requests a payout of "
        "10.00 USD; the rate becomes 100; credit j 1.00 USD; run: j should hold 250 yen "
        "(150 + 100), and the payout pay 1500 yen, as the bank was asked; got "
        f"{show(got)}"
    )
    # The bank down for hours, and the rate moved meanwhile: however long the payout
    # waits, it pays what it was priced at when requested.
    svc, bank, clock = funded({"a": 2000}, "USD", "JPY")
    svc.set_rate("USD", "JPY", "150")
    payout = svc.request_payout("a", 1000, "k1")  # 1500 yen
    bank.plan += ["unavailable"] * 12
    svc.run()
    clock.t = 60.0
    svc.set_rate("USD", "JPY", "100")
    while svc.payout(payout).status == "pending" and clock.t < 20_000:
        clock.t += 900.0
        svc.run()
    asked = sorted({call[2] for call in bank.calls})
    got = [svc.payout(payout).status, svc.payout(payout).amount, len(bank.calls), asked]
    assert got == ["paid", 1500, 13, [1500]], (
        "USD->JPY at 150: a (paid in JPY) requests a payout of 10.00 USD at 0 s (1500 "
        "yen); the bank is unavailable for it 12 times, a run every 900 s, and the rate "
        "becomes 100 at 60 s; the 13th attempt, 3 hours on, is paid: the payout should be "
        "'paid' for 1500 yen, and every attempt ask the bank for 1500 yen; got (status, "
        f"amount, attempts, the amounts the bank was asked) {show(got)}"
    )
    # The feed sets the pair again and again, each value twice: each conversion uses the
    # latest value, never one a replaced rate had (whatever took its place in memory).
    svc, _, _ = funded({"a": 20_000}, "USD", "JPY")
    svc.open_account("j", "JPY", "bank-j")
    wrong = []
    for n in range(200):
        rate = str(100 + n)
        svc.set_rate("USD", "JPY", rate)
        svc.set_rate("USD", "JPY", rate)
        before = svc.balance("j")
        svc.credit("j", 100, "USD")
        got = [svc.balance("j") - before, svc.payout(svc.request_payout("a", 100, f"k{n}")).amount]
        if got != [100 + n, 100 + n]:
            wrong.append(f"at {rate}, {got[0]} added and {got[1]} paid")
    assert not wrong, (
        "a holds 200.00 USD, paid in JPY, and j holds yen; 200 times, USD->JPY is set to "
        "100, then 101, ... up to 299, each value twice in a row, and after each value j is "
        "credited 1.00 USD and a requests a payout of 1.00 USD: each should be converted at "
        "the rate just set, the credit adding and the payout paying that many yen; got "
        + first_few(wrong)
    )


def test_a_key_used_again_after_the_rate_moved_leaves_its_payouts_price():
    """a key used again changes nothing, not even the price of a payout not yet sent: after
    the rate moves, the payout still pays what it was priced at when requested"""
    svc, bank, _ = funded({"a": 2000}, "USD", "JPY")
    svc.set_rate("USD", "JPY", "150")
    payout = svc.request_payout("a", 1000, "k1")  # 1500 yen
    svc.set_rate("USD", "JPY", "100")
    again = svc.request_payout("a", 1000, "k1")
    amount = svc.payout(payout).amount
    svc.run()
    got = [again == payout, amount, svc.balance("a"), [call[2] for call in bank.calls]]
    assert got == [True, 1500, 1000, [1500]], (
        "a holds 20.00 USD, paid in JPY: at USD->JPY 150 it requests 10.00 USD with key "
        "'k1' (1500 yen); the rate becomes 100; request_payout('a', 1000, 'k1') again, "
        "then run: the request should return the same payout and change nothing, so the "
        "payout pays 1500 yen, a holds 1000 and the bank is asked for 1500 yen; got (the "
        f"same payout, the payout's amount, the balance, the amounts sent) {show(got)}"
    )


def test_a_key_used_before_returns_its_payout_whatever_the_rate_is_now():
    """a key the account used returns that payout's id whatever the rate has become, even
    one at which the amount would now be worth nothing in the payout currency"""
    svc, _, _ = funded({"a": 2000}, "USD", "JPY")
    svc.set_rate("USD", "JPY", "150")
    payout = svc.request_payout("a", 100, "k1")  # 150 yen
    svc.set_rate("USD", "JPY", "0.001")  # 1.00 USD is 0.001 yen now: nothing
    try:
        again = svc.request_payout("a", 100, "k1")
    except Exception as error:
        again = f"raised {type(error).__name__}"
    got = [again, svc.balance("a")]
    assert got == [payout, 1900], (
        "a holds 20.00 USD, paid in JPY: at USD->JPY 150 it requests 1.00 USD with key 'k1' "
        "(150 yen); the rate becomes 0.001, at which 1.00 USD is worth nothing in yen; "
        f"request_payout('a', 100, 'k1') again should return {payout!r} and a still hold "
        f"1900; got {show(got)}"
    )


def test_each_payout_is_priced_at_the_rate_when_it_is_requested():
    """each payout is priced at the rate of the moment it is requested: an account's next
    payout after set_rate changes the rate is priced at the new rate, not its last one's"""
    svc, _, _ = funded({"a": 10_000}, "USD", "JPY")
    got = []
    for rate in ("150", "100", "120"):
        svc.set_rate("USD", "JPY", rate)
        got.append(svc.payout(svc.request_payout("a", 1000, f"at {rate}")).amount)
    assert got == [1500, 1000, 1200], (
        "a holds 100.00 USD, paid in JPY: at USD->JPY 150, then 100, then 120, a payout of "
        f"10.00 USD each: they should pay 1500, 1000 and 1200 yen; got {show(got)}"
    )


def test_a_credit_in_the_accounts_own_currency_is_never_converted():
    """a credit in the account's own currency is added unchanged, even when a rate from
    that currency to itself has been set: only a foreign credit is converted"""
    svc, _, _ = make()
    svc.open_account("u", "USD", "bank-u")
    svc.open_account("k", "KWD", "bank-k")
    svc.set_rate("USD", "USD", "2")
    svc.set_rate("KWD", "KWD", "0.5")
    svc.credit("u", 1250, "USD")
    svc.credit("k", 1005, "KWD")
    got = [svc.balance("u"), svc.balance("k")]
    assert got == [1250, 1005], (
        "set_rate('USD', 'USD', '2') and set_rate('KWD', 'KWD', '0.5'); u (in USD) is "
        "credited 1250 USD, k (in KWD) 1005 KWD: a credit in the account's own currency is "
        f"not converted, so u should hold 1250 and k 1005; got {show(got)}"
    )


def test_a_payout_in_the_accounts_own_currency_is_never_converted():
    """a payout paid in its balance's own currency pays the amount taken off, even when
    a rate from that currency to itself has been set: only a foreign amount is
    converted"""
    svc, bank, _ = funded({"u": 1000}, "USD")
    svc.open_account("k", "KWD", "bank-k")
    svc.credit("k", 2000, "KWD")
    svc.set_rate("USD", "USD", "2")
    svc.set_rate("KWD", "KWD", "0.5")
    paid = [svc.request_payout("u", 100, "k1"), svc.request_payout("k", 1005, "k1")]
    svc.run()
    got = [
        [svc.payout(payout).amount for payout in paid],
        [call[2] for call in bank.calls],
        [svc.balance("u"), svc.balance("k")],
    ]
    assert got == [[100, 1005], [100, 1005], [900, 995]], (
        "set_rate('USD', 'USD', '2') and set_rate('KWD', 'KWD', '0.5'); u (in USD, holding "
        "1000) requests a payout of 100, k (in KWD, holding 2000) one of 1005; run: a payout "
        "in the balance's own currency is not converted, so the payouts should be "
        "[100, 1005], the bank asked for [100, 1005], and the balances be [900, 995]; got "
        f"{show(got)}"
    )


def test_a_rate_is_for_one_direction_only():
    """a rate from one currency to another says nothing of the way back, even a rate of
    1: without a rate of its own it is a LookupError, and changes nothing"""
    svc, _, _ = funded({"a": 500}, "JPY", "USD")
    svc.open_account("u", "USD", "bank-u")
    svc.open_account("w", "KWD", "bank-w", "USD")
    svc.credit("w", 5000, "KWD")
    svc.set_rate("USD", "JPY", "150")
    svc.set_rate("USD", "KWD", "1")
    refuses(
        LookupError,
        "only USD->JPY is set: credit('u', 1000, 'JPY') on an account in USD",
        lambda: svc.credit("u", 1000, "JPY"),
    )
    refuses(
        LookupError,
        "only USD->JPY is set: request_payout('a', 300, 'k1') from yen, paid in USD",
        lambda: svc.request_payout("a", 300, "k1"),
    )
    refuses(
        LookupError,
        "only USD->KWD is set, at 1: credit('u', 1000, 'KWD') on an account in USD",
        lambda: svc.credit("u", 1000, "KWD"),
    )
    refuses(
        LookupError,
        "only USD->KWD is set, at 1: request_payout('w', 3000, 'k1') from KWD, paid in USD",
        lambda: svc.request_payout("w", 3000, "k1"),
    )
    got = [svc.balance("u"), svc.balance("a"), svc.balance("w"), len(svc.list_payouts()[0])]
    assert got == [0, 500, 5000, 0], (
        "after the refused credits and payouts: u should hold 0, a 500, w 5000, with no "
        f"payout; got {show(got)}"
    )


def test_no_rate_is_made_up_from_two_others():
    """a conversion uses only the rate set for its own pair: none is worked out through a
    third currency (EUR->USD times USD->JPY is no EUR->JPY rate); without one it is a
    LookupError, and changes nothing"""
    for first, second in (
        (("EUR", "USD", "1.1"), ("USD", "JPY", "150")),
        (("GBP", "EUR", "1.2"), ("EUR", "KWD", "0.33")),
    ):
        source, via, target = first[0], first[1], second[1]
        svc, _, _ = funded({"paid": 1000}, source, target)
        svc.open_account("held", target, "bank-held")
        svc.set_rate(*first)
        svc.set_rate(*second)
        scenario = (
            f"{source}->{via} at {first[2]} and {via}->{target} at {second[2]} are set, no "
            f"{source}->{target}"
        )
        refuses(
            LookupError,
            f"{scenario}: credit('held', 100, {source!r}) on an account in {target}",
            lambda svc=svc, source=source: svc.credit("held", 100, source),
        )
        refuses(
            LookupError,
            f"{scenario}: request_payout('paid', 1000, 'k1') from {source}, paid in {target}",
            lambda svc=svc: svc.request_payout("paid", 1000, "k1"),
        )
        got = [svc.balance("held"), svc.balance("paid"), len(svc.list_payouts()[0])]
        assert got == [0, 1000, 0], (
            f"{scenario}: after the refused credit and payout, held should hold 0, paid "
            f"1000, with no payout; got {show(got)}"
        )


def test_each_pair_of_currencies_has_a_rate_of_its_own():
    """each pair of currencies keeps the rate set for it, whatever is set for the other
    pairs that share its source or its target: with all 42 pairs of the seven currencies
    set, each credit and each payout is converted at its own pair's rate"""
    codes = list(DECIMALS)
    pairs = [(source, target) for source in codes for target in codes if source != target]
    rates = {pair: str(n) for n, pair in enumerate(pairs, 2)}  # 2 to 43, one per pair
    svc, _, _ = make()
    for pair in pairs:
        svc.set_rate(*pair, rates[pair])
    for code in codes:
        svc.open_account(f"in {code}", code, f"bank-in-{code}")
    wrong = []
    for source, target in pairs:  # in the order they were set
        one = 10 ** DECIMALS[source]  # one major unit of the source
        expected = convert(one, source, target, parse_rate(rates[source, target]))
        before = svc.balance(f"in {target}")
        try:
            svc.credit(f"in {target}", one, source)
            added = svc.balance(f"in {target}") - before
        except Exception as error:
            added = f"raised {type(error).__name__}"
        account = f"{source} paid in {target}"
        svc.open_account(account, source, f"bank-{account}", target)
        svc.credit(account, one, source)
        try:
            paid = svc.payout(svc.request_payout(account, one, "k1")).amount
        except Exception as error:
            paid = f"raised {type(error).__name__}"
        for what, got in (
            (f"a credit of 1 {source} to an account in {target} should add", added),
            (f"a payout of 1 {source} paid in {target} should pay", paid),
        ):
            if got != expected:
                wrong.append(
                    f"at {source}->{target} {rates[source, target]}, {what} "
                    f"{major(expected, target)} {target} ({expected}); got {got}"
                )
    assert not wrong, (
        f"all 42 pairs of {', '.join(codes)} set, source by source and target by target in "
        "that order, at 2, 3, ... 43 (USD->EUR 2, USD->GBP 3, ..., BHD->KWD 43); then, pair "
        "by pair in that order, one major unit of the source credited to an account held in "
        "the target, and a payout of one major unit requested from an account held in the "
        "source, paid in the target: each should be converted at its own pair's rate; "
        + first_few(wrong)
    )


def test_set_rate_refuses_a_rate_that_is_not_a_decimal_above_zero():
    """set_rate raises ValueError for a rate that is not a decimal string above 0, and
    the rate set before stays; one that is, however far past a float's range, is set"""
    svc, _, _ = make()
    svc.open_account("j", "JPY", "bank-j")
    svc.set_rate("USD", "JPY", "150")
    # A fraction ("1/3", which no decimal writes) is a number, but no decimal string.
    bad = ["0", "0.000", "-1", "-0.5", "abc", "", "NaN", "Infinity", "1,5", "1/3", "300/2"]
    for rate in bad:
        refuses(
            ValueError,
            f"set_rate('USD', 'JPY', {rate!r})",
            lambda rate=rate: svc.set_rate("USD", "JPY", rate),
        )
    svc.credit("j", 100, "USD")
    got = svc.balance("j")
    assert got == 150, (
        "USD->JPY at 150, then the refused rates: a credit of 1.00 USD should still add "
        f"150 yen; got {got!r}"
    )
    # Decimal strings a float cannot hold (it makes them 0 and inf) are rates all the same.
    got = []
    for rate, amount, expected in (("1E+400", 1, 10**398), ("1E-400", 10**500, 10**98)):
        svc.open_account(rate, "JPY", f"bank-{rate}")
        try:
            svc.set_rate("USD", "JPY", rate)
            svc.credit(rate, amount, "USD")
            got.append("added that" if svc.balance(rate) == expected else "added another")
        except Exception as error:
            got.append(f"raised {type(error).__name__}")
    assert got == ["added that"] * 2, (
        "set_rate('USD', 'JPY', '1E+400'), then a credit of 1 cent to a yen account (10**398 "
        "yen); set_rate('USD', 'JPY', '1E-400'), then a credit of 10**500 cents to another "
        "(10**98 yen): each is a decimal string above 0, a rate to set and use, so each "
        f"credit should have added that; got {show(got)}"
    )


def test_set_rate_refuses_a_rate_given_as_a_float():
    """set_rate refuses a rate given as a float, which is no decimal string (the float
    150.01 is not 150.01), and the rate set before stays"""
    svc, _, _ = make()
    svc.open_account("j", "JPY", "bank-j")
    svc.set_rate("USD", "JPY", "150")
    for rate in (150.01, 0.1):
        got = tried(lambda rate=rate: svc.set_rate("USD", "JPY", rate))
        assert got.startswith("raised"), (
            f"set_rate('USD', 'JPY', {rate!r}): a float is no decimal string and should be "
            f"refused (ValueError, or any exception for the wrong type); it {got}"
        )
    svc.credit("j", 100, "USD")
    got = svc.balance("j")
    assert got == 150, (
        "USD->JPY at 150, then the refused float rates: a credit of 1.00 USD should still "
        f"add 150 yen; got {got!r}"
    )


def test_set_rate_refuses_an_unknown_currency():
    """set_rate raises ValueError for a currency that is not one of the seven"""
    svc, _, _ = make()
    for source, target in (("usd", "JPY"), ("USD", "XXX"), ("CHF", "USD")):
        refuses(
            ValueError,
            f"set_rate({source!r}, {target!r}, '1.5')",
            lambda s=source, t=target: svc.set_rate(s, t, "1.5"),
        )


def written(rate: str) -> str:
    """A rate for a message: in full, or its ends and its number of digits if long."""
    if len(rate) <= 40:
        return rate
    return f"{rate[:8]}...{rate[-4:]} ({len(rate) - 1:,} digits)"


def test_a_rate_is_used_digit_for_digit():
    """a rate is used with every digit it was given, however many (more than the 28 a
    Decimal keeps by default), and its product with an amount however large, by a credit
    and by a payout alike"""
    wrong = []
    for source, target, rate, amount, expected in DIGITS:
        svc, _, _ = funded({"paid": amount}, source, target)
        svc.open_account("held", target, "bank-held")
        svc.set_rate(source, target, rate)
        svc.credit("held", amount, source)
        payout = svc.payout(svc.request_payout("paid", amount, "k1"))
        got = (svc.balance("held"), payout.amount)
        if got != (expected, expected):
            wrong.append(
                f"{source}->{target} at {written(rate)}: a credit of {major(amount, source)} "
                f"{source} to an account in {target}, and a payout of {major(amount, source)} "
                f"{source} paid in {target}, should each be {major(expected, target)} {target} "
                f"({expected}); got {got[0]!r} and {got[1]!r}"
            )
    assert not wrong, "; ".join(wrong)
