"""Locks that say when they would wait, for spec tests that make the learner's calls
inside one another on one thread (a lookup from inside a change): there, a lock the
outer call holds is never let go, and the test would hang until its time ran out.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path


class Waited(BaseException):
    """Raised by a lock of locks_that_never_wait where it would wait: on the one thread a
    test runs on, a lock already held is never let go. A BaseException, so that the
    learner's `except Exception` lets it through (and its `finally` lets the lock go)."""


def held_here(inner: object) -> bool:
    """For threading.Condition: whether this thread holds `inner`, a lock of threading's
    own or an RLock. An RLock knows; a plain lock knows only whether someone holds it,
    and a Condition is only ever asked about a lock it was given by the thread using it."""
    owned = getattr(inner, "_is_owned", None)
    if owned is not None:
        return owned()
    if inner.acquire(False):
        inner.release()
        return False
    return True


class _NeverWaits:
    """A lock (or an RLock) that raises Waited rather than wait for itself."""

    def __init__(self, inner: object) -> None:
        self._inner = inner

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        if self._inner.acquire(False):
            return True
        if blocking and timeout < 0:
            raise Waited("a lock already held was taken again, on the thread holding it")
        return False  # a try, or a wait with a timeout: nothing lets the lock go

    def release(self) -> None:
        self._inner.release()

    def locked(self) -> bool:
        return self._inner.locked()

    def _is_owned(self) -> bool:
        """For threading.Condition: whether this thread holds the lock (an RLock knows)."""
        return held_here(self._inner)

    __enter__ = acquire

    def __exit__(self, *exc_info: object) -> None:
        self.release()


@contextlib.contextmanager
def locks_that_never_wait(folder: Path) -> Iterator[None]:
    """The locks that the code in `folder` makes while this is active (threading.Lock,
    threading.RLock, _thread.allocate_lock) raise Waited where they would wait.

    For a spec test that, on one thread, makes the learner's calls inside one another (a
    lookup from inside a change, at each line of it): a lock the outer call holds is
    never let go there, and a test that would hang until its time runs out can say which
    call waited for which instead. An RLock taken again by its holder does not wait. No
    scheduled thread runs meanwhile: this is not for Scenario."""
    plain = (threading.Lock, threading.RLock, _thread.allocate_lock)
    prefix = os.path.join(str(folder), "")

    def made(factory: Callable[..., object]) -> Callable[..., object]:
        def make(*args: object, **kwargs: object) -> object:
            if sys._getframe(1).f_code.co_filename.startswith(prefix):
                return _NeverWaits(factory(*args, **kwargs))
            return factory(*args, **kwargs)

        return make

    threading.Lock, threading.RLock, _thread.allocate_lock = map(made, plain)
    try:
        yield
    finally:
        threading.Lock, threading.RLock, _thread.allocate_lock = plain
