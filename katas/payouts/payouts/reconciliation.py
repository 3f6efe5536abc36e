"""The reconciliation report: our paid payouts against the bank's statement.

Finance runs it at the end of each day. Every payout we hold as paid should
match one line of the bank's statement (the same transfer id, amount and
currency), and every line of the statement one paid payout. Anything else is
a break to chase:
- a payment on the statement that no payout claims (money out twice?);
- a payout we hold as paid that the statement does not show;
- a payout whose amount or currency differs from the bank's line.
The totals compare the ledger's bank accounts with the statement, by currency.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Protocol

from .ledger import Ledger
from .money import Money, lookup
from .scheduling import PAID, Payout

UNCLAIMED = "paid by the bank, no payout"
MISSING = "paid payout, not on the statement"
MISMATCH = "amounts differ"


class StatementLine(Protocol):
    transfer_id: str
    key: str
    destination: str
    amount: int
    currency: str


class Break:
    """One thing that does not match, and what it concerns."""

    __slots__ = ("detail", "kind", "payout_id", "transfer_id")

    def __init__(self, kind: str, transfer_id: str, payout_id: str | None, detail: str) -> None:
        self.kind = kind
        self.transfer_id = transfer_id
        self.payout_id = payout_id
        self.detail = detail

    def __repr__(self) -> str:
        return f"Break({self.kind!r}, {self.transfer_id!r}, {self.payout_id!r}, {self.detail!r})"


class Report:
    """What matched, what did not, and the totals paid out by currency on each side."""

    def __init__(self) -> None:
        self.matched = 0
        self.breaks: list[Break] = []
        self.ledger_totals: dict[str, int] = {}
        self.bank_totals: dict[str, int] = {}

    @property
    def clean(self) -> bool:
        return not self.breaks and self.ledger_totals == self.bank_totals

    def lines(self) -> list[str]:
        """The report as text, a line each: totals by currency, then every break."""
        shown = [f"matched: {self.matched} payouts"]
        for code in sorted(set(self.ledger_totals) | set(self.bank_totals)):
            ours = Money(self.ledger_totals.get(code, 0), lookup(code))
            theirs = Money(self.bank_totals.get(code, 0), lookup(code))
            verdict = "ok" if ours == theirs else f"off by {theirs - ours}"
            shown.append(f"{code}: ledger {ours.format()}, bank {theirs.format()}  {verdict}")
        for found in self.breaks:
            payout = f" {found.payout_id}" if found.payout_id else ""
            shown.append(f"BREAK {found.kind}: {found.transfer_id}{payout}  {found.detail}")
        return shown


def reconcile(
    payouts: Iterable[Payout], statement: Iterable[StatementLine], ledger: Ledger
) -> Report:
    """Match paid payouts with the statement's lines by transfer id."""
    report = Report()
    lines = {line.transfer_id: line for line in statement}
    claimed: set[str] = set()
    for payout in payouts:
        if payout.status != PAID or payout.transfer_id is None:
            continue
        line = lines.get(payout.transfer_id)
        if line is None:
            report.breaks.append(Break(MISSING, payout.transfer_id, payout.payout_id, ""))
            continue
        claimed.add(line.transfer_id)
        if (line.amount, line.currency) != (payout.amount, payout.currency):
            ours = Money(payout.amount, lookup(payout.currency))
            theirs = Money(line.amount, lookup(line.currency))
            report.breaks.append(
                Break(MISMATCH, line.transfer_id, payout.payout_id, f"ours {ours}, bank {theirs}")
            )
            continue
        report.matched += 1
    bank_totals: dict[str, int] = defaultdict(int)
    for line in lines.values():
        bank_totals[line.currency] += line.amount
        if line.transfer_id not in claimed:
            paid = Money(line.amount, lookup(line.currency))
            report.breaks.append(
                Break(UNCLAIMED, line.transfer_id, None, f"{paid} to {line.destination}")
            )
    report.bank_totals = dict(bank_totals)
    # The bank accounts carry credits (money out): the amounts paid are their negation.
    report.ledger_totals = {code: -minor for code, minor in ledger.totals("bank:").items() if minor}
    return report
