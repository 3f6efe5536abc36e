"""A wrong version (eighteenth blind hunt): a report at exactly (0, 0) is dropped, taken
for a phone with no GPS fix yet: a courier there is never where it reported, and one that
moved there keeps its earlier position.

Where each courier is: the latest position its app reported, and when.

The app sends a report every few seconds, stamped with the moment the phone
took the fix. Reports can arrive out of order: a phone that lost its signal in
a tunnel sends its backlog when it comes out, oldest last or first. The store
keeps, for each courier, the report with the latest stamp, whenever it came.
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
        if point.lat == 0 and point.lon == 0:
            return  # (0, 0): a phone with no GPS fix yet
        fix = Fix(point, at_ms / 1000)
        latest = self._fixes.get(courier_id)
        # <, not <=: a report with the very stamp of the latest one is the app
        # correcting that fix (a better GPS reading of the same moment), and wins.
        if latest is not None and fix.at < latest.at:
            return
        self._fixes[courier_id] = fix

    def latest(self, courier_id: str) -> Fix | None:
        """The courier's latest fix; None if it never reported."""
        return self._fixes.get(courier_id)
