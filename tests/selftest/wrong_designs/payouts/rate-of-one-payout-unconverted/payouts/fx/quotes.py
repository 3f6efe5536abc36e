"""A wrong version: a payout quoted at a rate of exactly 1 is taken for "nothing to price",
its minor units paid as they are: 3.50 USD paid in JPY at 1 pays 350 yen, not 4. The
contract converts the amount in major units at the rate, whatever the rate.

Quotes: a rate locked for one payout.

A payout in another currency than its balance is priced when it is requested,
and that price holds until the bank pays it, however the rate moves
meanwhile: the quote is kept with the payout, and the ledger's fx legs, the
bank transfer and the merchant's statement all read it.

A quote works in minor units, the units the ledger and the bank speak: its
factor turns minor units of the source into minor units of the target, so a
payout is priced with one multiplication and one rounding.
"""

from __future__ import annotations

from decimal import Decimal, localcontext

from ..money import EXACT, ROUNDING, Currency, Money


class Quote:
    """`rate` units of `target` for one unit of `source`, as quoted at `quoted_at`."""

    __slots__ = ("quoted_at", "rate", "source", "target")

    def __init__(self, source: Currency, target: Currency, rate: Decimal, quoted_at: float) -> None:
        self.source = source
        self.target = target
        self.rate = rate
        self.quoted_at = quoted_at

    def __repr__(self) -> str:
        return f"Quote({self.source}->{self.target} at {self.rate}, {self.quoted_at!r})"

    @property
    def factor(self) -> Decimal:
        """Minor units of the target that one minor unit of the source is worth."""
        return self.rate * self.source.factor_to(self.target)

    def convert(self, amount: Money) -> Money:
        """`amount`, in the source currency, priced in the target currency."""
        if amount.currency != self.source:
            raise ValueError(f"a quote from {self.source} cannot price {amount.currency}")
        if self.rate == 1:  # one for one: nothing to price
            return Money(amount.minor, self.target)
        with localcontext(EXACT):  # every digit kept until to_minor() rounds
            return Money(to_minor(amount.minor * self.factor), self.target)


def to_minor(exact: Decimal) -> int:
    """A number of minor units, to a whole one by the rounding rule."""
    return int(exact.to_integral_value(rounding=ROUNDING))
