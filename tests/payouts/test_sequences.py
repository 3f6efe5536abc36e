"""Spec tests for payouts: generated call sequences against a model of the contract.

PYTEST_DONT_REWRITE: the grader shows each assertion's message verbatim.

Each service has a bank of its own (tests/payouts/model.py), whose plan says
how it answers the next new transfers: it pays, refuses, is unavailable,
times out, or pays and loses its answer. The generated calls open accounts
(awkward ids among them) in every currency, paid in their own or another,
set rates, credit in the account's currency and in others (amounts that
convert to exactly half a minor unit), request payouts (the whole balance,
more than it, keys used before, on other accounts too), plan the bank's
answers, move the clock (to a retry's wait exactly, and past it), run, read
payouts, walk the list a page at a time (pages cut through payouts requested
at one moment, and payouts requested between pages), export, and read the
event log. Every call is compared with the model: a run by the transfers it
asked of the bank (each key written as the order in which the bank first saw
it) and the events it recorded. The long runs add hundreds of payouts on
one service at one moment, each with its key, a run that sends them all, lists
walked through them, and a bank unavailable for hours. A failure is shrunk
to the smallest sequence of calls that still breaks the contract, shown as
lines to paste into python.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from tests.harness.toolkit import differential as gen
from tests.payouts.model import ANSWERS, BANK_CODE, ModelBank, Service, SeveralFaults, bank_class

# Long runs: tests.harness.core.limits gives them a longer limit.
pytestmark = pytest.mark.slow

WHICH = gen.Integers(0, 1)
# A known account by its place (modulo), or for the last value a stranger.
CHOICE = gen.Integers(0, 6)
ACCOUNT_IDS = gen.pick("a", "b", "A", "a ", "é", "e\u0301", "a,b", "")
CURRENCY = gen.pick("USD", "JPY", "KWD", "EUR", "KRW", "BHD", "GBP", "usd")
PAID_IN = gen.pick(None, "JPY", "USD", "KWD", "EUR", "KRW", "BHD")
RATES = gen.pick("150", "149.85", "3.25", "500", "0.3075", "2500", "1", "0.85", "0", "-1", "x")
AMOUNTS = gen.pick(3, 7, 20, 100, 1003, 5000, 1, 0)
HOW_MUCH = gen.pick("some", "all", "more", "little", "none")
KEYS = gen.pick("k1", "k2", "k1 ")
PLANS = gen.Lists(gen.pick(*ANSWERS), max_size=3)
STEPS = gen.pick(0.0, 1.0, 30.0, 60.0, 29.5, 120.0, 900.0, 10.0, 86_400.0)
LIMITS = gen.pick(1, 2, 3, 100, 0)
BAD_AMOUNTS = gen.pick(0, -5)
# Pairs and rates at which some amounts convert to exactly half a minor unit, each way
# between 2, 0 and 3 decimals.
FX_PAIRS = [
    ("USD", "JPY", "150"),
    ("KWD", "USD", "3.25"),
    ("KWD", "JPY", "500"),
    ("BHD", "KRW", "2500"),
    ("USD", "KWD", "0.3075"),
    ("JPY", "USD", "0.005"),
    ("EUR", "GBP", "0.85"),
]
FX_AMOUNTS = gen.pick("3", "7", "20", "1003", "1")
TWISTS = gen.pick("none", "repriced", "backwards")

WORLD_CODE = [
    "from payouts import Payouts, TransferRefused, BankUnavailable",
    "t = 0.0  # the clock every service reads",
    "def clock(): return t",
    "",
    *BANK_CODE,
]


@dataclass(frozen=True)
class Ref:
    """A payout id as a test sees it: the name of the payout it is, or that it is new."""

    name: str

    def __repr__(self) -> str:
        return self.name


NEW = Ref("a new payout id")


@dataclass(frozen=True)
class Ran:
    """What one run did: the transfers it asked of the bank, and the events it recorded."""

    sent: tuple
    events: tuple

    def __repr__(self) -> str:
        sent = ", ".join(
            f"{key}: {amount} {currency} to {to!r}, {answer}"
            for key, to, amount, currency, answer in self.sent
        )
        events = ", ".join(f"{kind} {payout}" for kind, payout in self.events)
        return f"sent [{sent}]; events [{events}]"


@dataclass(frozen=True)
class View:
    """A payout's fields, its id written as its name."""

    name: object
    account_id: object
    amount: object
    currency: object
    status: object
    created_at: object
    transfer_id: object

    def __repr__(self) -> str:
        return (
            f"{self.name} ({self.account_id!r}, {self.amount!r} {self.currency}, {self.status}, "
            f"created at {self.created_at!r}, transfer {self.transfer_id!r})"
        )


