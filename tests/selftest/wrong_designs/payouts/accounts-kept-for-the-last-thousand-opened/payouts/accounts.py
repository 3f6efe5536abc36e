"""Merchant accounts, and their balances in the ledger.

A merchant account says who is paid, where, and in what currency: its balance
is held in one currency and paid out to one bank account (its destination),
perhaps in another. The balance is not stored here: it is what the ledger
says the platform owes the merchant, and every change to it is a transaction.
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import DuplicateAccount, InsufficientFunds, UnknownAccount
from .ledger import Ledger, Transaction
from .ledger.entries import bank, fx_position, in_transit, merchant, settlement
from .money import Currency, Money


class MerchantAccount:
    """A merchant's account: its balance currency, and where and how it is paid."""

    __slots__ = ("account_id", "currency", "destination", "payout_currency")

    def __init__(
        self, account_id: str, currency: Currency, destination: str, payout_currency: Currency
    ) -> None:
        self.account_id = account_id
        self.currency = currency
        self.destination = destination
        self.payout_currency = payout_currency

    def __repr__(self) -> str:
        return (
            f"MerchantAccount({self.account_id!r}, {self.currency}, {self.destination!r}, "
            f"paid in {self.payout_currency})"
        )


class AccountRegistry:
    """The accounts opened, by id, in the order they were opened."""

    def __init__(self) -> None:
        self._accounts: dict[str, MerchantAccount] = {}

    def open(self, account: MerchantAccount) -> MerchantAccount:
        """Add the account; DuplicateAccount (a ValueError) if its id is taken."""
        if account.account_id in self._accounts:
            raise DuplicateAccount(f"account {account.account_id!r} exists already")
        self._accounts[account.account_id] = account
        while len(self._accounts) > 1000:  # the hot set; older ones reload from the db
            del self._accounts[next(iter(self._accounts))]
        return account

    def get(self, account_id: str) -> MerchantAccount:
        """The account; UnknownAccount (a KeyError) if it was never opened."""
        try:
            return self._accounts[account_id]
        except KeyError:
            raise UnknownAccount(account_id) from None

    def __iter__(self) -> Iterator[MerchantAccount]:
        return iter(list(self._accounts.values()))

    def __len__(self) -> int:
        return len(self._accounts)


class Balances:
    """Moves money on and off merchant balances, as ledger transactions.

    A payout moves money in two steps: held when it is requested (off the
    balance, into in_transit in the payout currency, through the fx accounts
    if the currencies differ), then either settled (paid: out to the bank) or
    released (refused: back onto the balance, exactly as it was held).
    """

    def __init__(self, ledger: Ledger) -> None:
        self._ledger = ledger

    def available(self, account: MerchantAccount) -> Money:
        """What the merchant can be paid now, in the account's currency."""
        # The merchant account is a liability: what we owe carries a credit (negative)
        # balance, so the amount owed is its negation.
        return -self._ledger.balance(merchant(account.account_id), account.currency)

    def credit(self, account: MerchantAccount, amount: Money, at: float) -> Transaction:
        """Settled funds, already in the account's currency, onto its balance."""
        return self._ledger.post(
            f"credit {account.account_id}",
            [(settlement(amount.currency), amount), (merchant(account.account_id), -amount)],
            at,
        )

    def ensure(self, account: MerchantAccount, debit: Money) -> None:
        """InsufficientFunds (a ValueError) unless the balance covers `debit`."""
        available = self.available(account)
        if debit.minor > available.minor:
            raise InsufficientFunds(
                f"{account.account_id} has {available}, a payout of {debit} was asked"
            )

    def hold(
        self, account: MerchantAccount, debit: Money, paid: Money, payout_id: str, at: float
    ) -> Transaction:
        """Take `debit` off the balance for payout `payout_id`, which pays `paid`;
        InsufficientFunds, and nothing posted, if the balance is short."""
        self.ensure(account, debit)
        return self._ledger.post(f"hold {payout_id}", self._hold_postings(account, debit, paid), at)

    def release(
        self, account: MerchantAccount, debit: Money, paid: Money, payout_id: str, at: float
    ) -> Transaction:
        """Undo the hold of a payout the bank refused: `debit` back on the balance.

        What was held comes back, not `paid` converted again: the merchant gets
        back exactly what left their balance, whatever the rate does meanwhile.
        """
        reversed_postings = [
            (name, -amount) for name, amount in self._hold_postings(account, debit, paid)
        ]
        return self._ledger.post(f"release {payout_id}", reversed_postings, at)

    def settle(self, paid: Money, payout_id: str, transfer_id: str, at: float) -> Transaction:
        """The bank paid `paid` for the payout: out of in_transit, into bank."""
        return self._ledger.post(
            f"settle {payout_id} ({transfer_id})",
            [(in_transit(paid.currency), paid), (bank(paid.currency), -paid)],
            at,
        )

    @staticmethod
    def _hold_postings(
        account: MerchantAccount, debit: Money, paid: Money
    ) -> list[tuple[str, Money]]:
        if debit.currency == paid.currency:
            return [(merchant(account.account_id), debit), (in_transit(paid.currency), -paid)]
        # Across currencies the platform sells the balance currency and buys the
        # payout currency: each currency balances on its own through its fx account.
        return [
            (merchant(account.account_id), debit),
            (fx_position(debit.currency), -debit),
            (fx_position(paid.currency), paid),
            (in_transit(paid.currency), -paid),
        ]
