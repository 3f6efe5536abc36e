"""A wrong version: a run sends the payouts never tried before, then those due again
after a wait: a payout of 100 due again at 30 s goes after one of 200 requested at 30 s,
where the contract sends the payouts due oldest first.
"""

import bisect
from collections.abc import Iterator
from typing import NamedTuple

from ..accounts import MerchantAccount
from ..errors import UnknownPayout
from ..fx import Quote
from ..money import Money
from .payout import PENDING, PayoutRecord


class Position(NamedTuple):
    """A place in list order: just after the payout of this created_at and sequence."""

    created_at: float
    sequence: int


class PayoutStore:
    """Every payout record; those still pending, in order."""

    def __init__(self) -> None:
        self._in_order: list[PayoutRecord] = []
        self._times: list[float] = []  # created_at of each, in the same order
        self._by_id: dict[str, PayoutRecord] = {}

    def create(
        self, account: MerchantAccount, debit: Money, paid: Money, quote: Quote, now: float
    ) -> PayoutRecord:
        """A new pending payout, with the next id, kept."""
        sequence = len(self._in_order)
        record = PayoutRecord(f"po_{sequence + 1:06d}", sequence, account, debit, paid, quote, now)
        self._in_order.append(record)
        self._times.append(now)
        self._by_id[record.payout_id] = record
        return record

    def get(self, payout_id: str) -> PayoutRecord:
        """The payout; UnknownPayout (a KeyError) for an id never handed out."""
        try:
            return self._by_id[payout_id]
        except KeyError:
            raise UnknownPayout(payout_id) from None

    def pending(self) -> Iterator[PayoutRecord]:
        """The pending payouts, oldest first."""
        pending = [record for record in self._in_order if record.status == PENDING]
        return iter(sorted(pending, key=lambda record: (record.attempts > 0, record.sequence)))

    def page(
        self,
        after: Position | None,
        limit: int,
        since: float | None = None,
        until: float | None = None,
    ) -> list[PayoutRecord]:
        """Up to `limit` payouts in list order, from just after `after` (None: from the
        first), created at `since` or later and before `until` (None: no bound)."""
        start = 0 if since is None else bisect.bisect_left(self._times, since)
        if after is not None:
            start = max(start, after.sequence + 1)
        stop = len(self._in_order) if until is None else bisect.bisect_left(self._times, until)
        return self._in_order[start : min(stop, start + limit)]

    def __iter__(self) -> Iterator[PayoutRecord]:
        return iter(list(self._in_order))

    def __len__(self) -> int:
        return len(self._in_order)
