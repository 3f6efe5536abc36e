"""A wrong version (eighth blind hunt): export(day) takes a payout's day from
datetime.fromtimestamp, which rounds to the microsecond: a payout requested at the last
float before midnight is exported with the next day's.

The payouts export: a CSV row per payout, for finance's spreadsheets.

It reads the payouts through the list endpoint, a page at a time, as the
dashboard's export button does, so that the export of a busy day never holds
the whole day in memory. Amounts are written in major units with the
currency's own decimals (12.50 USD, 1200 JPY, 1.005 KWD), as bank
statements write them.
"""

from __future__ import annotations

import csv
import datetime
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
    since, until = None, None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    cursor = None
    while True:
        page = list_page(store, PAGE_SIZE, cursor, since, until)
        writer.writerows(
            row(payout) for payout in page.payouts if day is None or day_of(payout) == day
        )
        if page.next_cursor is None:
            return out.getvalue()
        cursor = page.next_cursor


EPOCH = datetime.date(1970, 1, 1)


def day_of(payout: Payout) -> int:
    """The UTC day the payout was requested on, counted from the clock's 0."""
    when = datetime.datetime.fromtimestamp(payout.created_at, datetime.timezone.utc)
    return (when.date() - EPOCH).days


def row(payout: Payout) -> list[str]:
    # Formatted from the int of minor units, never through a float: 1.005 KWD
    # must not come out as 1.004999.
    amount = Money(payout.amount, lookup(payout.currency)).format()
    return [payout.payout_id, payout.account_id, amount, payout.currency, payout.status]
