"""The double-entry ledger: where every movement of money is written down."""

from .book import Ledger
from .entries import Posting, Transaction, validate

__all__ = ["Ledger", "Posting", "Transaction", "validate"]
