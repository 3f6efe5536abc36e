"""Money: currencies, amounts in minor units, and the rounding rule."""

from .amount import ROUNDING, Money, to_minor, validate
from .currency import CURRENCIES, Currency, lookup

__all__ = ["CURRENCIES", "ROUNDING", "Currency", "Money", "lookup", "to_minor", "validate"]
