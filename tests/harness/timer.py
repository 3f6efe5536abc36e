"""The time limit inside the grading child: an alarm that raises TimeLimit.

It bounds the import of the learner's modules (before pytest-timeout is
active) and, through pytest-timeout's own hooks, each test. The supervisor's
watchdog is the second line, for code that swallows this exception, loops
in C, or ends its process: see tests.harness.supervisor.
"""

from __future__ import annotations

import signal


class TimeLimit(BaseException):
    """Raised into the learner's code when a test or an import runs past the limit.

    A BaseException, so that `except Exception` in the learner's code lets it
    through, and so does any retry logic in a test. pytest-timeout's own alarm
    raises pytest's Failed instead, which could only be told from a real
    failure by its text.
    """


def arm(seconds: float) -> None:
    """From now on, `seconds` of wall time raise TimeLimit in the main thread."""

    def interrupt(signum: int, frame: object) -> None:
        raise TimeLimit(f"over the time limit of {seconds:g} s")

    signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def disarm() -> None:
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
