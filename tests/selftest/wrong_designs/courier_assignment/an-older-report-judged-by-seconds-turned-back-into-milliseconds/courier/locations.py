"""A wrong version: a report is judged older than the latest by its stamp in
milliseconds against the latest's seconds turned back into milliseconds, which for some
stamps (in 2038, say) lose their last millisecond: a report a millisecond older is taken.
"""

from __future__ import annotations

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

    def report(self, courier_id: str, point: Point, at_ms: int) -> None:
        """A report from the courier's app, stamped in epoch milliseconds."""
        fix = Fix(point, at_ms / 1000)
        latest = self._fixes.get(courier_id)
        # <, not <=: a report with the very stamp of the latest one is the app
        # correcting that fix (a better GPS reading of the same moment), and wins.
        if latest is not None and at_ms < int(latest.at * 1000):
            return
        self._fixes[courier_id] = fix

    def latest(self, courier_id: str) -> Fix | None:
        """The courier's latest fix; None if it never reported."""
        return self._fixes.get(courier_id)
