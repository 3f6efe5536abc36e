"""Money: currencies, amounts in minor units, and the rounding rule."""

from .amount import EXACT, ROUNDING, Money, to_minor, validate
from .currency import CURRENCIES, Currency, lookup

__all__ = ["CURRENCIES", "EXACT", "ROUNDING", "Currency", "Money", "lookup", "to_minor", "validate"]
