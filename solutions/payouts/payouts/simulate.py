"""Days of payouts replayed against a scripted bank, on a fake clock.

    python -m payouts.simulate [options]        (--help lists them)

Merchants m001..mNNN are opened at t=0, each with a balance currency and a
payout currency (the profiles below, in turn). Every hour of a day from 01:00
to 22:00, some merchants are credited, in their own currency or now and then
in USD, by amounts drawn from --seed. At 23:00 the nightly sweep requests a
payout of every positive balance, all at that moment; the scheduler then
runs every minute to the end of the day and every hour after. The bank
answers as --unavailable, --timeout and --lost-reply say (its draws seeded
too), and refuses whatever goes to a --closed merchant. The same options
print the same log, every time.

The log has a line per sweep and per run that sent anything, then the totals,
the export's row count, and finance's reconciliation of our payouts against
the bank's statement. --account lists one merchant's payouts; --export
prints the export itself.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import random
import sys
from collections.abc import Callable

from .bank.fake import FakeBank, Script
from .money import Currency, Money, lookup
from .service import Payouts

HOUR = 3600.0
DAY = 24 * HOUR
SWEEP_HOUR = 23
# (balance currency, payout currency), given to merchants in turn.
PROFILES = [
    ("USD", "USD"),
    ("EUR", "EUR"),
    ("USD", "JPY"),
    ("GBP", "GBP"),
    ("KWD", "USD"),
    ("JPY", "JPY"),
]
# The treasury feed's rates, set at t=0: the payout pairs, and USD into every other
# balance currency for the credits that settle in dollars.
RATES = [
    ("USD", "JPY", "150"),
    ("KWD", "USD", "3.25"),
    ("USD", "EUR", "0.925"),
    ("USD", "GBP", "0.7875"),
    ("USD", "KWD", "0.3075"),
]
CREDIT_ODDS = 0.3  # that a merchant is credited in a given hour
FOREIGN_ODDS = 0.1  # that a credit settles in USD rather than the merchant's currency


class FakeClock:
    """The simulation's time: it moves only when the simulation moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def stamp(seconds: float) -> str:
    """'d2 23:01:00': the day (from 1) and the time of day."""
    day, rest = divmod(int(seconds), int(DAY))
    hours, rest = divmod(rest, 3600)
    return f"d{day + 1} {hours:02d}:{rest // 60:02d}:{rest % 60:02d}"


