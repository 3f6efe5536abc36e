"""A wrong version: a run in which the bank refused a payout makes every payout waiting to
be tried again due at once (the bank is answering again), so a payout the bank was
unavailable for is sent at the next run, before its 30 s are over. The contract sends a
payout again only when its own wait is over, whatever happened to other payouts.

The scheduler's run: each payout that is due, sent once, oldest first; then the
webhooks' deliveries.

A timer calls run() every minute in production (by hand in the simulation and
the tests). Within one run each payout is sent at most once: the payouts due
are listed before the first is sent, so a payout whose retry falls due during
the run waits for the next one.
"""

from __future__ import annotations

from ..bank.client import PAID, REFUSED
from ..webhooks import Webhooks
from .executor import Executor
from .store import PayoutStore


class RunSummary:
    """What one run did, for the logs."""

    __slots__ = ("at", "delivered", "failed", "paid", "retrying", "sent")

    def __init__(
        self, at: float, sent: int, paid: int, failed: int, retrying: int, delivered: int
    ) -> None:
        self.at = at
        self.sent = sent
        self.paid = paid
        self.failed = failed
        self.retrying = retrying
        self.delivered = delivered  # events taken by webhook endpoints

    def __repr__(self) -> str:
        return (
            f"RunSummary(at={self.at!r}, sent={self.sent}, paid={self.paid}, "
            f"failed={self.failed}, retrying={self.retrying}, delivered={self.delivered})"
        )


class Scheduler:
    """Sends the payouts that are due."""

    def __init__(self, store: PayoutStore, executor: Executor, webhooks: Webhooks) -> None:
        self._store = store
        self._executor = executor
        self._webhooks = webhooks

    def run(self, now: float) -> RunSummary:
        due = [record for record in self._store.pending() if record.is_due(now)]
        verdicts = [self._executor.attempt(record, now).verdict for record in due]
        if REFUSED in verdicts:  # the bank answers again: the waiting ones go next run
            for record in self._store.pending():
                if record not in due:
                    record.due_at = min(record.due_at, now)
        delivered = self._webhooks.deliver(now)
        return RunSummary(
            at=now,
            sent=len(verdicts),
            paid=verdicts.count(PAID),
            failed=verdicts.count(REFUSED),
            retrying=len(verdicts) - verdicts.count(PAID) - verdicts.count(REFUSED),
            delivered=delivered,
        )
