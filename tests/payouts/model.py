"""The payouts contract read as plainly as possible: the spec tests' model, and the
world both sides run in.

`Service` is the facade as the README says it, written for obviousness
rather than speed: payouts in a list in the order requested, amounts worked
out with Fraction (exact), a payout's key its own id. `Bank` is the bank of
the contract, scripted: `plan` holds its answers to the next new transfers
(it pays when the plan is empty), and it pays a key at most once. The same
Bank is what a repro pastes into python (BANK_CODE), so the bank the test
used is the bank the learner replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction

DECIMALS = {"USD": 2, "EUR": 2, "GBP": 2, "JPY": 0, "KRW": 0, "KWD": 3, "BHD": 3}
DAY = 86_400

# The bank's answers to a new transfer.
PAY = "pay"
REFUSE = "refuse"
UNAVAILABLE = "unavailable"
TIMEOUT = "timeout"  # no answer, nothing paid
LOST = "lost"  # paid, and the answer lost: a timeout too
ANSWERS = (PAY, REFUSE, UNAVAILABLE, TIMEOUT, LOST)

# The bank, as a repro writes it: flush left, no blank line inside the class (python's
# prompt ends a block at a blank line), one blank line after it.
BANK_CODE = [
    "class Bank:",
    "    # plan: the answers to the next new transfers: 'pay' (also when it is empty),",
    "    # 'refuse', 'unavailable', 'timeout' (nothing paid), 'lost' (paid, answer lost)",
    "    def __init__(self):",
    "        self.plan, self.paid, self.calls = [], {}, []",
    "    def transfer(self, key, destination, amount, currency):",
    "        answer = 'paid before' if key in self.paid else (self.plan or ['pay']).pop(0)",
    "        self.calls.append((key, destination, amount, currency, answer))",
    "        if answer == 'paid before':",
    "            return self.paid[key]",
    "        if answer == 'refuse':",
    "            raise TransferRefused('account closed')",
    "        if answer == 'unavailable':",
    "            raise BankUnavailable('maintenance')",
    "        if answer == 'timeout':",
    "            raise TimeoutError('no answer')",
    "        self.paid[key] = f'tr{len(self.paid) + 1}'",
    "        if answer == 'lost':",
    "            raise TimeoutError('no answer')",
    "        return self.paid[key]",
    "",
]


def bank_class(refused: type[Exception], unavailable: type[Exception]) -> type:
    """The Bank of BANK_CODE, raising the given TransferRefused and BankUnavailable."""
    scope = {"TransferRefused": refused, "BankUnavailable": unavailable}
    exec("\n".join(BANK_CODE), scope)  # the very text a repro pastes
    return scope["Bank"]


class ModelRefused(Exception):
    """What the model's bank raises for TransferRefused."""


class ModelUnavailable(Exception):
    """What the model's bank raises for BankUnavailable."""


ModelBank = bank_class(ModelRefused, ModelUnavailable)


class SeveralFaults(Exception):
    """A call the contract refuses for more than one reason: any refusal will do."""


def parse_rate(text: object) -> Fraction:
    """A rate as the contract reads it: a decimal string above 0."""
    try:
        value = Decimal(text) if isinstance(text, str) else None
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or value <= 0:
        raise ValueError(f"not a rate: {text!r}")
    return Fraction(value)


def convert(amount: int, source: str, target: str, rate: Fraction) -> int:
    """`amount` minor units of `source` in minor units of `target`: exact, then rounded
    once, halves to even (round() of a Fraction rounds half to even)."""
    exact = Fraction(amount) * rate * Fraction(10) ** (DECIMALS[target] - DECIMALS[source])
    return round(exact)


def major(amount: int, currency: str) -> str:
    """Minor units written in major units with the currency's decimals: '12.50'."""
    places = DECIMALS[currency]
    if not places:
        return str(amount)
    whole, part = divmod(amount, 10**places)
    return f"{whole}.{part:0{places}d}"


def delay(failures: int) -> float:
    return min(30.0 * 2 ** min(failures - 1, 20), 900.0)


@dataclass
class Account:
    currency: str
    destination: str
    payout_currency: str
    balance: int = 0


@dataclass
class Record:
    payout_id: str
    account_id: str
    debit: int
    amount: int
    currency: str
    created_at: float
    status: str = "pending"
    transfer_id: str | None = None
    attempts: int = 0
    due_at: float = 0.0


