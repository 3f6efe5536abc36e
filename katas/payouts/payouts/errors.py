"""What can go wrong, as exceptions callers can tell apart.

The service refuses bad input with the built-in kinds callers already catch:
ValueError for a bad value, KeyError for an unknown id, LookupError for a
missing rate. The subclasses here say which rule was broken, for logs and for
the simulation's report.

The bank's two answers that are not a payment live here too, so that the bank
(and any fake of it) can raise them without importing the service: the bank
client (bank/client.py) turns them into outcomes.
"""

from __future__ import annotations


class UnknownCurrency(ValueError):
    """A currency code the service does not pay in."""


class InvalidAmount(ValueError):
    """An amount that is not a positive int of minor units."""


class DuplicateAccount(ValueError):
    """An account id that is taken already."""


class InsufficientFunds(ValueError):
    """A payout larger than the balance it is paid from."""


class InvalidCursor(ValueError):
    """A page cursor the list endpoint did not hand out."""


class MissingRate(LookupError):
    """A conversion between two currencies that have no rate set."""


class UnknownAccount(KeyError):
    """An account id that was never opened."""


class UnknownPayout(KeyError):
    """A payout id that was never handed out."""


class LedgerImbalance(Exception):
    """A transaction whose postings do not sum to zero in some currency: a bug in
    the code that built it, never the caller's fault."""


class IllegalTransition(Exception):
    """A payout moved to a status it cannot reach from its own (paid twice, say)."""


class TransferRefused(Exception):
    """The bank will not pay this transfer, now or later: the account is closed, or
    the name does not match. Final."""


class BankUnavailable(Exception):
    """The bank did not take the transfer (maintenance, a rate limit): nothing was
    paid, and the same transfer may be sent again later."""
