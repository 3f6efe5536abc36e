"""A wrong version (twelfth blind hunt): a credit's conversion remembers each rate's
value by the id() of its Rate, and a Rate that set_rate replaced is freed, so a new
Rate made at its address later converts at the old value: with USD->JPY set again and
again (each value twice, as a feed may send it), credits land at earlier rates. The
contract: a conversion uses the rate of the moment.

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
    memo = rates.__dict__.setdefault("_scaled", {})  # per table: each Rate's value, once
    value = memo.get(id(rate))
    if value is None:
        value = memo[id(rate)] = rate.value
    with localcontext(EXACT):  # every digit kept until from_major() rounds
        return Money.from_major(amount.to_major() * value, target)
