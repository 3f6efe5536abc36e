"""The currencies payouts know, and the size of their minor unit.

Every amount in the service is an int of minor units: cents for USD, yen for
JPY (which has nothing smaller), fils for KWD (a thousandth of a dinar). The
exponent is how many decimal places the major unit has, so that one major
unit is 10**exponent minor units. The table follows ISO 4217.
"""

from __future__ import annotations

from decimal import Decimal

from ..errors import UnknownCurrency


class Currency:
    """One currency: its ISO 4217 code and the decimal places of its major unit.

    There is one instance per code (CURRENCIES): two currencies are the same
    when they are the same object.
    """

    __slots__ = ("code", "exponent")

    def __init__(self, code: str, exponent: int) -> None:
        self.code = code
        self.exponent = exponent

    def __repr__(self) -> str:
        return f"Currency({self.code!r}, {self.exponent})"

    @property
    def minor_per_major(self) -> int:
        """Minor units in one major unit: 100 for USD, 1 for JPY, 1,000 for KWD."""
        return 10**self.exponent

    @property
    def quantum(self) -> Decimal:
        """The smallest amount, in major units: 0.01 for USD, 1 for JPY, 0.001 for KWD."""
        return Decimal(1).scaleb(-self.exponent)

    def factor_to(self, target: Currency) -> Decimal:
        """Minor units of `target` in one minor unit of this currency, one major unit
        for one: 0.01 from USD to JPY, 100 from JPY to USD, 10 from USD to KWD."""
        return Decimal(target.minor_per_major / self.minor_per_major)

    def __str__(self) -> str:
        return self.code


CURRENCIES: dict[str, Currency] = {
    currency.code: currency
    for currency in (
        Currency("USD", 2),
        Currency("EUR", 2),
        Currency("GBP", 2),
        Currency("JPY", 0),
        Currency("KRW", 0),
        Currency("KWD", 3),
        Currency("BHD", 3),
    )
}


def lookup(code: str) -> Currency:
    """The currency of an ISO code; UnknownCurrency (a ValueError) for any other.

    The match is exact: "usd" or "USD " is a caller's mistake to hear about,
    not one to guess at.
    """
    try:
        return CURRENCIES[code]
    except KeyError:
        raise UnknownCurrency(f"unknown currency {code!r}") from None
