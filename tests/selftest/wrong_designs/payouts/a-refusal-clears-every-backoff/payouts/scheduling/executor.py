"""A wrong version: a refused payout clears every payout's count of failures in a row
(the bank answers again), so a payout waiting for its retry starts its next wait from
30 s again: after failures at 0 and 30 s it is sent at 60 s, not 90. The contract: 30 s
after this attempt, 60 s after the next, whatever happened to other payouts.

One attempt at paying one payout, and everything that follows from its outcome.

The executor sends the payout's transfer through the bank client and acts on
the outcome:
- paid: the transfer id is kept, and the money leaves in_transit for the bank;
- refused: the payout has failed for good, and its hold is released, so the
  merchant has the money back on their balance;
- no answer: the payout stays pending, due again after the retry policy's
  wait. It keeps its hold: the bank may have paid it.
Each outcome is an event in the log.
"""

from __future__ import annotations

from .. import events, idempotency
from ..accounts import Balances
from ..bank.client import PAID, BankClient, Outcome, TransferRequest
from ..events import EventLog
from .payout import Attempt, PayoutRecord
from .retries import RetryPolicy, delay


class Executor:
    """Makes attempts, and keeps the payout, the ledger and the log in step with them."""

    def __init__(
        self, client: BankClient, balances: Balances, log: EventLog, retries: RetryPolicy
    ) -> None:
        self._client = client
        self._balances = balances
        self._log = log
        self._retries = retries
        self._streaks: dict[str, int] = {}

    def attempt(self, record: PayoutRecord, now: float) -> Outcome:
        """Send `record` to the bank once, at `now`, and act on what came of it."""
        attempt = record.begin_attempt(now)
        outcome = self._client.send(self._request(record, attempt))
        if outcome.verdict == PAID:
            self._paid(record, outcome, now)
        elif self._retries.should_retry(outcome):
            streak = self._streaks[record.payout_id] = self._streaks.get(record.payout_id, 0) + 1
            record.retry_at(now + delay(streak))
            self._log.record(events.RETRYING, record.payout_id, now, outcome.reason)
        else:
            self._refused(record, outcome, now)
        return outcome

    def _request(self, record: PayoutRecord, attempt: Attempt) -> TransferRequest:
        """The transfer this attempt asks the bank for."""
        return TransferRequest(
            key=idempotency.derive("transfer", attempt.payout_id),
            destination=record.account.destination,
            amount=record.paid,
        )

    def _paid(self, record: PayoutRecord, outcome: Outcome, now: float) -> None:
        transfer_id = str(outcome.transfer_id)
        record.mark_paid(transfer_id)
        self._balances.settle(record.paid, record.payout_id, transfer_id, now)
        self._log.record(events.PAID, record.payout_id, now, transfer_id)

    def _refused(self, record: PayoutRecord, outcome: Outcome, now: float) -> None:
        record.mark_failed()
        self._streaks.clear()  # the bank answers again: no need to hold back the others
        self._balances.release(record.account, record.debit, record.paid, record.payout_id, now)
        self._log.record(events.FAILED, record.payout_id, now, outcome.reason)
