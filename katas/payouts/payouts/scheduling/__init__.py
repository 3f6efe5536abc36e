"""Payouts on their way: the records, their store, the retry schedule, and the
runs that send them to the bank."""

from .payout import FAILED, PAID, PENDING, Attempt, Payout, PayoutRecord
from .store import PayoutStore

__all__ = ["FAILED", "PAID", "PENDING", "Attempt", "Payout", "PayoutRecord", "PayoutStore"]
