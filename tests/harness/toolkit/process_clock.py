"""The process's own clocks, moved or stopped for the length of a test.

A spec test hands the learner's code a clock of its own; code that reads the
process's clocks as well (time.time() for a tie-break, a timer that tidies up)
shows only when those clocks jump, or stand still. rider_pool's tests move
them an hour between calls; dispatch_service's stop them, so that two events
get one reading.
"""

from __future__ import annotations

import datetime
import time


class Clock:
    """time.time(), time.monotonic(), time.perf_counter() and their _ns forms, and
    datetime.datetime.now(), utcnow() and today(), as the real clock plus `ahead`
    seconds (or `still`: the same instant at every call).

    Code that took a clock with `from time import time` holds the real one: import
    the learner's module afresh inside the block (tests.harness.toolkit.spec.fresh).
    """

    NAMES = ("time", "monotonic", "perf_counter")

    def __init__(self, still: bool = False) -> None:
        self.ahead, self.still = 0.0, still
        self.real = {name: getattr(time, name) for name in self.NAMES}
        self.real_ns = {name: getattr(time, f"{name}_ns") for name in self.NAMES}
        self.at = {name: read() for name, read in self.real.items()}
        self.real_datetime = datetime.datetime

    def read(self, name: str) -> float:
        return (self.at[name] if self.still else self.real[name]()) + self.ahead

    def __enter__(self) -> Clock:
        for name in self.NAMES:
            setattr(time, name, lambda name=name: self.read(name))
            setattr(time, f"{name}_ns", lambda name=name: int(self.read(name) * 1e9))
        real, read = self.real_datetime, self.read

        class Datetime(real):
            @classmethod
            def now(cls, tz=None):
                return real.fromtimestamp(read("time"), tz)

            @classmethod
            def utcnow(cls):
                return real.fromtimestamp(read("time"), datetime.timezone.utc).replace(tzinfo=None)

            @classmethod
            def today(cls):
                return real.fromtimestamp(read("time"))

        datetime.datetime = Datetime
        return self

    def __exit__(self, *exc: object) -> None:
        for name in self.NAMES:
            setattr(time, name, self.real[name])
            setattr(time, f"{name}_ns", self.real_ns[name])
        datetime.datetime = self.real_datetime
