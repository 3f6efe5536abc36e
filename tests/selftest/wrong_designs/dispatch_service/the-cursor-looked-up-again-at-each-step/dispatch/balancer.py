"""A wrong version: the lap looks the cursor up in the rotation again at each step, so a
dispatch costs O(n) times the cursor's place: with the cursor on the last of 4,000
workers, every step searches the whole rotation, and a dispatch takes O(n squared).
"""

from __future__ import annotations

from collections.abc import Iterator

from .registry import Registry


class RoundRobinBalancer:
    """Which worker to consider next, and in what order after it."""

    def __init__(self, registry: Registry) -> None:
        self._registry = registry
        self._cursor: str | None = registry.first()  # None: the rotation is empty

    @property
    def cursor(self) -> str | None:
        """The next worker to consider; None when the rotation is empty."""
        return self._cursor

    def lap(self) -> Iterator[str]:
        """The workers in rotation order, from the cursor on, wrapping after the last.

        O(n): the rotation is copied once, so a search over it is not disturbed
        by a worker that joins or leaves before the search is over.
        """
        if self._cursor is None:
            return
        workers = self._registry.ids()
        for k in range(len(workers)):
            yield workers[(workers.index(self._cursor) + k) % len(workers)]

    def chose(self, worker_id: str) -> None:
        """`worker_id` took an order: the cursor names the worker after it."""
        self._cursor = self._registry.after(worker_id)

    def joined(self, worker_id: str) -> None:
        """A worker joined the rotation (at its end)."""
        if self._cursor is None:
            self._cursor = worker_id  # the rotation was empty: it is the next to consider
        # Otherwise the cursor names the same worker as before: a newcomer waits its turn.

    def left(self, worker_id: str, successor: str | None) -> None:
        """`worker_id` left the rotation; `successor` followed it (None: nobody is left)."""
        if self._cursor == worker_id:
            self._cursor = successor
