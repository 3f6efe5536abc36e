"""A correct design written from the README alone: the whole service in one module.

Money is worked out with Fraction; payout ids and transfer keys are random tokens
drawn once per payout; a cursor is the position after the page in the list of
payouts, as text; the balance is a plain int per account.
"""

from __future__ import annotations

import csv
import io
import secrets
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import NamedTuple

PLACES = {"USD": 2, "EUR": 2, "GBP": 2, "JPY": 0, "KRW": 0, "KWD": 3, "BHD": 3}


class TransferRefused(Exception):
    pass


class BankUnavailable(Exception):
    pass


class Payout(NamedTuple):
    payout_id: str
    account_id: str
    amount: int
    currency: str
    status: str
    created_at: float
    transfer_id: str | None


def _currency(code):
    if not isinstance(code, str) or code not in PLACES:
        raise ValueError(f"unknown currency {code!r}")
    return code


def _amount(value):
    if not isinstance(value, int) or value <= 0:
        raise ValueError(f"not an amount: {value!r}")
    return value


class _Payout:
    def __init__(self, payout_id, account, debit, amount, currency, now):
        self.payout_id, self.account, self.debit = payout_id, account, debit
        self.amount, self.currency, self.created_at = amount, currency, now
        self.status, self.transfer_id = "pending", None
        self.key = secrets.token_hex(8)
        self.tries, self.next_try = 0, now


class Payouts:
    def __init__(self, bank, clock):
        self.bank, self.clock = bank, clock
        self.rates = {}
        self.accounts = {}  # id: [currency, destination, payout currency, balance]
        self.payouts = []
        self.by_id = {}
        self.keys = {}
        self.log = []

    def set_rate(self, source, target, rate):
        _currency(source)
        _currency(target)
        try:
            value = Decimal(rate) if isinstance(rate, str) else None
        except InvalidOperation:
            value = None
        if value is None or not value.is_finite() or value <= 0:
            raise ValueError(f"not a rate: {rate!r}")
        self.rates[source, target] = Fraction(value)

    def _convert(self, amount, source, target):
        if source == target:
            return amount
        if (source, target) not in self.rates:
            raise LookupError(f"no rate from {source} to {target}")
        scale = Fraction(10) ** (PLACES[target] - PLACES[source])
        return round(amount * self.rates[source, target] * scale)

    def open_account(self, account_id, currency, destination, payout_currency=None):
        held = _currency(currency)
        paid = held if payout_currency is None else _currency(payout_currency)
        if account_id in self.accounts:
            raise ValueError(f"account {account_id!r} exists")
        self.accounts[account_id] = [held, destination, paid, 0]

    def _account(self, account_id):
        if account_id not in self.accounts:
            raise KeyError(account_id)
        return self.accounts[account_id]

    def credit(self, account_id, amount, currency):
        account = self._account(account_id)
        _amount(amount)
        account[3] += self._convert(amount, _currency(currency), account[0])

    def balance(self, account_id):
        return self._account(account_id)[3]

    def request_payout(self, account_id, amount, key):
        account = self._account(account_id)
        _amount(amount)
        if (account_id, key) in self.keys:
            return self.keys[account_id, key]
        paid = self._convert(amount, account[0], account[2])
        if paid <= 0 or amount > account[3]:
            raise ValueError("cannot pay that out")
        payout = _Payout(secrets.token_hex(6), account_id, amount, paid, account[2], self.clock())
        account[3] -= amount
        self.payouts.append(payout)
        self.by_id[payout.payout_id] = payout
        self.keys[account_id, key] = payout.payout_id
        self.log.append(("created", payout.payout_id))
        return payout.payout_id

    def run(self):
        now = self.clock()
        for payout in [p for p in self.payouts if p.status == "pending" and p.next_try <= now]:
            payout.tries += 1
            account = self.accounts[payout.account]
            try:
                transfer = self.bank.transfer(
                    payout.key, account[1], payout.amount, payout.currency
                )
            except TransferRefused:
                payout.status = "failed"
                account[3] += payout.debit
                self.log.append(("failed", payout.payout_id))
            except (BankUnavailable, TimeoutError):
                payout.next_try = now + min(30 * 2 ** min(payout.tries - 1, 10), 900)
                self.log.append(("retrying", payout.payout_id))
            else:
                payout.status, payout.transfer_id = "paid", transfer
                self.log.append(("paid", payout.payout_id))

    def _public(self, p):
        return Payout(
            p.payout_id, p.account, p.amount, p.currency, p.status, p.created_at, p.transfer_id
        )

    def payout(self, payout_id):
        if payout_id not in self.by_id:
            raise KeyError(payout_id)
        return self._public(self.by_id[payout_id])

    def list_payouts(self, limit=100, cursor=None):
        if not isinstance(limit, int) or limit < 1:
            raise ValueError("limit")
        start = 0
        if cursor is not None:
            if (
                not isinstance(cursor, str)
                or not cursor.startswith("@")
                or not cursor[1:].isdigit()
            ):
                raise ValueError(f"not a cursor: {cursor!r}")
            start = int(cursor[1:])
        page = self.payouts[start : start + limit]
        end = start + len(page)
        return [self._public(p) for p in page], (f"@{end}" if end < len(self.payouts) else None)

    def export(self, day=None):
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["payout_id", "account_id", "amount", "currency", "status"])
        for p in self.payouts:
            if day is None or p.created_at // 86400 == day:
                places = PLACES[p.currency]
                whole, part = divmod(p.amount, 10**places)
                amount = f"{whole}.{part:0{places}d}" if places else str(whole)
                writer.writerow([p.payout_id, p.account, amount, p.currency, p.status])
        return out.getvalue()

    def events(self):
        return list(self.log)
