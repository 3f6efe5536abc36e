"""The event log: what happened to each payout, in the order it happened.

Every change of a payout is an event: created when it is requested, then for
each attempt at paying it, paid, failed (the bank refused it) or retrying (no
answer yet). The log is append-only; webhooks.py delivers it to subscribers,
and Payouts.events() hands it to callers.
"""

from __future__ import annotations

CREATED = "created"
PAID = "paid"
FAILED = "failed"
RETRYING = "retrying"


class Event:
    """One event: its place in the log, its kind, the payout, and when."""

    __slots__ = ("at", "detail", "kind", "payout_id", "sequence")

    def __init__(
        self, sequence: int, kind: str, payout_id: str, at: float, detail: str = ""
    ) -> None:
        self.sequence = sequence
        self.kind = kind
        self.payout_id = payout_id
        self.at = at
        self.detail = detail  # the bank's words, or the transfer id

    def __repr__(self) -> str:
        return f"Event({self.sequence}, {self.kind!r}, {self.payout_id!r}, at={self.at!r})"


class EventLog:
    """Events in the order they were recorded."""

    def __init__(self) -> None:
        self._events: list[Event] = []

    def record(self, kind: str, payout_id: str, at: float, detail: str = "") -> Event:
        event = Event(len(self._events), kind, payout_id, at, detail)
        self._events.append(event)
        return event

    def since(self, sequence: int) -> list[Event]:
        """The events from the one numbered `sequence` on (0 for all of them)."""
        return self._events[sequence:]

    def __len__(self) -> int:
        return len(self._events)
