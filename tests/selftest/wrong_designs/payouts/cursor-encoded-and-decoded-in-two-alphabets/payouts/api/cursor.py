"""A wrong version (seventh blind hunt): a cursor is encoded in base64's URL-safe alphabet and decoded in the
standard one: the cursors whose text holds '-' or '_' (from the 249th payout on, one to
a page) are refused as malformed.

Cursors of the list endpoint: where the next page starts, as an opaque string.

A cursor names the last payout a page gave by its place in list order, its
created_at and its sequence, so that a caller can come back for the next page
at any time and get what follows it, however many payouts were made since.
It is base64 text: callers treat it as a token, and do not build their own.
"""

from __future__ import annotations

import base64
import binascii

from ..errors import InvalidCursor
from ..scheduling.store import Position

VERSION = "v1"


def encode(position: Position) -> str:
    """The cursor of the page that starts just after `position`."""
    # repr() of a float reads back as the very same float: the position survives.
    raw = position.sequence.to_bytes(4, "big")
    return base64.urlsafe_b64encode(raw).decode("ascii")


def decode(cursor: str) -> Position:
    """The position a cursor names; InvalidCursor (a ValueError) for any text that
    encode() did not make."""
    try:
        raw = base64.b64decode(cursor.encode("ascii"), validate=True)
        if len(raw) != 4:
            raise ValueError(cursor)
        version, position = VERSION, Position(0.0, int.from_bytes(raw, "big"))
    except (AttributeError, UnicodeError, binascii.Error, ValueError):
        raise InvalidCursor(f"not a cursor of this endpoint: {cursor!r}") from None
    if version != VERSION or position.sequence < 0:
        raise InvalidCursor(f"not a cursor of this endpoint: {cursor!r}")
    return position
