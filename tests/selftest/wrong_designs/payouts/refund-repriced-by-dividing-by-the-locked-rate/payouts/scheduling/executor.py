"""One attempt at paying one payout, and everything that follows from its outcome.

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

from decimal import ROUND_HALF_EVEN, Decimal

from .. import events, idempotency
from ..accounts import Balances
from ..bank.client import PAID, BankClient, Outcome, TransferRequest
from ..events import EventLog
from .payout import Attempt, PayoutRecord
from .retries import RetryPolicy


class Executor:
    """Makes attempts, and keeps the payout, the ledger and the log in step with them."""

    def __init__(
        self, client: BankClient, balances: Balances, log: EventLog, retries: RetryPolicy
    ) -> None:
        self._client = client
        self._balances = balances
        self._log = log
        self._retries = retries

    def attempt(self, record: PayoutRecord, now: float) -> Outcome:
        """Send `record` to the bank once, at `now`, and act on what came of it."""
        attempt = record.begin_attempt(now)
        outcome = self._client.send(self._request(record, attempt))
        if outcome.verdict == PAID:
            self._paid(record, outcome, now)
        elif self._retries.should_retry(outcome):
            record.retry_at(self._retries.next_attempt_at(attempt))
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
        # What comes back is what the bank did not pay, priced back at the quote.
        back = record.debit
        if record.paid.currency != record.debit.currency:
            priced_back = Decimal(record.paid.minor) / record.quote.factor
            minor = int(priced_back.to_integral_value(ROUND_HALF_EVEN))
            back = type(record.debit)(minor, record.debit.currency)
        self._balances.release(record.account, back, record.paid, record.payout_id, now)
        self._log.record(events.FAILED, record.payout_id, now, outcome.reason)
