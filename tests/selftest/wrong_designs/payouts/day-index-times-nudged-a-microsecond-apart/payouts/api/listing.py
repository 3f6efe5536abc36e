"""The list endpoint: payouts a page at a time, in list order.

A page is at most `limit` payouts, and a cursor to the next page when there
is more to list at the time of the call. The store is asked for one payout
more than the page holds: whether it finds one says whether there is a next
page, without a second query.
"""

from __future__ import annotations

from ..scheduling import Payout, PayoutStore
from ..scheduling.store import Position
from .cursor import decode, encode


class Page:
    """A page of the list: its payouts, and the cursor of the next page."""

    __slots__ = ("next_cursor", "payouts")

    def __init__(self, payouts: list[Payout], next_cursor: str | None) -> None:
        self.payouts = payouts
        self.next_cursor = next_cursor  # None: this page ends with the last payout


def list_page(
    store: PayoutStore,
    limit: int,
    cursor: str | None = None,
    since: float | None = None,
    until: float | None = None,
) -> Page:
    """The page of up to `limit` payouts that starts at `cursor` (None: the first),
    among those created from `since` to before `until` (None: no bound)."""
    if not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be an int of at least 1, got {limit!r}")
    after = None if cursor is None else decode(cursor)
    found = store.page(after, limit + 1, since, until)
    shown = found[:limit]
    next_cursor = None
    if len(found) > limit:
        last = shown[-1]
        next_cursor = encode(Position(store.key_of(last), last.sequence))
    return Page([record.snapshot() for record in shown], next_cursor)
