"""Round robin over the rotation, with a cursor that persists between dispatches.

The cursor names the next worker to consider. It is kept as that worker's id,
not as an index into the rotation: workers join at the end and leave from
anywhere, and an id keeps naming the same worker through both, where an index
would have to be shifted every time a worker before it leaves.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

from .registry import Registry


class RoundRobinBalancer:
    """Which worker to consider next, and in what order after it."""

    def __init__(self, registry: Registry) -> None:
        self._registry = registry
        self._local = threading.local()  # each dispatcher thread keeps its own place

    @property
    def _cursor(self) -> str | None:
        if not hasattr(self._local, "cursor"):
            self._local.cursor = self._registry.first()
        return self._local.cursor

    @_cursor.setter
    def _cursor(self, value: str | None) -> None:
        self._local.cursor = value

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
        start = workers.index(self._cursor)
        yield from workers[start:] + workers[:start]

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
