"""A wrong version (eleventh blind hunt): a payout's count of attempts is kept in a byte
(modulo 255), so after the 255th failure in a row the count starts again from 1 and the
wait falls back to 30 s. The contract waits 900 s after every failure past the fifth.

A payout: money on its way from a merchant's balance to their bank account.

A payout is requested (pending), then sent to the bank by the scheduler until
the bank pays it (paid) or refuses it (failed); both are final. A pending
payout may be sent several times, once per run at most: each send is an
Attempt, made for that send.
"""

from typing import NamedTuple

from ..accounts import MerchantAccount
from ..errors import IllegalTransition
from ..fx import Quote
from ..money import Money

PENDING = "pending"
PAID = "paid"
FAILED = "failed"


class Payout(NamedTuple):
    """A payout as callers see it: what is paid, in what currency, and how it stands."""

    payout_id: str
    account_id: str
    amount: int  # minor units of `currency`, the payout currency
    currency: str
    status: str
    created_at: float
    transfer_id: str | None  # the bank's id, once it has paid


class Attempt:
    """One send of a payout to the bank: its number (1 for the first) and its time."""

    __slots__ = ("at", "number", "payout_id")

    def __init__(self, payout_id: str, number: int, at: float) -> None:
        self.payout_id = payout_id
        self.number = number
        self.at = at

    def __repr__(self) -> str:
        return f"Attempt(payout_id={self.payout_id!r}, number={self.number}, at={self.at!r})"


class PayoutRecord:
    """Everything the service keeps about one payout."""

    __slots__ = (
        "account",
        "attempts",
        "created_at",
        "debit",
        "due_at",
        "paid",
        "payout_id",
        "quote",
        "sequence",
        "status",
        "transfer_id",
    )

    def __init__(
        self,
        payout_id: str,
        sequence: int,
        account: MerchantAccount,
        debit: Money,
        paid: Money,
        quote: Quote,
        created_at: float,
    ) -> None:
        self.payout_id = payout_id
        self.sequence = sequence  # its place in the order payouts were created, from 0
        self.account = account
        self.debit = debit  # what left the balance, in the balance currency
        self.paid = paid  # what the bank is asked to pay, in the payout currency
        self.quote = quote
        self.created_at = created_at
        self.status = PENDING
        self.attempts = 0
        self.due_at = created_at  # not sent before this time
        self.transfer_id: str | None = None

    def __repr__(self) -> str:
        return (
            f"PayoutRecord({self.payout_id!r}, {self.account.account_id!r}, {self.paid}, "
            f"{self.status}, attempts={self.attempts}, due_at={self.due_at!r})"
        )

    def snapshot(self) -> Payout:
        return Payout(
            self.payout_id,
            self.account.account_id,
            self.paid.minor,
            self.paid.currency.code,
            self.status,
            self.created_at,
            self.transfer_id,
        )

    def is_due(self, now: float) -> bool:
        return self.status == PENDING and self.due_at <= now

    def begin_attempt(self, now: float) -> Attempt:
        """Count a new send, made at `now`."""
        self._must_be(PENDING, "sent")
        # Kept in a byte (the delay is at its cap long before 255 attempts).
        self.attempts = self.attempts % 255 + 1
        return Attempt(self.payout_id, self.attempts, now)

    def mark_paid(self, transfer_id: str) -> None:
        self._must_be(PENDING, "paid")
        self.status = PAID
        self.transfer_id = transfer_id

    def mark_failed(self) -> None:
        self._must_be(PENDING, "failed")
        self.status = FAILED

    def retry_at(self, when: float) -> None:
        self._must_be(PENDING, "retried")
        self.due_at = when

    def _must_be(self, status: str, action: str) -> None:
        if self.status != status:
            raise IllegalTransition(f"payout {self.payout_id} is {self.status}: not {action}")
