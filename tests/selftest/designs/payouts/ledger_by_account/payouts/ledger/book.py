"""A correct design: the ledger book as a journal of postings and, per account, a dict
of its balances by currency (the reference keeps one flat dict keyed by the pair).

Totals by prefix walk the accounts; the journal is kept as (transaction id, account,
code, minor) rows, and the transactions as a list.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..money import Currency, Money
from .entries import Posting, Transaction, validate


class Ledger:
    def __init__(self) -> None:
        self._accounts: dict[str, dict[str, int]] = {}
        self._journal: list[tuple[str, str, str, int]] = []
        self._transactions: list[Transaction] = []

    def post(self, memo: str, postings: Iterable[tuple[str, Money]], at: float) -> Transaction:
        number = len(self._transactions) + 1
        transaction = validate(
            Transaction(
                f"txn_{number}",
                memo,
                tuple(Posting(account, amount) for account, amount in postings),
                at,
            )
        )
        for posting in transaction.postings:
            code = posting.amount.currency.code
            balances = self._accounts.setdefault(posting.account, {})
            balances[code] = balances.get(code, 0) + posting.amount.minor
            self._journal.append(
                (transaction.transaction_id, posting.account, code, posting.amount.minor)
            )
        self._transactions.append(transaction)
        return transaction

    def balance(self, account: str, currency: Currency) -> Money:
        return Money(self._accounts.get(account, {}).get(currency.code, 0), currency)

    def transactions(self, account: str | None = None) -> list[Transaction]:
        if account is None:
            return list(self._transactions)
        ids = {row[0] for row in self._journal if row[1] == account}
        return [t for t in self._transactions if t.transaction_id in ids]

    def totals(self, prefix: str) -> dict[str, int]:
        found: dict[str, int] = {}
        for account, balances in self._accounts.items():
            if account.startswith(prefix):
                for code, minor in balances.items():
                    found[code] = found.get(code, 0) + minor
        return found
