"""A wrong version: a transfer id of "" is taken for no answer: the bank paid, yet the
payout stays pending, without its transfer id, and is sent again every wait, for good.
The contract's transfer id is whatever the bank returns, the empty string too: the
payout is paid.

The bank's transfer API as the service uses it: one call per attempt, one outcome.

The bank answers a transfer in one of four ways, and the client turns each
into an Outcome the executor can act on without knowing the bank's errors:
- it pays, and returns its transfer id: PAID;
- it refuses (TransferRefused): REFUSED, final;
- it is unavailable (BankUnavailable): RETRY, nothing was paid;
- it does not answer in time (TimeoutError): RETRY, though it may have paid.
The bank pays each idempotency key at most once, and answers a key it has
paid with the same transfer id: that is what makes a retry after a timeout
safe, as long as the retry carries the same key.
"""

from __future__ import annotations

from typing import Protocol

from ..errors import BankUnavailable, TransferRefused
from ..money import Money

PAID = "paid"
REFUSED = "refused"
RETRY = "retry"


class Bank(Protocol):
    """What the service needs of a bank."""

    def transfer(self, key: str, destination: str, amount: int, currency: str) -> str:
        """Pay `amount` minor units of `currency` to `destination`; the transfer id."""
        ...


class TransferRequest:
    """What one attempt asks the bank to pay, and the key it is paid under."""

    __slots__ = ("amount", "destination", "key")

    def __init__(self, key: str, destination: str, amount: Money) -> None:
        self.key = key
        self.destination = destination
        self.amount = amount

    def __repr__(self) -> str:
        return f"TransferRequest({self.key!r}, {self.destination!r}, {self.amount})"


class Outcome:
    """What came of one call: PAID (with the bank's transfer id), REFUSED or RETRY,
    and the bank's words for logs."""

    __slots__ = ("reason", "transfer_id", "verdict")

    def __init__(self, verdict: str, transfer_id: str | None = None, reason: str = "") -> None:
        self.verdict = verdict
        self.transfer_id = transfer_id
        self.reason = reason

    def __repr__(self) -> str:
        return f"Outcome({self.verdict!r}, {self.transfer_id!r}, {self.reason!r})"


class BankClient:
    """Calls the bank, and tells the executor what came of it."""

    def __init__(self, bank: Bank) -> None:
        self._bank = bank
        self.calls = 0

    def send(self, request: TransferRequest) -> Outcome:
        self.calls += 1
        try:
            transfer_id = self._bank.transfer(
                request.key,
                request.destination,
                request.amount.minor,
                request.amount.currency.code,
            )
        except TransferRefused as refusal:
            return Outcome(REFUSED, reason=str(refusal) or "refused")
        except BankUnavailable as error:
            return Outcome(RETRY, reason=str(error) or "unavailable")
        except TimeoutError:
            # No answer is not a no: the bank may have paid before the line dropped.
            # Retried under the same key, the bank tells us which.
            return Outcome(RETRY, reason="no answer")
        if not transfer_id:
            # An answer without a transfer id is no proof of payment: ask again later.
            return Outcome(RETRY, reason="no transfer id")
        return Outcome(PAID, transfer_id=transfer_id)
