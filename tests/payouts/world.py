"""How a spec test makes a service: the learner's Payouts, with a bank of its own
(model.Bank, the bank of the contract) and a clock the test moves by hand.

Every helper imports the learner's package inside its call: the grader serves
each test a fresh import of it.
"""

from __future__ import annotations

from tests.payouts.model import bank_class


class Clock:
    """The time in seconds, moved by the test."""

    def __init__(self, t: float = 0.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def make(clock: Clock | None = None, bank: object = None) -> tuple[object, object, Clock]:
    """(service, bank, clock): the learner's Payouts on `bank` (None: a new Bank), and
    its clock (`clock`, or a new one at 0)."""
    import payouts

    clock = Clock() if clock is None else clock
    if bank is None:
        bank = bank_class(payouts.TransferRefused, payouts.BankUnavailable)()
    return payouts.Payouts(bank, clock), bank, clock


def funded(
    balances: dict[str, int],
    currency: str = "USD",
    payout_currency: str | None = None,
    clock: Clock | None = None,
) -> tuple[object, object, Clock]:
    """A service whose accounts (named by `balances`) hold those amounts of `currency`,
    each paid to the bank account 'bank-<id>'; (service, bank, clock)."""
    svc, bank, clock = make(clock)
    for account, amount in balances.items():
        svc.open_account(account, currency, f"bank-{account}", payout_currency)
        if amount:
            svc.credit(account, amount, currency)
    return svc, bank, clock


def fields(payout: object) -> tuple:
    """A Payout as (account_id, amount, currency, status, created_at, transfer_id)."""
    return (
        payout.account_id,
        payout.amount,
        payout.currency,
        payout.status,
        payout.created_at,
        payout.transfer_id,
    )


def sent(bank: object) -> list[tuple]:
    """The bank's calls as (destination, amount, currency, its answer): what was asked
    of it, keys left out."""
    return [call[1:] for call in bank.calls]
