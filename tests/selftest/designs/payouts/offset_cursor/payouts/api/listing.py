"""A correct design: pages by offset into the list, which only grows at its end."""

from __future__ import annotations

from ..scheduling import Payout, PayoutStore
from .cursor import decode, encode


class Page:
    __slots__ = ("next_cursor", "payouts")

    def __init__(self, payouts: list[Payout], next_cursor: str | None) -> None:
        self.payouts = payouts
        self.next_cursor = next_cursor


def list_page(
    store: PayoutStore,
    limit: int,
    cursor: str | None = None,
    since: float | None = None,
    until: float | None = None,
) -> Page:
    if not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be an int of at least 1, got {limit!r}")
    start = 0 if cursor is None else decode(cursor)
    chosen = store.between(since, until)
    shown = chosen[start : start + limit]
    end = start + len(shown)
    more = end < len(chosen)
    return Page([record.snapshot() for record in shown], encode(end) if more else None)
