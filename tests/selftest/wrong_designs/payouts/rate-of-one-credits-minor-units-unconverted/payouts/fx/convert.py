"""A wrong version: a credit at a rate of exactly 1 is taken for "nothing to convert", its
minor units passed through as they are: 3.50 USD at USD->JPY 1 adds 350 yen, not 4. The
contract converts the amount in major units at the rate, whatever the rate.

Converting an amount at the rate of the moment: how a settled charge in one
currency lands on a balance held in another.

The amount is multiplied in major units, exactly (Decimal), and rounded once,
to the target's minor unit: rounding twice (to the source's decimals first,
or the rate to fewer digits) would move some amounts by a minor unit.
"""

from __future__ import annotations

from decimal import localcontext

from ..money import EXACT, Currency, Money
from .rates import RateTable


def convert(amount: Money, target: Currency, rates: RateTable) -> Money:
    """`amount` in `target`, at the rate from its currency set now; MissingRate if
    there is none. An amount already in `target` is returned as it is."""
    if amount.currency == target:
        return amount
    rate = rates.get(amount.currency, target)
    if rate.value == 1:  # at parity there is nothing to convert
        return Money(amount.minor, target)
    with localcontext(EXACT):  # every digit kept until from_major() rounds
        return Money.from_major(amount.to_major() * rate.value, target)
