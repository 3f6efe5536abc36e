"""A wrong version: the transfer key joins the account id and the payout's number with
nothing between, so account 'a1''s payout number 0 and account 'a''s number 10 share the
key 'a10': the bank, which never pays a key twice, answers the second with the first's
transfer, and that payout is marked paid with no money sent.
"""

from __future__ import annotations

from .. import events
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
            key=f"{record.account.account_id}{record.sequence}",
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
        self._balances.release(record.account, record.debit, record.paid, record.payout_id, now)
        self._log.record(events.FAILED, record.payout_id, now, outcome.reason)
