"""A fake bank on the service's clock, for the simulation and the team's tests.

It answers as the real bank's sandbox does: it pays, refuses, is unavailable,
or does not answer in time, and it keeps every payment on its statement. What
it answers is scripted, so that a run prints the same log every time:
- a destination in `closed` is refused, always (a closed account);
- a destination with `planned` answers gets them, one per new transfer;
- any other new transfer draws its answer from a random generator seeded
  with `seed`, by the odds of the script.
Like the real bank it pays each idempotency key at most once: a key it has
paid gets the same transfer id back, and a key it has refused is refused
again, without a draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping

from ..errors import BankUnavailable, TransferRefused

PAY = "pay"
REFUSE = "refuse"
UNAVAILABLE = "unavailable"
TIMEOUT = "timeout"  # no answer, and nothing paid
LOST_REPLY = "lost-reply"  # paid, but the answer never came back: a timeout too
ANSWERS = (PAY, REFUSE, UNAVAILABLE, TIMEOUT, LOST_REPLY)


class StatementLine:
    """One payment the bank made."""

    __slots__ = ("amount", "at", "currency", "destination", "key", "transfer_id")

    def __init__(
        self, transfer_id: str, key: str, destination: str, amount: int, currency: str, at: float
    ) -> None:
        self.transfer_id = transfer_id
        self.key = key
        self.destination = destination
        self.amount = amount
        self.currency = currency
        self.at = at

    def __repr__(self) -> str:
        return (
            f"StatementLine({self.transfer_id!r}, {self.destination!r}, {self.amount} "
            f"{self.currency}, at={self.at!r})"
        )


class Call:
    """One call the bank received, and what it answered."""

    __slots__ = ("amount", "answer", "at", "currency", "destination", "key")

    def __init__(
        self, key: str, destination: str, amount: int, currency: str, answer: str, at: float
    ) -> None:
        self.key = key
        self.destination = destination
        self.amount = amount
        self.currency = currency
        self.answer = answer
        self.at = at

    def __repr__(self) -> str:
        shown = f"{self.destination!r}, {self.amount} {self.currency}"
        return f"Call({self.key!r}, {shown}: {self.answer})"


class Script:
    """How the bank answers: the odds of each answer to a new transfer (the rest
    are paid), accounts that are closed, and answers planned per destination."""

    def __init__(
        self,
        unavailable: float = 0.0,
        timeout: float = 0.0,
        lost_reply: float = 0.0,
        closed: Iterable[str] = (),
        planned: Mapping[str, Iterable[str]] | None = None,
        seed: int = 0,
    ) -> None:
        self.unavailable = unavailable
        self.timeout = timeout
        self.lost_reply = lost_reply
        self.closed = frozenset(closed)
        self.planned = {where: list(answers) for where, answers in (planned or {}).items()}
        self.seed = seed


class FakeBank:
    """The bank's transfer API, scripted; `statement()` is what it paid."""

    def __init__(self, clock: Callable[[], float], script: Script | None = None) -> None:
        self._clock = clock
        self._script = script or Script()
        self._rng = random.Random(self._script.seed)
        self._planned = {where: list(answers) for where, answers in self._script.planned.items()}
        self._paid: dict[str, StatementLine] = {}
        self._refused: set[str] = set()
        self._statement: list[StatementLine] = []
        self.calls: list[Call] = []

    def transfer(self, key: str, destination: str, amount: int, currency: str) -> str:
        now = self._clock()
        if key in self._paid:
            self.calls.append(Call(key, destination, amount, currency, "paid before", now))
            return self._paid[key].transfer_id
        answer = REFUSE if key in self._refused else self._answer(destination)
        self.calls.append(Call(key, destination, amount, currency, answer, now))
        if answer == REFUSE:
            self._refused.add(key)
            raise TransferRefused(f"{destination}: account closed")
        if answer == UNAVAILABLE:
            raise BankUnavailable("maintenance window")
        if answer == TIMEOUT:
            raise TimeoutError("no answer within 30 s")
        line = StatementLine(
            f"tr_{len(self._statement) + 1:06d}", key, destination, amount, currency, now
        )
        self._statement.append(line)
        self._paid[key] = line
        if answer == LOST_REPLY:
            raise TimeoutError("no answer within 30 s")
        return line.transfer_id

    def statement(self) -> list[StatementLine]:
        """Every payment made, in order."""
        return list(self._statement)

    def _answer(self, destination: str) -> str:
        if destination in self._script.closed:
            return REFUSE
        planned = self._planned.get(destination)
        if planned:
            return planned.pop(0)
        draw = self._rng.random()
        for answer, odds in (
            (UNAVAILABLE, self._script.unavailable),
            (TIMEOUT, self._script.timeout),
            (LOST_REPLY, self._script.lost_reply),
        ):
            if draw < odds:
                return answer
            draw -= odds
        return PAY
