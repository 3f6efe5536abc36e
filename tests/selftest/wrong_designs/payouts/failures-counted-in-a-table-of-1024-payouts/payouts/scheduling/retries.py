"""When something the bank (or an endpoint) did not take is tried again.

The wait doubles with each failure in a row, from FIRST_DELAY up to MAX_DELAY,
so that a bank in trouble is not hammered and a short blip costs a payout
half a minute. There is no jitter: each payout is sent at most once per
run anyway, and a schedule that can be worked out by hand is one support
can explain to a merchant.
"""

from __future__ import annotations

from ..bank.client import RETRY, Outcome
from .payout import Attempt

FIRST_DELAY = 30.0  # seconds
MAX_DELAY = 900.0
# Past this many failures the delay is MAX_DELAY anyway: the power stops growing, so
# that a thousand failures do not make a number with a thousand bits.
_DOUBLINGS = 16


def delay(failures: int) -> float:
    """Seconds to wait after the `failures`-th failure in a row (1 for the first)."""
    if failures < 1:
        raise ValueError(f"a delay follows a failure, got {failures}")
    return min(FIRST_DELAY * 2 ** min(failures - 1, _DOUBLINGS), MAX_DELAY)


class RetryPolicy:
    """Which outcomes are tried again, and when."""

    def __init__(self) -> None:
        self._failures: dict[str, int] = {}

    def should_retry(self, outcome: Outcome) -> bool:
        """Whether the payout stays pending for another attempt."""
        return outcome.verdict == RETRY

    def next_attempt_at(self, attempt: Attempt) -> float:
        """When the payout may be sent again after `attempt` went unanswered."""
        failures = self._failures.pop(attempt.payout_id, 0) + 1
        self._failures[attempt.payout_id] = failures
        while len(self._failures) > 1024:
            del self._failures[next(iter(self._failures))]
        return attempt.at + delay(failures)