@dataclass
class Service:
    """Payouts as the contract says it."""

    bank: object
    clock: object
    rates: dict = field(default_factory=dict)
    accounts: dict = field(default_factory=dict)
    payouts: list = field(default_factory=list)
    keys: dict = field(default_factory=dict)
    log: list = field(default_factory=list)

    def _refuse(self, faults: list[type[Exception]]) -> None:
        if len(faults) == 1:
            raise faults[0]("refused")
        if faults:
            raise SeveralFaults(", ".join(fault.__name__ for fault in faults))

    def _rate(self, source: str, target: str) -> Fraction:
        if source == target:
            return Fraction(1)
        if (source, target) not in self.rates:
            raise LookupError(f"no rate from {source} to {target}")
        return self.rates[source, target]

    def _has_rate(self, source: str, target: str) -> bool:
        return source == target or (source, target) in self.rates

    def set_rate(self, source: str, target: str, rate: str) -> None:
        faults = [ValueError] if source not in DECIMALS or target not in DECIMALS else []
        try:
            value = parse_rate(rate)
        except ValueError:
            faults.append(ValueError)
        self._refuse(faults[:1])
        self.rates[source, target] = value

    def open_account(self, account_id, currency, destination, payout_currency=None) -> None:
        paid_in = currency if payout_currency is None else payout_currency
        if account_id in self.accounts or currency not in DECIMALS or paid_in not in DECIMALS:
            raise ValueError("refused")
        self.accounts[account_id] = Account(currency, destination, paid_in)

    def bad_amount(self, amount: object) -> bool:
        return not isinstance(amount, int) or amount <= 0

    def credit(self, account_id: str, amount: int, currency: str) -> None:
        faults = []
        if account_id not in self.accounts:
            faults.append(KeyError)
        if self.bad_amount(amount) or currency not in DECIMALS:
            faults.append(ValueError)
        missing = faults == [ValueError] and currency in DECIMALS
        if missing and not self._has_rate(currency, self.accounts[account_id].currency):
            faults.append(LookupError)  # a bad amount, and no rate either
        self._refuse(faults)
        account = self.accounts[account_id]
        rate = self._rate(currency, account.currency)
        account.balance += convert(amount, currency, account.currency, rate)

    def balance(self, account_id: str) -> int:
        if account_id not in self.accounts:
            raise KeyError(account_id)
        return self.accounts[account_id].balance

    def request_payout(self, account_id: str, amount: int, key: str) -> str:
        faults = []
        if account_id not in self.accounts:
            faults.append(KeyError)
        if self.bad_amount(amount):
            faults.append(ValueError)
        if faults == [ValueError]:
            account = self.accounts[account_id]
            if not self._has_rate(account.currency, account.payout_currency):
                faults.append(LookupError)  # a bad amount, and no rate either
        self._refuse(faults)
        # A bad amount is refused before its key is looked up here; the contract leaves
        # that order open, and the sequences never send a bad amount with a used key.
        if (account_id, key) in self.keys:
            return self.keys[account_id, key]
        account = self.accounts[account_id]
        try:
            rate = self._rate(account.currency, account.payout_currency)
        except LookupError:
            self._refuse([LookupError] + [ValueError] * (amount > account.balance))
        paid = convert(amount, account.currency, account.payout_currency, rate)
        if paid <= 0 or amount > account.balance:
            raise ValueError("refused")
        now = self.clock()
        payout_id = f"p{len(self.payouts) + 1}"
        record = Record(payout_id, account_id, amount, paid, account.payout_currency, now)
        record.due_at = now
        self.payouts.append(record)
        account.balance -= amount
        self.keys[account_id, key] = payout_id
        self.log.append(("created", payout_id))
        return payout_id

    def run(self) -> None:
        now = self.clock()
        for record in [r for r in self.payouts if r.status == "pending" and r.due_at <= now]:
            record.attempts += 1
            destination = self.accounts[record.account_id].destination
            try:
                transfer_id = self.bank.transfer(
                    f"key-{record.payout_id}", destination, record.amount, record.currency
                )
            except ModelRefused:
                record.status = "failed"
                self.accounts[record.account_id].balance += record.debit
                self.log.append(("failed", record.payout_id))
            except (ModelUnavailable, TimeoutError):
                record.due_at = now + delay(record.attempts)
                self.log.append(("retrying", record.payout_id))
            else:
                record.status, record.transfer_id = "paid", transfer_id
                self.log.append(("paid", record.payout_id))

    def payout(self, payout_id: str) -> Record:
        found = [record for record in self.payouts if record.payout_id == payout_id]
        if not found:
            raise KeyError(payout_id)
        return found[0]

    def list_payouts(self, limit: int = 100, cursor: int | None = None) -> tuple[list, int | None]:
        """The model's cursor is the number of payouts listed before the page."""
        if not isinstance(limit, int) or limit < 1:
            raise ValueError("limit")
        start = 0 if cursor is None else cursor
        page = self.payouts[start : start + limit]
        after = start + len(page)
        return page, after if after < len(self.payouts) and page else None

    def export_rows(self, day: int | None = None) -> list[list[str]]:
        rows = [["payout_id", "account_id", "amount", "currency", "status"]]
        for record in self.payouts:
            if day is None or record.created_at // DAY == day:
                amount = major(record.amount, record.currency)
                rows.append(
                    [record.payout_id, record.account_id, amount, record.currency, record.status]
                )
        return rows

    def events(self) -> list[tuple[str, str]]:
        return list(self.log)
