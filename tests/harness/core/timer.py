"""The time limit inside the grading child: an alarm that raises TimeLimit.

It bounds the import of the learner's modules (before pytest-timeout is
active) and, through pytest-timeout's own hooks, each test. The supervisor's
watchdog is the second line, for code that swallows this exception, loops
in C, or ends its process: see tests.harness.engine.supervisor.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator


class TimeLimit(BaseException):
    """Raised into the learner's code when a test or an import runs past the limit.

    A BaseException, so that `except Exception` in the learner's code lets it
    through, and so does any retry logic in a test. pytest-timeout's own alarm
    raises pytest's Failed instead, which could only be told from a real
    failure by its text.
    """


# Whether the alarm may raise now: only while the learner's code (or a test
# calling it) runs. Raised anywhere else, inside pytest's own reporting say, the
# exception would crash pytest instead of failing a test.
_state = {"running": False, "expired": False}


def arm(seconds: float) -> None:
    """From now on, `seconds` of wall time raise TimeLimit in the main thread.

    If the time runs out outside running(), the exception waits for the next
    running() to begin.
    """
    _state["expired"] = False

    def interrupt(signum: int, frame: object) -> None:
        if not _state["running"]:
            _state["expired"] = True
            return
        raise TimeLimit(f"over the time limit of {seconds:g} s")

    signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def disarm() -> None:
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    _state["expired"] = False


@contextlib.contextmanager
def running() -> Iterator[None]:
    """The span in which the alarm may interrupt: a test's phase, or an import."""
    if _state["expired"]:
        _state["expired"] = False
        raise TimeLimit("over the time limit before this part of the test began")
    _state["running"] = True
    try:
        yield
    finally:
        _state["running"] = False
