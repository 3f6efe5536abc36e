"""The bank: the client the service calls it through, and a fake of it for the
simulation and the team's tests."""

from .client import PAID, REFUSED, RETRY, Bank, BankClient, Outcome, TransferRequest

__all__ = ["PAID", "REFUSED", "RETRY", "Bank", "BankClient", "Outcome", "TransferRequest"]