class Run:
    """One replay: the service, its clock and bank, the merchants, and the log."""

    def __init__(self, args: argparse.Namespace, out: Callable[[str], None] = print) -> None:
        self.args = args
        self.out = out
        self.clock = FakeClock()
        closed = [f"bank-{merchant}" for merchant in args.closed]
        script = Script(args.unavailable, args.timeout, args.lost_reply, closed, seed=args.seed)
        self.bank = FakeBank(self.clock, script)
        self.service = Payouts(self.bank, self.clock)
        self.rng = random.Random(args.seed)
        self.merchants = [f"m{number:03d}" for number in range(1, args.merchants + 1)]
        self.payouts: dict[str, Money] = {}  # each payout, and what left the balance for it

    def log(self, event: str, text: str) -> None:
        self.out(f"[{stamp(self.clock.now)}] {event:<8} {text}")

    def open(self) -> None:
        for source, target, rate in RATES:
            self.service.set_rate(source, target, rate)
        for number, merchant in enumerate(self.merchants):
            currency, paid_in = PROFILES[number % len(PROFILES)]
            self.service.open_account(merchant, currency, f"bank-{merchant}", paid_in)
        self.log("open", f"{len(self.merchants)} merchants, {len(RATES)} rates")

    def credits(self, day: int) -> None:
        """An hour's settled charges: some merchants credited, in their currency or USD."""
        for hour in range(1, SWEEP_HOUR):
            self.clock.now = day * DAY + hour * HOUR
            for number, merchant in enumerate(self.merchants):
                if self.rng.random() >= CREDIT_ODDS:
                    continue
                currency = PROFILES[number % len(PROFILES)][0]
                if currency != "USD" and self.rng.random() < FOREIGN_ODDS:
                    currency = "USD"
                self.service.credit(merchant, self.rng.randint(500, 20_000), currency)
            self.runs_until(self.clock.now)

    def sweep(self, day: int) -> None:
        """The nightly sweep: a payout of every positive balance, all at one moment."""
        self.clock.now = day * DAY + SWEEP_HOUR * HOUR
        made = 0
        for merchant in self.merchants:
            balance = self.service.balance(merchant)
            if balance > 0:
                payout = self.service.request_payout(merchant, balance, f"day{day + 1}")
                self.payouts[payout] = Money(balance, self.currency(merchant))
                made += 1
        self.log("sweep", f"{made} payouts requested")

    def runs_until(self, end: float) -> None:
        """The scheduler's runs from now to `end`: every minute for the hour after the
        sweep, every hour otherwise."""
        while self.clock.now <= end:
            summary = self.service.run()
            if summary.sent:
                self.log(
                    "run",
                    f"{summary.sent} sent: {summary.paid} paid, {summary.failed} refused, "
                    f"{summary.retrying} to retry",
                )
            since_sweep = self.clock.now % DAY - SWEEP_HOUR * HOUR
            self.clock.now += 60.0 if 0 <= since_sweep < HOUR else HOUR

    def play(self) -> None:
        self.open()
        for day in range(self.args.days):
            self.credits(day)
            self.sweep(day)
            self.runs_until(day * DAY + SWEEP_HOUR * HOUR + HOUR)
        self.clock.now = self.args.days * DAY
        self.runs_until(self.clock.now)
        self.totals()
        if self.args.account:
            self.account(self.args.account)
        if self.args.export:
            self.out("")
            self.out(self.service.export().rstrip("\n"))

    def totals(self) -> None:
        statuses = [self.service.payout(payout).status for payout in self.payouts]
        self.out("")
        self.out(
            f"payouts: {len(statuses)} requested, {statuses.count('paid')} paid, "
            f"{statuses.count('failed')} failed, {statuses.count('pending')} pending"
        )
        statement = self.bank.statement()
        self.out(f"bank: {len(self.bank.calls)} calls, {len(statement)} transfers paid")
        rows = list(csv.reader(io.StringIO(self.service.export())))[1:]
        self.out(f"export: {len(rows)} rows")
        self.out("reconciliation:")
        for line in self.service.reconcile(statement).lines():
            self.out(f"  {line}")

    def account(self, merchant: str) -> None:
        """One merchant's payouts: what left the balance, and what the bank was asked."""
        self.out("")
        self.out(f"payouts of {merchant}:")
        for payout_id, debit in self.payouts.items():
            payout = self.service.payout(payout_id)
            if payout.account_id != merchant:
                continue
            paid = Money(payout.amount, lookup(payout.currency))
            when = stamp(payout.created_at)
            transfer = payout.transfer_id or "-"
            self.out(f"  {payout_id}  {when}  {debit} -> {paid}  {payout.status}  {transfer}")

    def currency(self, merchant: str) -> Currency:
        """The merchant's balance currency."""
        return lookup(PROFILES[self.merchants.index(merchant) % len(PROFILES)][0])


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="python -m payouts.simulate",
        description="Replay days of payouts against a scripted bank on a fake clock: the "
        "sweep at 23:00, then the scheduler every minute to midnight and every hour after. "
        "A line per sweep and per run that sent anything, then the totals, the export and "
        "the reconciliation.",
    )
    add = made.add_argument
    add("--merchants", type=int, default=60, metavar="N", help="merchants m001..mN (default 60)")
    add("--days", type=int, default=3, metavar="D", help="days to replay (default 3)")
    add(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="seed of the credits and the bank (default 1)",
    )
    for name, what in (
        ("unavailable", "is unavailable"),
        ("timeout", "times out having paid nothing"),
        ("lost-reply", "pays, and its answer is lost (a timeout)"),
    ):
        add(
            f"--{name}",
            type=float,
            default=0.0,
            metavar="P",
            help=f"odds that, on a new transfer, the bank {what} (default 0)",
        )
    add(
        "--closed",
        action="append",
        default=[],
        metavar="MERCHANT",
        help="the merchant's bank account is closed: every transfer refused (repeatable)",
    )
    add("--account", metavar="MERCHANT", help="list that merchant's payouts at the end")
    add("--export", action="store_true", help="print the export at the end")
    return made


def main(argv: list[str] | None = None) -> int:
    made = parser()
    args = made.parse_args(argv)
    if args.merchants < 1 or args.days < 1:
        made.error("--merchants and --days must be at least 1")
    odds = (args.unavailable, args.timeout, args.lost_reply)
    if not all(0 <= p <= 1 for p in odds) or sum(odds) > 1:
        made.error(
            "--unavailable, --timeout and --lost-reply are odds from 0 to 1, 1 at most in all"
        )
    known = {f"m{number:03d}" for number in range(1, args.merchants + 1)}
    for merchant in [*args.closed, *([args.account] if args.account else [])]:
        if merchant not in known:
            made.error(f"no merchant {merchant!r}: they are m001 to m{args.merchants:03d}")
    Run(args).play()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # The reader stopped reading (`| head`): end quietly, as a shell tool does.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
