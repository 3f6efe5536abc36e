"""A wrong version: a payout's quote uses a rate from the balance's currency to itself
when one has been set, so after set_rate('USD', 'USD', '2') a payout of 100 is priced 200
while 100 leaves the balance, and the ledger refuses it half recorded. The contract says
only a foreign amount is converted.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from ..errors import MissingRate
from ..money import Currency
from .quotes import Quote


class Rate:
    """One unit of `source` is worth `value` units of `target`, since `set_at`."""

    __slots__ = ("set_at", "source", "target", "value")

    def __init__(self, source: Currency, target: Currency, value: Decimal, set_at: float) -> None:
        self.source = source
        self.target = target
        self.value = value
        self.set_at = set_at

    def __repr__(self) -> str:
        return f"Rate({self.source}->{self.target} {self.value}, since {self.set_at!r})"


def parse(text: str) -> Decimal:
    """A rate as the feed sends it: a decimal string, finite and above zero.

    A float is refused rather than converted: float("0.1") is not one tenth,
    and a rate must be the number the feed sent, digit for digit.
    """
    if isinstance(text, float):
        raise ValueError(f"give a rate as a decimal string, not the float {text!r}")
    try:
        value = Decimal(text)
    except (InvalidOperation, TypeError, ValueError):
        raise ValueError(f"not a decimal rate: {text!r}") from None
    if not value.is_finite() or value <= 0:
        raise ValueError(f"a rate must be above zero, got {text!r}")
    return value


class RateTable:
    """The latest rate of each pair of currencies."""

    def __init__(self) -> None:
        self._rates: dict[tuple[str, str], Rate] = {}

    def set(self, source: Currency, target: Currency, value: Decimal, at: float) -> Rate:
        """Make `value` the rate from `source` to `target` from `at` on."""
        rate = Rate(source, target, value, at)
        self._rates[source.code, target.code] = rate
        return rate

    def get(self, source: Currency, target: Currency) -> Rate:
        """The rate from `source` to `target`; MissingRate if none was set."""
        try:
            return self._rates[source.code, target.code]
        except KeyError:
            raise MissingRate(f"no rate from {source} to {target}") from None

    def quote(self, source: Currency, target: Currency, at: float) -> Quote:
        """A quote for a payout from `source` to `target` at today's rate, to keep.

        A payout in its balance's own currency needs no rate: its quote is one
        for one, and converts nothing.
        """
        rate = self._rates.get((source.code, target.code))
        if rate is None and source == target:
            return Quote(source, target, Decimal(1), at)
        return Quote(source, target, self.get(source, target).value, at)

    def pairs(self) -> list[Rate]:
        """Every rate set, in the order the pairs were first set."""
        return list(self._rates.values())