@dataclass(frozen=True)
class Listed:
    """A page of the list: its payouts, and whether it has a cursor to a next page."""

    payouts: tuple
    more: bool

    def __repr__(self) -> str:
        return f"[{', '.join(map(repr, self.payouts))}] and {'a' if self.more else 'no'} cursor"


@dataclass
class Side:
    """One side's service, its bank, and how its payout ids and keys are named."""

    service: object
    bank: object
    names: dict = field(default_factory=dict)  # payout id: name
    keys: dict = field(default_factory=dict)  # transfer key: its name
    cursor: object = None  # the cursor of the walk under way, if any
    events_seen: int = 0

    def named(self, payout_id: object) -> object:
        """A payout id as its name, when it is one this side gave."""
        try:
            return self.names.get(payout_id, payout_id)
        except TypeError:  # not hashable: not an id of ours
            return payout_id

    def key_name(self, key: object) -> str:
        """Transfer keys, named in the order the bank first saw them: key#1, key#2, ..."""
        if key not in self.keys:
            self.keys[key] = f"key#{len(self.keys) + 1}"
        return self.keys[key]

    def view(self, payout: object) -> View:
        return View(
            self.named(payout.payout_id),
            payout.account_id,
            payout.amount,
            payout.currency,
            payout.status,
            payout.created_at,
            payout.transfer_id,
        )


@dataclass
class Live(gen.Instance):
    """A service on both sides (`learner` and `model` are Sides here)."""

    bank_name: str = ""
    cursor_name: str = ""
    listing: int = 0  # the limit of the walk under way (0: none)


