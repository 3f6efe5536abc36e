"""Money: an int of minor units and its currency, and the rounding rule.

Amounts never pass through float: a float cannot hold 0.1, and sums of them
drift by a minor unit now and then. A calculation that gives fractions of a
minor unit (a conversion) works in Decimal and comes back through to_minor(),
which rounds half to even (banker's rounding): the rule finance reconciles
against, and the one the bank uses on its side. It works in EXACT, never in
Decimal's default context, which keeps 28 significant digits and would round
a product of more (a rate of 30 digits, say) before to_minor() rounds it.
"""

from __future__ import annotations

from decimal import MAX_EMAX, MAX_PREC, MIN_EMIN, ROUND_HALF_EVEN, Context, Decimal

from ..errors import InvalidAmount
from .currency import Currency, lookup

ROUNDING = ROUND_HALF_EVEN
# Every digit kept: sums and products are exact in it. (A division that never ends
# would want all of its digits, a MemoryError: money is multiplied, never divided.)
EXACT = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN)


class Money:
    """An amount: `minor` units of `currency` (1250 USD is $12.50). Immutable."""

    __slots__ = ("currency", "minor")

    def __init__(self, minor: int, currency: Currency) -> None:
        self.minor = minor
        self.currency = currency

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Money):
            return NotImplemented
        return (self.minor, self.currency) == (other.minor, other.currency)

    def __hash__(self) -> int:
        return hash((self.minor, self.currency.code))

    def __repr__(self) -> str:
        return f"Money({self.minor}, {self.currency.code})"

    @classmethod
    def of(cls, minor: int, code: str) -> Money:
        """Money from a caller's amount and currency code, both checked."""
        return cls(validate(minor), lookup(code))

    @classmethod
    def zero(cls, currency: Currency) -> Money:
        return cls(0, currency)

    @classmethod
    def from_major(cls, major: Decimal, currency: Currency) -> Money:
        """An amount in major units (a Decimal, any number of places), rounded to a
        whole minor unit by the rounding rule."""
        return cls(to_minor(major, currency), currency)

    def to_major(self) -> Decimal:
        """The amount in major units, exactly: Decimal('12.50') for 1250 cents."""
        return Decimal(self.minor).scaleb(-self.currency.exponent, EXACT)

    def format(self) -> str:
        """The amount in major units with the currency's decimals: '12.50', '1200',
        '1.005' (for 1250 cents, 1200 yen, 1005 fils)."""
        return f"{self.to_major():.{self.currency.exponent}f}"

    def __add__(self, other: Money) -> Money:
        return Money(self.minor + self._same(other).minor, self.currency)

    def __sub__(self, other: Money) -> Money:
        return Money(self.minor - self._same(other).minor, self.currency)

    def __neg__(self) -> Money:
        return Money(-self.minor, self.currency)

    def __str__(self) -> str:
        return f"{self.format()} {self.currency.code}"

    def _same(self, other: Money) -> Money:
        if other.currency != self.currency:
            raise ValueError(f"cannot add {other.currency} to {self.currency}")
        return other


def to_minor(major: Decimal, currency: Currency) -> int:
    """`major` (an amount in major units) as a whole number of minor units of
    `currency`, rounded by the rounding rule."""
    return int(major.scaleb(currency.exponent, EXACT).to_integral_value())


def validate(minor: object, what: str = "amount") -> int:
    """A caller's amount: an int of minor units, above zero."""
    if not isinstance(minor, int) or minor <= 0:
        raise InvalidAmount(f"{what} must be a positive int of minor units, got {minor!r}")
    return minor
