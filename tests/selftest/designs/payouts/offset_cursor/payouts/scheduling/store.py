"""A correct design: the store as a list in creation order; a day's payouts found by a
scan of their created_at."""

from collections.abc import Iterator

from ..accounts import MerchantAccount
from ..errors import UnknownPayout
from ..fx import Quote
from ..money import Money
from .payout import PENDING, PayoutRecord


class PayoutStore:
    def __init__(self) -> None:
        self._in_order: list[PayoutRecord] = []
        self._by_id: dict[str, PayoutRecord] = {}

    def create(
        self, account: MerchantAccount, debit: Money, paid: Money, quote: Quote, now: float
    ) -> PayoutRecord:
        sequence = len(self._in_order)
        record = PayoutRecord(f"po_{sequence + 1:06d}", sequence, account, debit, paid, quote, now)
        self._in_order.append(record)
        self._by_id[record.payout_id] = record
        return record

    def get(self, payout_id: str) -> PayoutRecord:
        try:
            return self._by_id[payout_id]
        except KeyError:
            raise UnknownPayout(payout_id) from None

    def pending(self) -> Iterator[PayoutRecord]:
        return (record for record in self._in_order if record.status == PENDING)

    def between(self, since: float | None, until: float | None) -> list[PayoutRecord]:
        if since is None and until is None:
            return self._in_order
        return [
            record
            for record in self._in_order
            if (since is None or record.created_at >= since)
            and (until is None or record.created_at < until)
        ]

    def __iter__(self) -> Iterator[PayoutRecord]:
        return iter(list(self._in_order))

    def __len__(self) -> int:
        return len(self._in_order)