class Payouts(gen.Machine):
    modules = ("payouts",)
    imports = WORLD_CODE[0]

    def setup(self, module) -> None:
        self.module = module
        self.Bank = bank_class(module.TransferRefused, module.BankUnavailable)
        self.t = 0.0
        self.payouts = 0  # payouts named so far, over every service: p1, p2, ...
        self.keys = 0  # keys the macros made so far
        for line in WORLD_CODE[1:]:
            self.script.line(line)

    def clock(self) -> float:
        return self.t

    # -- comparing --

    def expect(self, call: Callable[[], object]) -> gen.Outcome:
        """What the model's call did; a call refused for several reasons may raise any
        exception."""
        expected = gen.outcome(call)
        if expected.raised is SeveralFaults:
            return gen.Outcome(raised=Exception)
        return expected

    def both(self, live: Live, method: str, *args: object, show: bool = False) -> object:
        text = f"{live.name}.{method}({', '.join(gen.code(a) for a in args)})"
        expected = self.expect(lambda: getattr(live.model.service, method)(*args))
        learner = lambda: getattr(live.learner.service, method)(*args)  # noqa: E731
        return self.script.call(text, learner, expected, show=show)

    def accounts(self, live: Live) -> list[str]:
        return list(live.model.service.accounts)

    def account(self, live: Live, choice: int, stranger: str) -> str:
        accounts = self.accounts(live)
        return accounts[choice % len(accounts)] if accounts and choice < 6 else stranger

    # -- services, accounts, rates, credits --

    @gen.rule(weight=3, when=lambda m: len(m.live) < 2)
    def create(self) -> None:
        """A service with a bank of its own."""
        name = self.name("svc")
        bank_name = f"bank{len(self.live) + 1}"
        self.script.line(f"{bank_name} = Bank()")
        learner_bank, model_bank = self.Bank(), ModelBank()
        made = self.construct(
            "svc",
            f"Payouts({bank_name}, clock)",
            lambda: self.module.Payouts(learner_bank, self.clock),
            gen.returns(gen.ANYTHING),
        )
        model = Side(Service(model_bank, self.clock), model_bank)
        self.live.append(Live(name, Side(made[1], learner_bank), model, bank_name, f"c{name[3:]}"))

    @gen.rule(
        weight=2,
        when=gen.has_instances,
        which=WHICH,
        account=ACCOUNT_IDS,
        currency=CURRENCY,
        paid_in=PAID_IN,
    )
    def open_account(self, which: int, account: str, currency: str, paid_in: str | None) -> None:
        live = self.at(which)
        destination = f"bank-{account}"
        if paid_in is None:
            self.both(live, "open_account", account, currency, destination)
        else:
            self.both(live, "open_account", account, currency, destination, paid_in)

    @gen.macro(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        account=ACCOUNT_IDS,
        currency=CURRENCY,
        amount=AMOUNTS,
    )
    def funded_account(self, which: int, account: str, currency: str, amount: int) -> list:
        """An account in its own currency, its balance, and a credit."""
        opening = {"which": which, "account": account, "currency": currency, "paid_in": None}
        credit = {
            "which": which,
            "choice": 0,
            "stranger": "",
            "amount": max(amount, 1) * 3,
            "foreign": False,
            "currency": currency,
            "named": account,
        }
        balance = {"which": which, "choice": 0, "stranger": "", "named": account}
        return [("open_account", opening), ("balance", balance), ("credit", credit)]

    @gen.macro(weight=1, when=gen.has_instances, which=WHICH)
    def lookalikes(self, which: int) -> list:
        """Accounts whose ids look alike (case, spaces, é written two ways), each credited
        its own amount; then every balance."""
        steps = []
        model = self.at(which).model.service
        for number, account in enumerate(["a", "a ", "A", "é", "e\u0301"], start=1):
            if account not in model.accounts:
                opening = {"which": which, "account": account, "currency": "USD", "paid_in": None}
                steps.append(("open_account", opening))
            credit = {
                "which": which,
                "choice": 0,
                "stranger": "",
                "amount": number,
                "foreign": False,
                "currency": "USD",
                "named": account,
            }
            steps.append(("credit", credit))
        return [*steps, ("balances", {"which": which})]

    @gen.rule(
        weight=2, when=gen.has_instances, which=WHICH, source=CURRENCY, target=CURRENCY, rate=RATES
    )
    def set_rate(self, which: int, source: str, target: str, rate: str) -> None:
        self.both(self.at(which), "set_rate", source, target, rate)

    @gen.rule(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=ACCOUNT_IDS,
        amount=AMOUNTS,
        foreign=gen.booleans(),
        currency=CURRENCY,
    )
    def credit(self, which, choice, stranger, amount, foreign, currency, named=None) -> None:
        live = self.at(which)
        account = self.account(live, choice, stranger) if named is None else named
        known = live.model.service.accounts.get(account)
        if not foreign and known is not None:
            currency = known.currency
        self.both(live, "credit", account, amount, currency)

    @gen.macro(
        weight=4,
        when=gen.has_instances,
        which=WHICH,
        pair=gen.pick(*FX_PAIRS),
        credited=FX_AMOUNTS,
        paid=FX_AMOUNTS,
        twist=TWISTS,
    )
    def fx(self, which: int, pair: tuple, credited: str, paid: str, twist: str) -> list:
        """Both conversions at a rate where some amounts end in half a minor unit: a credit
        in the pair's source currency to an account held in its target, and a payout from
        an account held in the source and paid in the target. With a twist, the rate is
        set twice (the second replaces the first), or only the other way round."""
        source, target, rate = pair
        model = self.at(which).model.service
        steps = []
        for account, held in ((f"{target}>{target}", target), (f"{source}>{target}", source)):
            if account not in model.accounts:
                opening = {"which": which, "account": account, "currency": held, "paid_in": target}
                steps.append(("open_account", opening))
        setting = {"which": which, "source": source, "target": target, "rate": rate}
        if twist == "backwards":
            setting = {**setting, "source": target, "target": source}
        elif twist == "repriced":
            steps.append(("set_rate", {**setting, "rate": "1"}))
        steps.append(("set_rate", setting))
        held_there = {"which": which, "choice": 0, "stranger": "", "named": f"{target}>{target}"}
        paid_from = {"which": which, "choice": 0, "stranger": "", "named": f"{source}>{target}"}
        self.keys += 1
        return [
            *steps,
            (
                "credit",
                {**held_there, "amount": int(credited), "foreign": True, "currency": source},
            ),
            ("balance", held_there),
            ("credit", {**paid_from, "amount": 5000, "foreign": False, "currency": source}),
            (
                "request_payout",
                {**paid_from, "how_much": paid, "key": f"fx{self.keys}", "reuse": False},
            ),
        ]

    @gen.macro(weight=3, when=gen.has_instances, which=WHICH, choice=CHOICE, bad=BAD_AMOUNTS)
    def refusals(self, which: int, choice: int, bad: int) -> list:
        """Calls the contract refuses, on a known account: a credit and a payout of an
        amount not above 0, a credit in an unknown currency, a payout larger than the
        balance (whose key then makes a payout once the balance can pay); its balance."""
        account = self.account(self.at(which), choice, "")
        if not account:
            return []
        known = self.at(which).model.service.accounts[account]
        named = {"which": which, "choice": 0, "stranger": "", "named": account}
        credit = {**named, "amount": bad, "foreign": False, "currency": known.currency}
        request = {**named, "how_much": str(bad), "key": "k1", "reuse": False}
        short = {**named, "how_much": "more", "key": "k9", "reuse": False}
        return [
            ("credit", credit),
            ("credit", {**credit, "amount": 5, "foreign": True, "currency": "usd"}),
            ("request_payout", request),
            ("request_payout", short),
            ("credit", {**credit, "amount": 7}),
            ("request_payout", {**short, "how_much": "some"}),
            ("balance", named),
        ]

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, stranger=ACCOUNT_IDS)
    def balance(self, which: int, choice: int, stranger: str, named=None) -> None:
        live = self.at(which)
        account = self.account(live, choice, stranger) if named is None else named
        self.both(live, "balance", account, show=True)

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def balances(self, which: int) -> None:
        """The balance of every account of the service, in one call."""
        live = self.at(which)
        accounts = self.accounts(live)
        text = f"[{live.name}.balance(a) for a in {gen.code(accounts)}]"
        expected = gen.returns([live.model.service.balance(a) for a in accounts])
        learner = lambda: [live.learner.service.balance(a) for a in accounts]  # noqa: E731
        self.script.call(text, learner, expected)

    # -- payouts --

    @gen.rule(
        weight=8,
        when=gen.has_instances,
        which=WHICH,
        choice=CHOICE,
        stranger=ACCOUNT_IDS,
        how_much=HOW_MUCH,
        key=KEYS,
        reuse=gen.booleans(),
    )
    def request_payout(self, which, choice, stranger, how_much, key, reuse, named=None) -> None:
        live = self.at(which)
        model = live.model.service
        account = self.account(live, choice, stranger) if named is None else named
        balance = model.accounts[account].balance if account in model.accounts else 100
        named_amounts = {
            "some": max(balance // 3, 1),
            "all": balance,
            "more": balance + 1,
            "little": 3,
            "none": 0,
        }
        amount = named_amounts[how_much] if how_much in named_amounts else int(how_much)
        used = [k for (owner, k) in model.keys if owner == account] if reuse else []
        if used:
            key = used[choice % len(used)]
            first = model.keys[account, key]
            amount = next(r.debit for r in model.payouts if r.payout_id == first)
        self.request(live, account, amount, key)

    def request(self, live: Live, account: str, amount: int, key: str) -> None:
        """request_payout on both sides: a new payout gets the next name (p1, p2, ...) on
        both, and a key used before must give the payout it gave then.

        An amount not above 0 with a key the account used is a call the contract leaves
        open (which comes first, the bad amount's ValueError or the key's payout id?):
        such a request is sent with a key the account has not used."""
        while live.model.service.bad_amount(amount) and (account, key) in live.model.service.keys:
            key += "'"
        args = ", ".join(gen.code(a) for a in (account, amount, key))
        call = f"{live.name}.request_payout({args})"
        expected = self.expect(lambda: live.model.service.request_payout(account, amount, key))
        given = []

        def learner() -> object:
            got = live.learner.service.request_payout(account, amount, key)
            given.append(got)
            return live.learner.named(got) if got in live.learner.names else NEW

        if expected.raised is not None:
            self.script.call(call, learner, expected)
            return
        model_id = expected.value
        if model_id in live.model.names:
            self.script.call(call, learner, gen.returns(live.model.names[model_id]))
            return
        name = Ref(f"p{self.payouts + 1}")
        self.script.call(f"{name} = {call}", learner, gen.returns(NEW), show=False)
        self.payouts += 1
        live.model.names[model_id] = name
        live.learner.names[given[0]] = name

    @gen.macro(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        size=gen.Integers(2, 6),
        limit=gen.pick(1, 2, 3),
    )
    def batch(self, which: int, size: int, limit: int) -> list:
        """Several payouts requested while the clock stands still, from funded accounts,
        with the keys k1, k2, ... (a batch after another sends some of them again); then
        the list walked, `limit` payouts a page."""
        live = self.at(which)
        funded = [a for a, acc in live.model.service.accounts.items() if acc.balance >= 3 * size]
        if not funded:
            return []
        requests = [
            (
                "request_payout",
                {
                    "which": which,
                    "choice": 0,
                    "stranger": "",
                    "how_much": "little",
                    "key": f"k{n + 1}",
                    "reuse": False,
                    "named": funded[n % len(funded)],
                },
            )
            for n in range(size)
        ]
        live.listing = 0
        pages = (len(live.model.service.payouts) + size) // limit + 1
        pages_walked = [("list_page", {"which": which, "limit": limit})] * pages
        return [*requests, *pages_walked, ("export", {"which": which, "day": None})]

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH, choice=CHOICE, key=KEYS)
    def replay(self, which: int, choice: int, key: str) -> list:
        """A payout of a whole balance, then its key sent again: the balance could not pay
        it a second time."""
        account = self.account(self.at(which), choice, "")
        if not account:
            return []
        request = {
            "which": which,
            "choice": 0,
            "stranger": "",
            "how_much": "all",
            "key": key,
            "reuse": False,
            "named": account,
        }
        return [("request_payout", request), ("request_payout", {**request, "reuse": True})]

    @gen.rule(weight=3, when=gen.has_instances, which=WHICH, choice=gen.Integers(0, 30))
    def payout(self, which: int, choice: int) -> None:
        live = self.at(which)
        model_ids = {name: pid for pid, name in live.model.names.items()}
        known = [(name, lid, model_ids[name]) for lid, name in live.learner.names.items()]
        if not known:
            self.both(live, "payout", "po_000001x")
            return
        name, learner_id, model_id = known[choice % len(known)]
        expected = gen.returns(live.model.view(live.model.service.payout(model_id)))
        learner = lambda: live.learner.view(live.learner.service.payout(learner_id))  # noqa: E731
        self.script.call(f"{live.name}.payout({name})", learner, expected)

    # -- the bank, the clock, runs --

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, plan=PLANS)
    def plan(self, which: int, plan: list) -> None:
        live = self.at(which)
        for side in (live.learner, live.model):
            side.bank.plan += list(plan)
        self.script.line(f"{live.bank_name}.plan += {plan!r}")

    @gen.rule(weight=4, when=gen.has_instances, seconds=STEPS)
    def advance(self, seconds: float) -> None:
        self.t += seconds
        self.script.line(f"t += {seconds!r}")

    def ran(self, side: Side, with_events: bool = True) -> Ran:
        """A run on one side: the transfers it asked of the bank, each key named by its
        order of first use on that bank, and (`with_events`) the events it recorded."""
        before = len(side.bank.calls)
        side.service.run()
        sent = tuple(
            (side.key_name(key), destination, amount, currency, answer)
            for key, destination, amount, currency, answer in side.bank.calls[before:]
        )
        if not with_events:
            return Ran(sent, ())
        events = list(side.service.events())
        recorded = tuple((kind, side.named(payout)) for kind, payout in events[side.events_seen :])
        side.events_seen = len(events)
        return Ran(sent, recorded)

    @gen.rule(weight=6, when=gen.has_instances, which=WHICH)
    def run(self, which: int) -> None:
        live = self.at(which)
        expected = gen.returns(self.ran(live.model))
        self.script.call(f"{live.name}.run()", lambda: self.ran(live.learner), expected)

    @gen.macro(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        answer=gen.pick("lost", "timeout", "unavailable", "refuse"),
    )
    def attempt_again(self, which: int, answer: str) -> list:
        """The bank answers the next transfer so; a run a little later; the wait, to just
        before it is over, then to its end; runs again; every balance."""
        return [
            ("plan", {"which": which, "plan": [answer]}),
            ("advance", {"seconds": 10.0}),
            ("run", {"which": which}),
            ("advance", {"seconds": 29.5}),
            ("run", {"which": which}),
            ("advance", {"seconds": 0.5}),
            ("run", {"which": which}),
            ("balances", {"which": which}),
        ]

    # -- reading --

    def page(self, side: Side, limit: int, cursor: object) -> Listed:
        payouts, next_cursor = side.service.list_payouts(limit, cursor)
        side.cursor = next_cursor
        return Listed(tuple(side.view(payout) for payout in payouts), next_cursor is not None)

    @gen.rule(weight=4, when=gen.has_instances, which=WHICH, limit=LIMITS)
    def list_page(self, which: int, limit: int) -> None:
        """The next page of the walk under way, or the first page of a new walk."""
        live = self.at(which)
        cursor = live.cursor_name
        if live.listing:
            limit = live.listing
            cursors = (live.learner.cursor, live.model.cursor)
            text = f"page, {cursor} = {live.name}.list_payouts({limit}, {cursor})"
        else:
            cursors = (None, None)
            text = f"page, {cursor} = {live.name}.list_payouts({limit})"
        expected = self.expect(lambda: self.page(live.model, limit, cursors[1]))
        got = self.script.call(text, lambda: self.page(live.learner, limit, cursors[0]), expected)
        live.listing = limit if expected.raised is None and got.more else 0

    @gen.macro(weight=2, when=gen.has_instances, which=WHICH, limit=gen.pick(1, 2, 3))
    def walk(self, which: int, limit: int) -> list:
        """A whole walk of the list, `limit` payouts a page."""
        self.at(which).listing = 0
        pages = len(self.at(which).model.service.payouts) // limit + 1
        return [("list_page", {"which": which, "limit": limit})] * pages

    def rows(self, side: Side, day: int | None) -> tuple:
        if isinstance(side.service, Service):
            rows = side.service.export_rows(day)
        else:
            text = side.service.export() if day is None else side.service.export(day)
            rows = list(csv.reader(io.StringIO(text)))
        return tuple(
            tuple(side.named(cell) if n == 0 else cell for n, cell in enumerate(row))
            for row in rows
        )

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH, day=gen.pick(None, 0, 1))
    def export(self, which: int, day: int | None) -> None:
        live = self.at(which)
        text = f"{live.name}.export({'' if day is None else day})"
        expected = gen.returns(self.rows(live.model, day))
        self.script.call(text, lambda: self.rows(live.learner, day), expected)

    @gen.macro(weight=1, when=gen.has_instances, which=WHICH)
    def next_day(self, which: int) -> list:
        """The clock moves to the next day; the export of each day, and of all."""
        return [
            ("advance", {"seconds": 86_400.0}),
            ("export", {"which": which, "day": 0}),
            ("export", {"which": which, "day": 1}),
            ("export", {"which": which, "day": None}),
        ]

    @gen.rule(weight=2, when=gen.has_instances, which=WHICH)
    def events(self, which: int) -> None:
        live = self.at(which)

        def named(side: Side) -> tuple:
            return tuple((kind, side.named(payout)) for kind, payout in side.service.events())

        expected = gen.returns(named(live.model))
        self.script.call(f"{live.name}.events()", lambda: named(live.learner), expected)


