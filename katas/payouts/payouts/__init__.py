"""Payouts: merchant balances, paid out to the merchants' banks.

    from payouts import Payouts
    service = Payouts(bank, clock)

README.md states the contract; `python -m payouts.simulate --help` replays a
day of payouts against a scripted bank on a fake clock.
"""

from .errors import BankUnavailable, TransferRefused
from .scheduling import Payout
from .service import Payouts

__all__ = ["BankUnavailable", "Payout", "Payouts", "TransferRefused"]
