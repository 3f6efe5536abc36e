"""Foreign exchange: the rate table, and the two ways an amount changes currency
(a credit converted at the rate of the moment, a payout priced by a quote)."""

from .convert import convert
from .quotes import Quote
from .rates import Rate, RateTable, parse

__all__ = ["Quote", "Rate", "RateTable", "convert", "parse"]
