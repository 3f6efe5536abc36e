"""A wrong version: a credit in the account's own currency is converted when a rate
from that currency to itself was set (USD->USD at 2 doubles it). The contract converts a
credit only if it is in a foreign currency.

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
    try:
        rate = rates.get(amount.currency, target)
    except LookupError:
        if amount.currency == target:  # no rate of its own: one for one
            return amount
        raise
    with localcontext(EXACT):  # every digit kept until from_major() rounds
        return Money.from_major(amount.to_major() * rate.value, target)
