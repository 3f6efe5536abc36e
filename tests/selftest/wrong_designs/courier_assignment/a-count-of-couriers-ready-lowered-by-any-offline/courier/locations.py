"""A wrong version: the service counts the couriers online with a report, to skip the scan
when there are none, and lowers the count when any courier goes offline, one that never
reported too: the count goes below the couriers ready, and they are not offered orders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .types import Point


class Fix(NamedTuple):
    """A reported position, and when the phone took it."""

    point: Point
    at: float


class LocationStore:
    """The latest fix of every courier that has reported: O(1) a report or a look-up."""

    def __init__(self) -> None:
        self._fixes: dict[str, Fix] = {}
        self.on_first_report: Callable[[str], None] = lambda courier_id: None

    def report(self, courier_id: str, point: Point, at_ms: int) -> None:
        """A report from the courier's app, stamped in epoch milliseconds."""
        fix = Fix(point, at_ms / 1000)
        latest = self._fixes.get(courier_id)
        # <, not <=: a report with the very stamp of the latest one is the app
        # correcting that fix (a better GPS reading of the same moment), and wins.
        if latest is not None and fix.at < latest.at:
            return
        if latest is None:
            self.on_first_report(courier_id)
        self._fixes[courier_id] = fix

    def latest(self, courier_id: str) -> Fix | None:
        """The courier's latest fix; None if it never reported."""
        return self._fixes.get(courier_id)
