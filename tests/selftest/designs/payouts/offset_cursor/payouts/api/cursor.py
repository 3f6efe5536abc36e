"""A correct design: a cursor is the number of payouts listed before the next page,
written as plain text ("after 12"): the list only ever grows at its end."""

from __future__ import annotations

from ..errors import InvalidCursor

PREFIX = "after "


def encode(listed: int) -> str:
    return f"{PREFIX}{listed}"


def decode(cursor: str) -> int:
    if not isinstance(cursor, str) or not cursor.startswith(PREFIX):
        raise InvalidCursor(f"not a cursor: {cursor!r}")
    number = cursor[len(PREFIX) :]
    if not number.isdigit() or not number.isascii():
        raise InvalidCursor(f"not a cursor: {cursor!r}")
    return int(number)
