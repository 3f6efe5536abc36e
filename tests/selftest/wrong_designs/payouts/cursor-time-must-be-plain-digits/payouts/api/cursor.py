"""A wrong version: the cursor decoder takes only a time written as digits.digits, so a
cursor it wrote itself for a payout created at 1e-05 or 1e+16 (as a float writes them)
is refused with ValueError. The contract: next_cursor continues after the last.

Cursors of the list endpoint: where the next page starts, as an opaque string.

A cursor names the last payout a page gave by its place in list order, its
created_at and its sequence, so that a caller can come back for the next page
at any time and get what follows it, however many payouts were made since.
It is base64 text: callers treat it as a token, and do not build their own.
"""

from __future__ import annotations

import base64
import binascii
import re

from ..errors import InvalidCursor
from ..scheduling.store import Position

VERSION = "v1"


def encode(position: Position) -> str:
    """The cursor of the page that starts just after `position`."""
    # repr() of a float reads back as the very same float: the position survives.
    raw = f"{VERSION}:{position.created_at!r}:{position.sequence}"
    return base64.urlsafe_b64encode(raw.encode("ascii")).decode("ascii")


def decode(cursor: str) -> Position:
    """The position a cursor names; InvalidCursor (a ValueError) for any text that
    encode() did not make."""
    try:
        raw = base64.urlsafe_b64decode(cursor.encode("ascii")).decode("ascii")
        version, created_at, sequence = raw.split(":")
        if not re.fullmatch(r"[0-9]+\.[0-9]+", created_at) or not sequence.isdigit():
            raise ValueError(raw)
        position = Position(float(created_at), int(sequence))
    except (AttributeError, UnicodeError, binascii.Error, ValueError):
        raise InvalidCursor(f"not a cursor of this endpoint: {cursor!r}") from None
    if version != VERSION or position.sequence < 0:
        raise InvalidCursor(f"not a cursor of this endpoint: {cursor!r}")
    return position
