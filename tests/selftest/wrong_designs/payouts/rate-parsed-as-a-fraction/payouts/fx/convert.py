"""A wrong version: a rate is parsed with Fraction, to keep every rate exact, so
"1/3" is taken for a third and set: a fraction is a number but no decimal string, and
the contract sets only a decimal string above 0 (ValueError for anything else).

Converting an amount at the rate of the moment: how a settled charge in one
currency lands on a balance held in another.

The amount is multiplied in major units, exactly (Decimal), and rounded once,
to the target's minor unit: rounding twice (to the source's decimals first,
or the rate to fewer digits) would move some amounts by a minor unit.
"""

from __future__ import annotations

from fractions import Fraction

from ..money import Currency, Money
from .rates import RateTable


def convert(amount: Money, target: Currency, rates: RateTable) -> Money:
    """`amount` in `target`, at the rate from its currency set now; MissingRate if
    there is none. An amount already in `target` is returned as it is."""
    if amount.currency == target:
        return amount
    rate = rates.get(amount.currency, target)
    exact = Fraction(amount.minor, amount.currency.minor_per_major) * rate.value
    return Money(round(exact * target.minor_per_major), target)  # round(): halves to even
