"""A wrong version: request_payout records the payout before it checks that the amount
is worth something in the payout currency. The call raises ValueError, yet the payout it
recorded is listed, logged and sent by the next run: a refused call has changed the service.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import events
from .accounts import AccountRegistry, Balances, MerchantAccount
from .api import export, list_page
from .bank import Bank, BankClient
from .errors import InvalidAmount
from .events import EventLog
from .fx import RateTable, convert, parse
from .idempotency import IdempotencyStore
from .ledger import Ledger
from .money import Money, lookup, validate
from .reconciliation import Report, StatementLine, reconcile
from .scheduling import Payout, PayoutStore
from .scheduling.executor import Executor
from .scheduling.retries import RetryPolicy
from .scheduling.scheduler import RunSummary, Scheduler
from .webhooks import Endpoint, Webhooks

Clock = Callable[[], float]


class Payouts:
    """Merchant balances, and the payouts that take them to the merchants' banks.

    `bank.transfer(key, destination, amount, currency)` pays and returns the
    bank's transfer id, or raises TransferRefused, BankUnavailable or
    TimeoutError; `clock()` gives the time in seconds.
    """

    def __init__(self, bank: Bank, clock: Clock) -> None:
        self._clock = clock
        self._rates = RateTable()
        self._ledger = Ledger()
        self._accounts = AccountRegistry()
        self._balances = Balances(self._ledger)
        self._requests = IdempotencyStore()
        self._store = PayoutStore()
        self._log = EventLog()
        self._webhooks = Webhooks(self._log)
        executor = Executor(BankClient(bank), self._balances, self._log, RetryPolicy())
        self._scheduler = Scheduler(self._store, executor, self._webhooks)

    # -- money and accounts --

    def set_rate(self, source: str, target: str, rate: str) -> None:
        """One unit of `source` is worth `rate` (a decimal string) units of `target`."""
        pair = lookup(source), lookup(target)
        self._rates.set(*pair, parse(rate), self._clock())

    def open_account(
        self,
        account_id: str,
        currency: str,
        destination: str,
        payout_currency: str | None = None,
    ) -> None:
        """A merchant account holding its balance in `currency`, paid to the bank
        account `destination` in `payout_currency` (None: `currency`)."""
        held = lookup(currency)
        paid_in = held if payout_currency is None else lookup(payout_currency)
        self._accounts.open(MerchantAccount(account_id, held, destination, paid_in))

    def credit(self, account_id: str, amount: int, currency: str) -> None:
        """Settled funds onto the balance, converted at today's rate if foreign."""
        account = self._accounts.get(account_id)
        received = Money.of(amount, currency)
        now = self._clock()
        self._balances.credit(account, convert(received, account.currency, self._rates), now)

    def balance(self, account_id: str) -> int:
        """The balance, in minor units of the account's currency."""
        return self._balances.available(self._accounts.get(account_id)).minor

    # -- payouts --

    def request_payout(self, account_id: str, amount: int, key: str) -> str:
        """Take `amount` off the balance for a new payout, priced in the payout
        currency now; its id. The same key again gives the same payout."""
        account = self._accounts.get(account_id)
        debit = Money(validate(amount), account.currency)
        known = self._requests.recall(account_id, key)
        if known is not None:
            return known
        now = self._clock()
        quote = self._rates.quote(account.currency, account.payout_currency, now)
        paid = quote.convert(debit)
        self._balances.ensure(account, debit)
        record = self._store.create(account, debit, paid, quote, now)
        if paid.minor <= 0:
            raise InvalidAmount(f"{debit} is worth nothing in {account.payout_currency}")
        self._balances.hold(account, debit, paid, record.payout_id, now)
        self._requests.remember(account_id, key, record.payout_id)
        self._log.record(events.CREATED, record.payout_id, now)
        return record.payout_id

    def run(self) -> RunSummary:
        """Send every payout that is due to the bank, oldest first, each once."""
        return self._scheduler.run(self._clock())

    def payout(self, payout_id: str) -> Payout:
        return self._store.get(payout_id).snapshot()

    def list_payouts(
        self, limit: int = 100, cursor: str | None = None
    ) -> tuple[list[Payout], str | None]:
        """A page of payouts in the order they were requested, and the next page's cursor."""
        page = list_page(self._store, limit, cursor)
        return page.payouts, page.next_cursor

    def export(self, day: int | None = None) -> str:
        """Every payout (of `day`, if given) as CSV."""
        return export(self._store, day)

    def events(self) -> list[tuple[str, str]]:
        """(kind, payout_id) of every event, in order."""
        return [(event.kind, event.payout_id) for event in self._log.since(0)]

    # -- outside the contract: for the simulation and finance --

    def subscribe(self, endpoint: Endpoint) -> None:
        """Deliver every event from now on to `endpoint` (see webhooks.py)."""
        self._webhooks.subscribe(endpoint)

    def reconcile(self, statement: Iterable[StatementLine]) -> Report:
        """Our payouts against the bank's statement (see reconciliation.py)."""
        return reconcile((record.snapshot() for record in self._store), statement, self._ledger)
