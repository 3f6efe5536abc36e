"""The payouts export: a CSV row per payout, for finance's spreadsheets.

It reads the payouts through the list endpoint, a page at a time, as the
dashboard's export button does, so that the export of a busy day never holds
the whole day in memory. Amounts are written in major units with the
currency's own decimals (12.50 USD, 1200 JPY, 1.005 KWD), as bank
statements write them.
"""

from __future__ import annotations

import csv
import io

from ..money import Money, lookup
from ..scheduling import Payout, PayoutStore
from .listing import list_page

HEADER = ("payout_id", "account_id", "amount", "currency", "status")
PAGE_SIZE = 100
DAY = 86_400.0  # seconds


def export(store: PayoutStore, day: int | None = None) -> str:
    """The CSV text: the header, then one row per payout in list order; with `day`,
    only the payouts created on that day (days count from 0 on the clock)."""
    since, until = (None, None) if day is None else (day * DAY, (day + 1) * DAY)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    if day is not None:
        writer.writerows(row(record.snapshot()) for record in store.days.get(day, []))
        return out.getvalue()
    cursor = None
    while True:
        page = list_page(store, PAGE_SIZE, cursor, since, until)
        writer.writerows(row(payout) for payout in page.payouts)
        if page.next_cursor is None:
            return out.getvalue()
        cursor = page.next_cursor


def row(payout: Payout) -> list[str]:
    # Formatted from the int of minor units, never through a float: 1.005 KWD
    # must not come out as 1.004999.
    amount = Money(payout.amount, lookup(payout.currency)).format()
    return [payout.payout_id, payout.account_id, amount, payout.currency, payout.status]
