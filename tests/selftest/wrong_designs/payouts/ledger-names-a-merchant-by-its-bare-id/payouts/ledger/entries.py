"""A wrong version (eighth blind hunt): the ledger names a merchant's account by its bare id,
so a merchant whose id reads like one of the platform's own accounts ("settlement:USD",
"in_transit:USD") shares it: credits and payouts of other merchants move its balance.

Ledger entries: postings grouped into balanced transactions, and the chart
of accounts they post to.

Double entry: every movement of money is a transaction of two or more
postings, and in each currency its postings sum to zero, so a posting never
makes or loses money, it only moves it between accounts. A positive posting
is a debit, a negative one a credit.

The accounts, by what they stand for:
- merchant:<id>: what the platform owes a merchant (a liability, so its
  balance is a credit: negative);
- settlement:<cur>: card money received from the networks, not paid out yet;
- fx:<cur>: the platform's position in a currency, from conversions;
- in_transit:<cur>: payouts sent to the bank and not yet paid;
- bank:<cur>: the money that left through the bank.
"""

from __future__ import annotations

from collections import defaultdict

from ..errors import LedgerImbalance
from ..money import Currency, Money


class Posting:
    """One line of a transaction: `amount` debited to `account` (credited if negative)."""

    __slots__ = ("account", "amount")

    def __init__(self, account: str, amount: Money) -> None:
        self.account = account
        self.amount = amount

    def __repr__(self) -> str:
        return f"Posting({self.account!r}, {self.amount})"


class Transaction:
    """Postings that move money together, all or nothing."""

    __slots__ = ("at", "memo", "postings", "transaction_id")

    def __init__(
        self, transaction_id: str, memo: str, postings: tuple[Posting, ...], at: float
    ) -> None:
        self.transaction_id = transaction_id
        self.memo = memo
        self.postings = postings
        self.at = at

    def __repr__(self) -> str:
        return f"Transaction({self.transaction_id!r}, {self.memo!r}, {list(self.postings)})"

    def currencies(self) -> list[Currency]:
        """The currencies the transaction moves, in the order they first appear."""
        return list(dict.fromkeys(posting.amount.currency for posting in self.postings))


def validate(transaction: Transaction) -> Transaction:
    """The transaction, if it balances: at least two postings, and in each currency
    they sum to zero. LedgerImbalance otherwise."""
    if len(transaction.postings) < 2:
        raise LedgerImbalance(f"{transaction.transaction_id}: a transaction needs two postings")
    totals: dict[str, int] = defaultdict(int)
    for posting in transaction.postings:
        totals[posting.amount.currency.code] += posting.amount.minor
    unbalanced = {code: total for code, total in totals.items() if total}
    if unbalanced:
        raise LedgerImbalance(f"{transaction.transaction_id} does not balance: {unbalanced}")
    return transaction


# -- the chart of accounts --


def merchant(account_id: str) -> str:
    return account_id


def settlement(currency: Currency) -> str:
    return f"settlement:{currency.code}"


def fx_position(currency: Currency) -> str:
    return f"fx:{currency.code}"


def in_transit(currency: Currency) -> str:
    return f"in_transit:{currency.code}"


def bank(currency: Currency) -> str:
    return f"bank:{currency.code}"