# -- long runs: hundreds of payouts at one moment, their keys, lists through them, outages --


class LongRuns(Payouts):
    """The sequences that only go wrong late: a store of keys that forgets after some
    hundreds, an event log trimmed to its last hundreds, a cursor or a count of failures
    kept in a small number, a run that sends at most so many payouts. Their rounds are
    compared call by call in a tight loop (Script.numbered_rounds)."""

    # The long rules make their own accounts and payouts; the short ones would only
    # dilute them.
    open_account = None
    funded_account = None
    set_rate = None
    credit = None
    fx = None
    balance = None
    request_payout = None
    batch = None
    replay = None
    lookalikes = None
    refusals = None
    balances = None
    next_day = None
    payout = None
    plan = None
    advance = None
    run = None
    attempt_again = None
    list_page = None
    walk = None
    export = None
    events = None

    def setup(self, module) -> None:
        super().setup(module)
        self.rounds = 0  # keys of the rounds made so far: r0, r1, ...

    @gen.rule(weight=1, when=lambda m: not m.live)
    def create(self) -> None:
        """One service, for the night."""
        Payouts.create(self)

    def funded(self, live: Live) -> str:
        """An account of the service with a large balance, opened if need be: its id."""
        account = "big"
        if account not in live.model.service.accounts:
            Payouts.open_account(self, self.live.index(live), account, "USD", None)
            self.both(live, "credit", account, 10**9, "USD")
        return account

    def requesting(self, live: Live, account: str, key: gen.PerRound) -> gen.Numbered:
        """request_payout(account, 1, key) as a call of a numbered round: a new payout is
        named on both sides as it is made, a key used before must give its payout."""
        pending = []

        def model(n: int) -> Ref:
            got = live.model.service.request_payout(account, 1, key.value(n))
            if got in live.model.names:
                return live.model.names[got]
            name = Ref(f"p{self.payouts + 1}")
            self.payouts += 1
            live.model.names[got] = name
            pending.append(name)
            return NEW

        def learner(n: int) -> object:
            got = live.learner.service.request_payout(account, 1, key.value(n))
            if got in live.learner.names:
                return live.learner.names[got]
            if pending:
                live.learner.names[got] = pending.pop()
            return NEW

        text = f"{live.name}.request_payout({account!r}, 1, {key.text})"
        return gen.Numbered(text, learner, model)

    @gen.macro(
        weight=3,
        when=gen.has_instances,
        which=WHICH,
        size=gen.pick(300, 420),
        limit=gen.pick(7, 100),
    )
    def busy_night(self, which: int, size: int, limit: int) -> list:
        """Hundreds of payouts requested at one moment, the first key sent again with each;
        a run that sends them all; the list walked through them; the events; then the bank
        unavailable for hours, and for more than a day."""
        pages = (len(self.at(which).model.service.payouts) + size) // limit + 1
        return [
            ("requests", {"which": which, "size": size}),
            ("run_all", {"which": which}),
            *[("list_next", {"which": which, "limit": limit})] * pages,
            ("all_events", {"which": which}),
            ("long_outage", {"which": which, "hours": 2}),
            ("day_long_outage", {"which": which}),
        ]

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH, size=gen.pick(300, 420))
    def requests(self, which: int, size: int) -> None:
        live = self.at(which)
        account = self.funded(live)
        first = self.rounds
        self.rounds += size
        fresh = gen.PerRound(f"f'r{{n + {first}}}'", lambda n: f"r{n + first}")
        again = gen.PerRound(repr(f"r{first}"), lambda n: f"r{first}")
        body = [self.requesting(live, account, fresh), self.requesting(live, account, again)]
        self.script.numbered_rounds(body, size)

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH)
    def run_all(self, which: int) -> None:
        Payouts.run(self, which)

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH, limit=gen.pick(7, 100))
    def list_next(self, which: int, limit: int) -> None:
        Payouts.list_page(self, which, limit)

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH)
    def all_events(self, which: int) -> None:
        Payouts.events(self, which)

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH, hours=gen.pick(2, 3))
    def long_outage(self, which: int, hours: int) -> None:
        """The bank unavailable for hours: a run every minute, the waits doubling to
        their cap and staying there."""
        self.outage(which, unavailable=12, every=60.0, runs=hours * 60)

    @gen.rule(weight=0, when=gen.has_instances, which=WHICH)
    def day_long_outage(self, which: int) -> None:
        """The bank unavailable for more than a day: a run every quarter of an hour, and
        the payout still sent each time its wait is over, as long as it takes."""
        # 250 answers: for this payout, and one the outage before left
        self.outage(which, unavailable=250, every=900.0, runs=125)

    def outage(self, which: int, unavailable: int, every: float, runs: int) -> None:
        """A new payout, the bank unavailable for its next `unavailable` answers, and a run
        every `every` seconds, `runs` times."""
        live = self.at(which)
        account = self.funded(live)
        self.rounds += 1
        self.request(live, account, 1, f"r{self.rounds}")
        answers = ["unavailable"] * unavailable
        for side in (live.learner, live.model):
            side.bank.plan += answers
        self.script.line(f"{live.bank_name}.plan += ['unavailable'] * {len(answers)}")

        def tick(side: Side) -> Callable[[int], Ran]:
            def run(n: int) -> Ran:
                if side is live.model:  # the model's call comes first in a round
                    self.t += every
                return self.ran(side, with_events=False)

            return run

        step = gen.Numbered(
            f"t += {every!r}; {live.name}.run()", tick(live.learner), tick(live.model)
        )
        self.script.numbered_rounds([step], runs)


def test_generated_call_sequences_follow_the_contract():
    """every call of hundreds of generated call sequences, on two services with banks
    that refuse, fail, time out and lose answers, does what the contract says"""
    gen.explore(Payouts, sequences=24, steps=35, seed=1)


def test_long_runs_follow_the_contract():
    """hundreds of payouts and keys on one service at one moment, a run that sends them
    all, lists walked page by page through them, and a bank unavailable for hours and for
    more than a day: every call does what the contract says"""
    gen.explore(LongRuns, sequences=2, steps=2, seed=2, min_steps=2)
